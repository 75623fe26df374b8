//===- MarkReadOnlyBuffers.cpp - Decorate never-written buffers NonWritable ===//
//
// A storage buffer that a kernel only reads can be read through a GPU's
// read-only data path: on NVIDIA the driver turns the loads of a NonWritable
// buffer into LDG.E.CONSTANT (CUDA's ld.global.nc), measured on the H200 to
// make fast_matmul 4096² 10 % faster and the naive imaging kernel 14 %
// (bench/results/2026-11-30-h200-readonly.json). That path is not coherent with
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
// A module with a function that may read back what it wrote is left
// undecorated. With a NonWritable buffer in a module, NVIDIA's driver (580,
// H200) loads the buffers a shader writes through the read-only path too and
// moves those loads above the stores before them: `tmp[i] = a; out[i] =
// tmp[i] * tmp[i]` then reads the old tmp[i] (the loop-fusion e2e case,
// every output wrong; SASS counts in bench/results/2026-11-30-h200-session4-sass.json). It
// does so even when the decorated buffer belongs to another entry point of
// the module. So buffers are decorated only if no function of the module can
// load a buffer after writing it: the load comes earlier in the function
// (structured SPIR-V lists blocks in an order where only loops' back edges
// go backwards, checked) and no loop contains both. No path then has a
// write before a load of the same buffer, not even across a barrier
// (another invocation's write). Accumulators that -O2 keeps in registers
// (load before the loop, store after) qualify; a loop that reads and writes
// a buffer (saxpy's y in its scalar remainder loop) does not, whatever its
// indices.
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

/// Collects the loads and the other accesses (stores, atomics, copies) of
/// the pointer `p`, through access chains.
void collectAccesses(Value p, SmallVectorImpl<Operation *> &loads,
                     SmallVectorImpl<Operation *> &writes) {
  for (Operation *user : p.getUsers()) {
    if (auto chain = dyn_cast<spirv::AccessChainOp>(user); chain && chain.getBasePtr() == p)
      collectAccesses(chain.getResult(), loads, writes);
    else if (isa<spirv::LoadOp>(user))
      loads.push_back(user);
    else
      writes.push_back(user);
  }
}

/// Which operations of a function may run after which (conservatively):
/// structured SPIR-V lists its blocks so that every edge but a loop's back
/// edge goes to a later block, so an operation can only follow another one
/// that comes earlier in the function's text or shares a loop with it.
class ProgramOrder {
public:
  explicit ProgramOrder(spirv::FuncOp f) {
    f.walk<WalkOrder::PreOrder>([&](Operation *op) { index_[op] = index_.size(); });
    // Check the block order that this relies on; if it does not hold, every
    // operation may follow every other.
    f.walk([&](Operation *op) {
      if (!isa<spirv::BranchOp, spirv::BranchConditionalOp>(op))
        return;
      for (Block *target : op->getSuccessors()) {
        bool forward = index_[&target->front()] > index_[op];
        bool backEdge = isa<spirv::LoopOp>(target->getParentOp()) &&
                        target->getParent() == op->getParentRegion();
        ordered_ = ordered_ && (forward || backEdge);
      }
    });
  }

  /// Whether `later` may run after `earlier` in one invocation.
  bool mayFollow(Operation *later, Operation *earlier) const {
    if (!ordered_ || index_.lookup(later) > index_.lookup(earlier))
      return true;
    for (auto loop = later->getParentOfType<spirv::LoopOp>(); loop;
         loop = loop->getParentOfType<spirv::LoopOp>())
      if (loop->isAncestor(earlier))
        return true;
    return false;
  }

private:
  llvm::DenseMap<Operation *, size_t> index_;
  bool ordered_ = true;
};

struct MarkReadOnlyBuffersPass
    : public PassWrapper<MarkReadOnlyBuffersPass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkReadOnlyBuffersPass)
  StringRef getArgument() const override { return "nvc-mark-readonly-buffers"; }
  StringRef getDescription() const override {
    return "Decorate storage buffers an entry point never writes NonWritable";
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    // Steps 1 and 2 for every function first: one that may read back what
    // it wrote leaves the whole module undecorated (see the header).
    struct Buffers {
      spirv::FuncOp func;
      std::map<uint32_t, SmallVector<spirv::GlobalVariableOp>> byBinding;
      std::map<uint32_t, bool> readOnly;
    };
    SmallVector<Buffers> functions;
    bool readsBackWrites = false;
    module.walk([&](spirv::FuncOp f) {
      Buffers &buffers = functions.emplace_back();
      buffers.func = f;
      std::map<uint32_t, SmallVector<Operation *>> loadsOf, writesOf;
      f.walk([&](spirv::AddressOfOp addr) {
        auto var = module.lookupSymbol<spirv::GlobalVariableOp>(addr.getVariable());
        auto ptr = var ? dyn_cast<spirv::PointerType>(var.getType()) : nullptr;
        if (!ptr || ptr.getStorageClass() != spirv::StorageClass::StorageBuffer)
          return;
        auto binding = var.getBinding();
        if (!binding)
          return;
        uint32_t b = *binding;
        if (!llvm::is_contained(buffers.byBinding[b], var))
          buffers.byBinding[b].push_back(var);
        auto [it, fresh] = buffers.readOnly.try_emplace(b, true);
        it->second = it->second && onlyLoaded(addr.getPointer());
        collectAccesses(addr.getPointer(), loadsOf[b], writesOf[b]);
      });
      ProgramOrder order(f);
      for (auto &[b, writes] : writesOf)
        for (Operation *load : loadsOf[b])
          for (Operation *write : writes)
            readsBackWrites = readsBackWrites || order.mayFollow(load, write);
    });
    if (readsBackWrites)
      return;
    for (Buffers &buffers : functions) {
      // Step 3.
      bool anyReadOnly = false, anyWritten = false;
      for (auto &[b, vars] : buffers.byBinding) {
        if (!buffers.readOnly[b]) {
          anyWritten = true;
          continue;
        }
        anyReadOnly = true;
        for (spirv::GlobalVariableOp var : vars)
          var->setAttr("non_writable", UnitAttr::get(&getContext()));
      }
      // Step 4.
      if (anyReadOnly && anyWritten)
        buffers.func->setAttr(abi::kAssumesNoAliasAttr, UnitAttr::get(&getContext()));
    }
  }
};

} // namespace

std::unique_ptr<Pass> createMarkReadOnlyBuffersPass() {
  return std::make_unique<MarkReadOnlyBuffersPass>();
}

} // namespace nvc
