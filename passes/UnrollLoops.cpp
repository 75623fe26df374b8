//===- UnrollLoops.cpp - Fully unroll short loops over private arrays ------===//
//
// The workshop's coarsened kernels (000, "Optimisation 6") keep C results per
// invocation in `cuda.local.array`s and walk them with `for i in range(C)`.
// A private array indexed by a loop counter must live in memory (SPIR-V
// Function storage, which drivers place in local memory, not registers);
// once the loop is unrolled every index is a constant, and the array can be
// replaced by one SSA value per element (PromotePrivateArrays.cpp). NVVM
// does the same for Numba's kernels. This pass, on each kernel, visits the
// loops innermost first and replaces a loop by `trip count` copies of its
// body when
//  1. its trip count is a compile-time constant T with 1 <= T <= kMaxTripCount:
//     an scf.for with constant bounds and step, or an scf.while (what
//     lift-cf-to-scf makes of a `for ... in range(...)` loop) whose
//     condition is `counter <pred> constant` on a loop-carried counter that
//     starts at a constant and advances by a constant in each iteration
//     (the trip count is found by running the counter, in its own width,
//     without wrapping);
//  2. T times the operations of its body stay within kMaxUnrolledOps (code
//     size: the body is copied T times);
//  3. its counter (or a value computed from it) indexes a private array
//     (a memref.alloca: local arrays, np.zeros/np.empty arrays, global
//     constant tables) — the loops that unrolling turns into register code.
//     Other short loops are left to the driver.
// An scf.while's copies are its `before` and `after` regions in the order
// the loop runs them (before, after, ..., before: T + 1 copies of `before`,
// whose last forwards the loop's results), so every operation runs as
// often and in the same order as before: float results are unchanged.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Analysis/SliceAnalysis.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SCF/Utils/Utils.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>

#define DEBUG_TYPE "nvc-unroll-loops"

namespace nvc {
namespace {

using namespace mlir;

/// Loops with more iterations are never unrolled (the coarsening factors
/// of the workshop are 3 and 4; private arrays beyond 16 elements are rare).
constexpr int64_t kMaxTripCount = 16;
/// Largest number of operations (nested ones included) an unrolled loop
/// may produce: trip count × operations of one iteration.
constexpr int64_t kMaxUnrolledOps = 1024;

/// Number of operations in `region`, nested ones included.
int64_t countOps(Region &region) {
  int64_t n = 0;
  region.walk([&](Operation *) { ++n; });
  return n;
}

/// Whether some memref.load/store in the forward slice of `roots` indexes
/// a private array (a memref.alloca with elements) with a value of the slice.
bool indexesPrivateArray(ArrayRef<Value> roots) {
  SetVector<Operation *> slice;
  for (Value root : roots)
    getForwardSlice(root, &slice);
  auto isPrivate = [](Value memref) {
    auto alloca = memref.getDefiningOp<memref::AllocaOp>();
    return alloca && alloca.getType().getRank() > 0;
  };
  auto dependent = [&](ValueRange indices) {
    return llvm::any_of(indices, [&](Value v) {
      return llvm::is_contained(roots, v) ||
             (v.getDefiningOp() && slice.contains(v.getDefiningOp()));
    });
  };
  for (Operation *op : slice) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      if (isPrivate(load.getMemRef()) && dependent(load.getIndices()))
        return true;
    if (auto store = dyn_cast<memref::StoreOp>(op))
      if (isPrivate(store.getMemRef()) && dependent(store.getIndices()))
        return true;
  }
  return false;
}

/// Whether `pred(lhs, rhs)` holds.
bool evaluate(arith::CmpIPredicate pred, const APInt &lhs, const APInt &rhs) {
  switch (pred) {
  case arith::CmpIPredicate::eq: return lhs == rhs;
  case arith::CmpIPredicate::ne: return lhs != rhs;
  case arith::CmpIPredicate::slt: return lhs.slt(rhs);
  case arith::CmpIPredicate::sle: return lhs.sle(rhs);
  case arith::CmpIPredicate::sgt: return lhs.sgt(rhs);
  case arith::CmpIPredicate::sge: return lhs.sge(rhs);
  case arith::CmpIPredicate::ult: return lhs.ult(rhs);
  case arith::CmpIPredicate::ule: return lhs.ule(rhs);
  case arith::CmpIPredicate::ugt: return lhs.ugt(rhs);
  case arith::CmpIPredicate::uge: return lhs.uge(rhs);
  }
  llvm_unreachable("unknown predicate");
}

/// The predicate `p'` with `b p' a` == `a p b`.
arith::CmpIPredicate swapOperands(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::slt: return P::sgt;
  case P::sgt: return P::slt;
  case P::sle: return P::sge;
  case P::sge: return P::sle;
  case P::ult: return P::ugt;
  case P::ugt: return P::ult;
  case P::ule: return P::uge;
  case P::uge: return P::ule;
  default: return p; // eq, ne
  }
}

