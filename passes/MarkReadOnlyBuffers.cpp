//===- MarkReadOnlyBuffers.cpp - Decorate never-written buffers NonWritable ===//
//
// A storage buffer that a kernel only reads can be read through a GPU's
// read-only data path: on NVIDIA the driver turns the loads of a NonWritable
// buffer into LDG.E.CONSTANT (CUDA's ld.global.nc), measured on the H200 to
// make fast_matmul 4096² 10 % faster and the naive imaging kernel 14 %
// (bench/results/2026-11-30-h200/readonly/). That path is not coherent with
// writes made during the dispatch, so the buffer must not change while the
// kernel runs, through this variable or any other:
//  1. For each entry function (after LowerKernelABI), group its
//     StorageBuffer variables by binding (VectorizeStreaming's vector views
//     share their array's binding).
//  2. A binding is read-only when every use of each of its variables,
//     followed through access chains, is a load; anything else (a store, an
//     atomic, a copy, an unknown use) makes it written.
//  3. Decorate the variables of read-only bindings NonWritable (the
//     `non_writable` attribute, which the serializer emits as OpDecorate).
//  4. If the function also writes some buffer, a read-only buffer must not
//     be that buffer under another name: the kernel now relies on nvc's
//     no-alias rule for array arguments (docs/language.md), so mark it
//     `nvc.assumes_no_alias` (manifest `assumes_no_alias`, enforced by the
//     launcher).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVTypes.h>

#include <map>

#define DEBUG_TYPE "nvc-mark-readonly-buffers"

namespace nvc {
namespace {

using namespace mlir;

/// Whether every use of the pointer `p`, through access chains, is a load.
bool onlyLoaded(Value p) {
  for (Operation *user : p.getUsers()) {
    if (auto chain = dyn_cast<spirv::AccessChainOp>(user)) {
      if (chain.getBasePtr() != p || !onlyLoaded(chain.getResult()))
        return false;
      continue;
    }
    if (!isa<spirv::LoadOp>(user))
      return false;
  }
  return true;
}

struct MarkReadOnlyBuffersPass
    : public PassWrapper<MarkReadOnlyBuffersPass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkReadOnlyBuffersPass)
  StringRef getArgument() const override { return "nvc-mark-readonly-buffers"; }
  StringRef getDescription() const override {
    return "Decorate storage buffers an entry point never writes NonWritable";
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    module.walk([&](spirv::FuncOp f) {
      // Step 1: the function's buffer variables by binding, and whether
      // each binding is only loaded (step 2).
      std::map<uint32_t, SmallVector<spirv::GlobalVariableOp>> byBinding;
      std::map<uint32_t, bool> readOnly;
      f.walk([&](spirv::AddressOfOp addr) {
        auto var = module.lookupSymbol<spirv::GlobalVariableOp>(addr.getVariable());
        auto ptr = var ? dyn_cast<spirv::PointerType>(var.getType()) : nullptr;
        if (!ptr || ptr.getStorageClass() != spirv::StorageClass::StorageBuffer)
          return;
        auto binding = var.getBinding();
        if (!binding)
          return;
        uint32_t b = *binding;
        if (!llvm::is_contained(byBinding[b], var))
          byBinding[b].push_back(var);
        auto [it, fresh] = readOnly.try_emplace(b, true);
        it->second = it->second && onlyLoaded(addr.getPointer());
      });
      // Step 3.
      bool anyReadOnly = false, anyWritten = false;
      for (auto &[b, vars] : byBinding) {
        if (!readOnly[b]) {
          anyWritten = true;
          continue;
        }
        anyReadOnly = true;
        for (spirv::GlobalVariableOp var : vars)
          var->setAttr("non_writable", UnitAttr::get(&getContext()));
      }
      // Step 4.
      if (anyReadOnly && anyWritten)
        f->setAttr("nvc.assumes_no_alias", UnitAttr::get(&getContext()));
    });
  }
};

} // namespace

std::unique_ptr<Pass> createMarkReadOnlyBuffersPass() {
  return std::make_unique<MarkReadOnlyBuffersPass>();
}

} // namespace nvc
