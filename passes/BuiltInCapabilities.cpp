//===- BuiltInCapabilities.cpp - Capabilities that built-in variables need ===//
//
// spirv-update-vce derives a module's capabilities from its operations and
// types, not from the BuiltIn decorations of its variables, yet some
// built-ins need a capability of their own: SubgroupLocalInvocationId and
// SubgroupSize (cuda.laneid, cuda.warpsize) need GroupNonUniform (or Kernel,
// or SubgroupBallotKHR), which SPIR-V 1.3 introduced. A kernel that reads
// cuda.laneid without any subgroup operation was therefore invalid SPIR-V.
// This pass, run after spirv-update-vce, adds to the module's
// version/capability/extension triple, for each built-in variable whose
// capability alternatives (the SPIR-V grammar's, as MLIR records them) are
// all missing, the first alternative the target environment allows, with
// the extensions and minimum version that capability needs. Likewise an
// atomic operation on 64-bit integers (numba-cuda's int64 atomics, exact at
// @cuda.jit's default integers) needs Int64Atomics, which update-vce does
// not derive from the operand type either.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>

#include <algorithm>

#define DEBUG_TYPE "nvc-builtin-capabilities"

namespace nvc {
namespace {

using namespace mlir;

struct BuiltInCapabilitiesPass
    : public PassWrapper<BuiltInCapabilitiesPass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BuiltInCapabilitiesPass)
  StringRef getName() const override { return "BuiltInCapabilities"; }
  StringRef getArgument() const override { return "nvc-builtin-capabilities"; }
  StringRef getDescription() const override {
    return "add the capabilities that the module's built-in variables need";
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!triple)
      return;
    spirv::TargetEnvAttr target = spirv::lookupTargetEnv(module);
    SmallVector<spirv::Capability> caps(triple->getCapabilities());
    SmallVector<spirv::Extension> exts(triple->getExtensions());
    spirv::Version version = triple->getVersion();
    bool changed = false;
    auto has = [&](spirv::Capability c) { return llvm::is_contained(caps, c); };
    // Adds `c` with the version and extensions it needs, if the target
    // environment allows it.
    auto add = [&](spirv::Capability c) {
      if (target && !llvm::is_contained(target.getCapabilities(), c))
        return false;
      caps.push_back(c);
      if (std::optional<spirv::Version> v = spirv::getMinVersion(c))
        version = std::max(version, *v);
      if (std::optional<ArrayRef<spirv::Extension>> e = spirv::getExtensions(c))
        for (spirv::Extension x : *e)
          if (!llvm::is_contained(exts, x))
            exts.push_back(x);
      changed = true;
      return true;
    };

    module.walk([&](spirv::GlobalVariableOp var) {
      std::optional<StringRef> name = var.getBuiltIn();
      if (!name)
        return;
      std::optional<spirv::BuiltIn> builtIn = spirv::symbolizeBuiltIn(*name);
      if (!builtIn)
        return;
      std::optional<ArrayRef<spirv::Capability>> alternatives = spirv::getCapabilities(*builtIn);
      if (!alternatives || alternatives->empty() || llvm::any_of(*alternatives, has))
        return;
      for (spirv::Capability c : *alternatives)
        if (add(c))
          return;
    });
    bool atomic64 = false;
    module.walk([&](Operation *op) {
      atomic64 |= op->getName().getStringRef().starts_with("spirv.Atomic") &&
                  op->getNumResults() == 1 && op->getResult(0).getType().isInteger(64);
    });
    if (atomic64 && !has(spirv::Capability::Int64Atomics))
      add(spirv::Capability::Int64Atomics);
    if (changed)
      module.setVceTripleAttr(spirv::VerCapExtAttr::get(version, caps, exts, &getContext()));
  }
};

} // namespace

std::unique_ptr<Pass> createBuiltInCapabilitiesPass() {
  return std::make_unique<BuiltInCapabilitiesPass>();
}

} // namespace nvc
