//===- SplitKernelGuard.cpp - Take a kernel's loop out of its bounds guard ===//
//
// The common kernel shape `i = cuda.grid(1); if i < n: {A; loop; B}` runs
// its loop in control flow that depends on the invocation. When the loop
// does the same iterations and reads the same addresses whatever A computed
// and whichever the invocation (its trip count and load addresses depend
// neither on A's values nor on the invocation's ids, and it
// writes no memory: after PromoteAccumulator the imaging kernel's visibility
// loop is such a loop, its accumulators being loop values), this pass
// rewrites it as
//
//   vals = if c {A; yield vals} else {yield zeros}
//   loop(vals)                       // every invocation
//   if c {B}
//
// A's loads stay guarded (an invocation failing the guard gets zeros), the
// loop runs in every invocation (for one failing the guard, on zeros; its
// results are only used by B, which stays guarded) and B's stores stay
// guarded. For an invocation passing the guard the same operations run on
// the same values in the same order, so results are bit-identical. Thread
// coarsening relies on this form to run the loops of
// several outputs as one; staging the loop's reads through workgroup memory
// needs the loop in control flow that is uniform across the workgroup too.
//
// Pure ops of A that use nothing computed under the guard move before it
// first (they are the same in every invocation).
//
// Only bounds guards are split: a condition comparing a value derived from
// gpu.global_id (through integer casts) with one that does not depend on
// the invocation. A data-dependent guard (`if x[i] > 0`) may skip the loop in
// most invocations; running it in all would cost time.
//
// An invocation failing the guard now performs the loop's reads. They are
// the reads every passing invocation performs (invariant addresses, the
// same trip count), so they are in bounds whenever one invocation of the
// dispatch passes its guard (docs/optimisation.md).
//
//===----------------------------------------------------------------------===//
#include "passes/LoopVariance.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#define DEBUG_TYPE "nvc-split-guard"

namespace nvc {
namespace {

using namespace mlir;

/// Whether `v` is gpu.global_id, through integer casts.
bool isGlobalId(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<gpu::GlobalIdOp>(def))
      return true;
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}

/// Whether `v` depends on no gpu id operation (is the same in every
/// invocation).
bool isInvocationIndependent(Value v) {
  llvm::SmallVector<Value> work{v};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    Operation *def = cur.getDefiningOp();
    if (!def)
      continue; // a kernel argument
    if (def->getDialect() && def->getDialect()->getNamespace() == "gpu")
      return false;
    if (def->getNumRegions())
      return false;
    for (Value o : def->getOperands())
      work.push_back(o);
  }
  return true;
}

/// Whether `cond` compares the global id with an invocation-independent
/// value: a bounds guard.
bool isBoundsGuard(Value cond) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  return (isGlobalId(cmp.getLhs()) && isInvocationIndependent(cmp.getRhs())) ||
         (isGlobalId(cmp.getRhs()) && isInvocationIndependent(cmp.getLhs()));
}

/// A zero constant of `type` (int, index or float), or null.
Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (isa<IntegerType, IndexType, FloatType>(type))
    return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
  return {};
}

struct SplitKernelGuardPass
    : public PassWrapper<SplitKernelGuardPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitKernelGuardPass)
  StringRef getName() const override { return "SplitKernelGuard"; }
  StringRef getArgument() const override { return "nvc-split-guard"; }
  StringRef getDescription() const override {
    return "Run a bounds-guarded kernel's loop in every invocation, its prologue and epilogue "
           "guarded";
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(abi::kKernelAttr) || func.getBody().empty())
      return;
    SmallVector<scf::IfOp> guards;
    for (Operation &op : func.getBody().front())
      if (auto guard = dyn_cast<scf::IfOp>(op))
        guards.push_back(guard);
    for (scf::IfOp guard : guards)
      split(guard);
  }

  /// Splits `guard` if it has the form of the file comment.
  static void split(scf::IfOp guard) {
    if (guard.getNumResults() != 0 || !guard.getElseRegion().empty() ||
        !isBoundsGuard(guard.getCondition()))
      return;
    Block &then = guard.getThenRegion().front();
    scf::WhileOp loop;
    for (Operation &op : then.without_terminator())
      if (auto w = dyn_cast<scf::WhileOp>(op)) {
        if (loop)
          return; // one loop only
        loop = w;
      }
    if (!loop)
      return;
    // Pure ops of A that use no value of the guarded region (a bound such as
    // min(len(us), len(vs)) of a zip) go before the guard: the same in every
    // invocation, they are not the guarded prologue's values.
    for (Operation &op : llvm::make_early_inc_range(then)) {
      if (&op == loop.getOperation())
        break;
      if (op.getNumRegions() || !isPure(&op))
        continue;
      if (llvm::all_of(op.getOperands(), [&](Value v) {
            return !guard->isAncestor(v.getParentBlock()->getParentOp());
          }))
        op.moveBefore(guard);
    }
    // A: the ops before the loop.
    auto inPrologue = [&](Operation *op) {
      return op && op->getBlock() == &then && op->isBeforeInBlock(loop);
    };
    // Varying: A's values, and any that depends on the invocation (a read
    // at x[i * n + j] would be out of bounds for an invocation failing a
    // guard on i).
    LoopVariance variance = analyseLoopVariance(loop, [&](Value v) {
      return inPrologue(v.getDefiningOp()) || !isInvocationIndependent(v);
    });
    if (!variance.invariantControlAndReads)
      return;

    // A's values used after it (by the loop or B).
    SmallVector<Value> escaping;
    for (Operation &op : then) {
      if (&op == loop.getOperation())
        break;
      for (Value r : op.getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *user) {
              Operation *top = then.findAncestorOpInBlock(*user);
              return top && !inPrologue(top);
            }))
          escaping.push_back(r);
    }
    OpBuilder b(guard);
    Location loc = guard.getLoc();
    for (Value v : escaping)
      if (!isa<IntegerType, IndexType, FloatType>(v.getType()))
        return; // no zero to give a failing invocation

    if (loop.getOperation() != &then.front()) {
      SmallVector<Type> types;
      for (Value v : escaping)
        types.push_back(v.getType());
      auto prologue = scf::IfOp::create(b, loc, types, guard.getCondition(), /*withElse=*/true);
      Block *pThen = prologue.thenBlock();
      // Without results the builder added terminators; with, not yet.
      for (Block *block : {pThen, prologue.elseBlock()})
        if (!block->empty())
          block->back().erase();
      pThen->getOperations().splice(pThen->end(), then.getOperations(), then.begin(),
                                    loop->getIterator());
      OpBuilder tb = OpBuilder::atBlockEnd(pThen);
      scf::YieldOp::create(tb, loc, escaping);
      OpBuilder eb = OpBuilder::atBlockEnd(prologue.elseBlock());
      SmallVector<Value> zeros;
      for (Type t : types)
        zeros.push_back(zeroOf(eb, loc, t));
      scf::YieldOp::create(eb, loc, zeros);
      for (auto [v, r] : llvm::zip(escaping, prologue.getResults()))
        v.replaceUsesWithIf(r, [&](OpOperand &use) { return !prologue->isAncestor(use.getOwner()); });
    }
    // The loop between the prologue and `guard`, which keeps B.
    loop->moveBefore(guard);
  }
};

} // namespace

std::unique_ptr<Pass> createSplitKernelGuardPass() { return std::make_unique<SplitKernelGuardPass>(); }

} // namespace nvc