/// The trip count of `loop` (at most kMaxTripCount + 1), if it is the
/// counted loop of step 1 of the file comment; `counters` receives the
/// counter's block arguments (before and after region).
std::optional<int64_t> tripCount(scf::WhileOp loop, SmallVectorImpl<Value> &counters) {
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  scf::ConditionOp cond = loop.getConditionOp();
  auto cmp = cond.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return std::nullopt;
  arith::CmpIPredicate pred = cmp.getPredicate();
  Value counter = cmp.getLhs();
  APInt bound;
  if (!matchPattern(cmp.getRhs(), m_ConstantInt(&bound))) {
    counter = cmp.getRhs();
    pred = swapOperands(pred);
    if (!matchPattern(cmp.getLhs(), m_ConstantInt(&bound)))
      return std::nullopt;
  }
  auto arg = dyn_cast<BlockArgument>(counter);
  if (!arg || arg.getOwner() != &before)
    return std::nullopt;
  unsigned k = arg.getArgNumber();
  APInt start;
  if (!matchPattern(loop.getInits()[k], m_ConstantInt(&start)))
    return std::nullopt;
  // The after region receives the counter as some forwarded value j and
  // yields counter_j + step as the next counter.
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  auto add = yield.getOperand(k).getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  std::optional<Value> next;
  APInt step;
  for (auto [x, c] : {std::pair(add.getLhs(), add.getRhs()), std::pair(add.getRhs(), add.getLhs())}) {
    auto xa = dyn_cast<BlockArgument>(x);
    if (xa && xa.getOwner() == &after && cond.getArgs()[xa.getArgNumber()] == counter &&
        matchPattern(c, m_ConstantInt(&step))) {
      next = x;
      break;
    }
  }
  if (!next || step.isZero())
    return std::nullopt;
  unsigned width = start.getBitWidth();
  bound = bound.sextOrTrunc(width);
  step = step.sextOrTrunc(width);
  APInt i = start;
  int64_t trips = 0;
  while (evaluate(pred, i, bound)) {
    if (++trips > kMaxTripCount)
      break;
    bool overflow = false;
    APInt n = i.sadd_ov(step, overflow);
    bool uoverflow = false;
    (void)i.uadd_ov(step, uoverflow);
    if (overflow || (step.isNonNegative() && uoverflow))
      return std::nullopt; // a wrapping counter: leave the loop as it is
    i = n;
  }
  counters.push_back(counter);
  counters.push_back(*next);
  return trips;
}

/// Replaces `loop` with `trips` copies of its regions (file comment).
/// Each copy gets a mapping of its own: cloning an operation with regions
/// (a nested loop) reuses the block arguments a mapping already holds
/// instead of creating them (Region::cloneInto), so a second copy through
/// the first copy's mapping would get a nested loop without block
/// arguments (an scf.while with inits and none in its regions: difftest
/// FOUND.md #9). A copy refers to earlier ones only through the values the
/// loop carries.
void unrollWhile(scf::WhileOp loop, int64_t trips) {
  OpBuilder b(loop);
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  scf::ConditionOp cond = loop.getConditionOp();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  SmallVector<Value> args(loop.getInits());
  auto runBefore = [&]() {
    IRMapping map;
    map.map(before.getArguments(), args);
    for (Operation &op : before.without_terminator())
      b.clone(op, map);
    return llvm::map_to_vector(cond.getArgs(), [&](Value v) { return map.lookupOrDefault(v); });
  };
  for (int64_t t = 0; t < trips; ++t) {
    SmallVector<Value> forwarded = runBefore();
    IRMapping map;
    map.map(after.getArguments(), forwarded);
    for (Operation &op : after.without_terminator())
      b.clone(op, map);
    args = llvm::map_to_vector(yield.getOperands(), [&](Value v) { return map.lookupOrDefault(v); });
  }
  SmallVector<Value> results = runBefore();
  loop->replaceAllUsesWith(results);
  loop->erase();
}

struct UnrollLoopsPass : public PassWrapper<UnrollLoopsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UnrollLoopsPass)
  StringRef getName() const override { return "UnrollLoops"; }
  StringRef getArgument() const override { return "nvc-unroll-loops"; }
  StringRef getDescription() const override {
    return "Fully unroll loops of a small constant trip count that index private arrays";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    SmallVector<Operation *> loops;
    getOperation().walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isa<scf::ForOp, scf::WhileOp>(op))
        loops.push_back(op);
    });
    // Post-order: an inner loop comes before the loop around it, which then
    // sees the unrolled body when its own size is counted.
    for (Operation *op : loops) {
      if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        SmallVector<Value> counters;
        std::optional<int64_t> trips = tripCount(loop, counters);
        if (!trips || *trips < 1 || *trips > kMaxTripCount)
          continue;
        int64_t size = countOps(loop.getBefore()) + countOps(loop.getAfter());
        if (*trips * size > kMaxUnrolledOps || !indexesPrivateArray(counters))
          continue;
        unrollWhile(loop, *trips);
        continue;
      }
      auto loop = cast<scf::ForOp>(op);
      std::optional<APInt> count = loop.getStaticTripCount();
      std::optional<int64_t> trips;
      if (count && count->getActiveBits() < 32)
        trips = count->getZExtValue();
      if (!trips || *trips < 1 || *trips > kMaxTripCount)
        continue;
      if (*trips * countOps(loop.getRegion()) > kMaxUnrolledOps ||
          !indexesPrivateArray({loop.getInductionVar()}))
        continue;
      if (failed(loopUnrollFull(loop)))
        continue;
    }
  }
};

} // namespace

std::unique_ptr<Pass> createUnrollLoopsPass() { return std::make_unique<UnrollLoopsPass>(); }

} // namespace nvc
