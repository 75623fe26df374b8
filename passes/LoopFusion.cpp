//===- LoopFusion.cpp - Fuse adjacent loops over the same iteration space ===//
//
// Two loops of a kernel that run over the same counter, one after the
// other — a row's sum and its sum of squares, or a loop that writes tmp[j]
// followed by one that reads tmp[j] — become one loop whose body is the
// first body followed by the second: the row is read once, the counter and
// the branch are paid once. This pass does that for scf.while loops (what
// lift-cf-to-scf makes of every loop; MLIR's fuseIndependentSiblingForLoops
// works on scf.for only, and performs no legality checks), in every block of
// a kernel, the first loop `A` with the next loop `B` of the same block:
//  1. Only operations without memory effects may stand between A and B;
//     those that use A's results move after B (B must not use them).
//  2. Same iteration space: one loop value of each (the counter) has the
//     same initial value, the loop conditions compute the same function of
//     it alone (operation by operation, the same operations on the same
//     values from outside the loops), every other value of the `before`
//     region is passed through unchanged, and the counter's next value is
//     the same function of the counter. The two loops then run the same
//     number of iterations with the same counter values.
//  3. Independence: B uses nothing that A computes (its results, or values
//     derived from them), neither loop holds a barrier, a subgroup
//     operation, an atomic or any other operation with memory effects than
//     loads and stores, and fused, no access moves across a conflicting one:
//     for every array that one loop writes and the other accesses, every
//     access in both loops is at the same index, computed by the same
//     operations from the counter, and that index is a one-to-one function
//     of the counter (the counter plus or minus a loop-invariant value,
//     times a constant, or a sign-extending cast of one), so iteration j of
//     B touches exactly the element iteration j of A touched, and no other
//     iteration touches it. The counter must then be a counted loop's (its
//     next value the counter plus a non-zero constant, which does not wrap
//     as nvc's range loops do not), so that its values are distinct.
//     Accesses to different arrays conflict only when the arrays can share
//     memory: a private or workgroup array never shares memory with
//     another array; two array arguments do not under nvc's no-alias rule
//     (docs/language.md), and a kernel that relies on it is marked
//     `nvc.assumes_no_alias` (reported in the manifest, enforced by the
//     launcher), as PromoteAccumulator does.
//  4. The fused loop carries A's values and then B's (without B's counter),
//     takes A's condition, and runs A's body then B's with B's counter
//     replaced by A's. Common subexpressions of the two bodies (the
//     address of x[i, j], the load itself) are then eliminated within the
//     fused loop, and the fused loop is tried with the next loop.
// Iteration j of the fused loop does what iteration j of A and then
// iteration j of B did; step 3 makes every other reordering invisible to
// this invocation. Other invocations could only see the difference through
// a data race in the original program (no barrier or atomic is involved).
// Floating-point results are bit-identical: no arithmetic is reassociated.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/IR/Dominance.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>
#include <mlir/IR/PatternMatch.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>
#include <mlir/Transforms/CSE.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SetVector.h>

#define DEBUG_TYPE "nvc-loop-fusion"

namespace nvc {
namespace {

using namespace mlir;

/// One memory access of a loop body.
struct Access {
  Value memref;
  SmallVector<Value> indices;
  bool write;
};

/// What step 2 finds: the positions of the counter among the loop values
/// of A and of B, and whether its values are provably distinct.
struct IterationSpace {
  unsigned counterA, counterB;
  bool distinctCounters;   ///< next = counter + c, c ≠ 0 a constant
  bool counterNonNegative; ///< also c > 0 and a constant initial value ≥ 0
};

/// Whether `v` is defined outside `loop`.
bool definedOutside(Value v, Operation *loop) {
  return !loop->isAncestor(v.getParentBlock()->getParentOp());
}

/// Whether `op` is a pure operation without regions, one that step 2 may
/// compare structurally.
bool isPureLeaf(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) && op->getNumResults() > 0;
}

/// Whether `a` (in or above loop A) and `b` (in or above loop B) compute the
/// same value, given that `map` pairs values of A with values of B known to
/// be equal in the same iteration: the same value from outside both loops,
/// a mapped pair, or the same pure operation (name, attributes, result
/// number) on equivalent operands.
bool equivalent(Value a, Value b, Operation *loopA, Operation *loopB,
                const llvm::DenseMap<Value, Value> &map, unsigned depth = 0) {
  if (depth > 32)
    return false;
  if (auto it = map.find(a); it != map.end())
    return it->second == b;
  bool outsideA = definedOutside(a, loopA), outsideB = definedOutside(b, loopB);
  if (outsideA || outsideB)
    return outsideA && outsideB && a == b;
  auto ra = dyn_cast<OpResult>(a), rb = dyn_cast<OpResult>(b);
  if (!ra || !rb || ra.getResultNumber() != rb.getResultNumber())
    return false;
  Operation *oa = ra.getOwner(), *ob = rb.getOwner();
  if (oa->getName() != ob->getName() || oa->getAttrDictionary() != ob->getAttrDictionary() ||
      oa->getNumOperands() != ob->getNumOperands() || oa->getResultTypes() != ob->getResultTypes() ||
      !isPureLeaf(oa) || !isPureLeaf(ob))
    return false;
  for (auto [x, y] : llvm::zip(oa->getOperands(), ob->getOperands()))
    if (!equivalent(x, y, loopA, loopB, map, depth + 1))
      return false;
  return true;
}

/// Whether `v` has the same value in every iteration of `loop`: defined
/// outside it, or by pure operations on such values (LICM has not run yet).
bool loopInvariant(Value v, Operation *loop, unsigned depth = 0) {
  if (definedOutside(v, loop))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16 || !isPureLeaf(op))
    return false;
  return llvm::all_of(op->getOperands(),
                      [&](Value x) { return loopInvariant(x, loop, depth + 1); });
}

/// Whether `select` is Python's negative-index wrap of `x`:
/// `x < 0 ? x + n : x` (MLIRGen's array indexing).
bool isNegativeIndexWrap(arith::SelectOp select, Value x) {
  auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
  auto add = select.getTrueValue().getDefiningOp<arith::AddIOp>();
  return cmp && add && cmp.getPredicate() == arith::CmpIPredicate::slt && cmp.getLhs() == x &&
         matchPattern(cmp.getRhs(), m_Zero()) && select.getFalseValue() == x &&
         (add.getLhs() == x || add.getRhs() == x);
}

/// Whether `v` (inside `loop`) is a one-to-one function of `counter` given
/// the values from outside the loop (step 3), assuming that the index
/// arithmetic of an in-bounds array access does not wrap. When the counter
/// is never negative, Python's negative-index wrap of it is the counter.
bool oneToOne(Value v, Value counter, bool counterNonNegative, Operation *loop) {
  for (unsigned depth = 0; depth < 16; ++depth) {
    if (v == counter)
      return true;
    Operation *op = v.getDefiningOp();
    if (!op)
      return false;
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      if (!counterNonNegative || !isNegativeIndexWrap(select, counter))
        return false;
      v = counter;
      continue;
    }
    if (isa<arith::IndexCastOp, arith::ExtSIOp>(op)) {
      v = op->getOperand(0);
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
      Value lhs = op->getOperand(0), rhs = op->getOperand(1);
      bool lhsInvariant = loopInvariant(lhs, loop), rhsInvariant = loopInvariant(rhs, loop);
      if (lhsInvariant == rhsInvariant)
        return false;
      Value invariant = lhsInvariant ? lhs : rhs;
      if (isa<arith::MulIOp>(op)) {
        llvm::APInt c;
        if (!matchPattern(invariant, m_ConstantInt(&c)) || c.isZero())
          return false;
      }
      v = lhsInvariant ? rhs : lhs;
      continue;
    }
    return false;
  }
  return false;
}

/// Where the memory that `memref` designates comes from: the function
/// argument, the allocation or the global it views, or null when unknown.
Value rootOf(Value memref) {
  while (Operation *op = memref.getDefiningOp()) {
    if (isa<memref::AllocaOp, memref::AllocOp, memref::GetGlobalOp>(op))
      return memref;
    if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
      memref = view.getViewSource();
      continue;
    }
    return nullptr;
  }
  return memref; // a block argument
}

/// Whether two different roots can designate the same memory, and whether
/// saying they cannot relies on the no-alias rule for array arguments.
bool mayShareMemory(Value rootA, Value rootB, bool &reliesOnNoAlias) {
  if (!rootA || !rootB)
    return true;
  auto argA = dyn_cast<BlockArgument>(rootA), argB = dyn_cast<BlockArgument>(rootB);
  if (argA && argB) {
    if (!isa<func::FuncOp>(argA.getOwner()->getParentOp()) ||
        !isa<func::FuncOp>(argB.getOwner()->getParentOp()))
      return true;
    reliesOnNoAlias = true;
    return false;
  }
  if (argA || argB)
    return false; // an allocation never overlaps an argument
  auto globalA = rootA.getDefiningOp<memref::GetGlobalOp>();
  auto globalB = rootB.getDefiningOp<memref::GetGlobalOp>();
  if (globalA && globalB)
    return globalA.getName() == globalB.getName();
  return false; // distinct allocations, or an allocation and a global
}

struct LoopFusionPass : public PassWrapper<LoopFusionPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopFusionPass)
  StringRef getName() const override { return "LoopFusion"; }
  StringRef getArgument() const override { return "nvc-loop-fusion"; }
  StringRef getDescription() const override {
    return "Fuse adjacent loops over the same iteration space";
  }

  /// Step 3's collection: the loads and stores of `loop`, or failure when
  /// it holds an operation whose effects the pass does not model.
  static LogicalResult collectAccesses(scf::WhileOp loop, SmallVectorImpl<Access> &accesses) {
    WalkResult r = loop->walk([&](Operation *op) {
      if (op == loop.getOperation())
        return WalkResult::advance();
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        accesses.push_back({load.getMemRef(), SmallVector<Value>(load.getIndices()), false});
        return WalkResult::advance();
      }
      if (auto store = dyn_cast<memref::StoreOp>(op)) {
        accesses.push_back({store.getMemRef(), SmallVector<Value>(store.getIndices()), true});
        return WalkResult::advance();
      }
      // Barriers and subgroup operations synchronise with other
      // invocations: their order relative to each other matters.
      // Atomics are loads and stores this pass does not compare.
      if (isa<gpu::BarrierOp, gpu::SubgroupReduceOp, gpu::ShuffleOp, gpu::AllReduceOp,
              memref::GenericAtomicRMWOp, memref::AtomicRMWOp>(op) ||
          op->getName().getStringRef().contains("subgroup_"))
        return WalkResult::interrupt();
      if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isMemoryEffectFree(op))
        return WalkResult::advance();
      return WalkResult::interrupt();
    });
    return failure(r.wasInterrupted());
  }

  /// Step 2 for counter positions `pa` of A and `pb` of B.
  static bool sameIterations(scf::WhileOp a, scf::WhileOp b, unsigned pa, unsigned pb) {
    if (a.getInits()[pa] != b.getInits()[pb] ||
        a.getInits()[pa].getType() != b.getInits()[pb].getType())
      return false;
    Block &beforeA = a.getBefore().front(), &beforeB = b.getBefore().front();
    Block &afterA = a.getAfter().front(), &afterB = b.getAfter().front();
    // The condition depends on the counter alone.
    for (scf::WhileOp loop : {a, b}) {
      Block &before = loop.getBefore().front();
      unsigned p = loop == a ? pa : pb;
      for (Operation &op : before.without_terminator()) {
        if (!isPureLeaf(&op))
          return false;
        for (Value v : op.getOperands())
          if (auto arg = dyn_cast<BlockArgument>(v);
              arg && arg.getOwner() == &before && arg.getArgNumber() != p)
            return false;
      }
      if (auto arg = dyn_cast<BlockArgument>(loop.getConditionOp().getCondition());
          arg && arg.getOwner() == &before && arg.getArgNumber() != p)
        return false;
    }
    llvm::DenseMap<Value, Value> map;
    map[beforeA.getArgument(pa)] = beforeB.getArgument(pb);
    if (!equivalent(a.getConditionOp().getCondition(), b.getConditionOp().getCondition(), a, b,
                    map))
      return false;
    // The counter's next value depends on the counter alone.
    map.clear();
    map[afterA.getArgument(pa)] = afterB.getArgument(pb);
    auto yieldA = cast<scf::YieldOp>(afterA.getTerminator());
    auto yieldB = cast<scf::YieldOp>(afterB.getTerminator());
    Value nextA = yieldA.getOperand(pa), nextB = yieldB.getOperand(pb);
    // Only the counter is mapped: a next value that depends on another
    // loop value is not equivalent to anything.
    return equivalent(nextA, nextB, a, b, map);
  }

  /// Whether A's counter is a counted loop's: next = counter + c, c ≠ 0
  /// (with `nonNegative`: c > 0 from a constant initial value ≥ 0).
  static bool distinctCounterValues(scf::WhileOp a, unsigned pa, bool nonNegative) {
    Block &after = a.getAfter().front();
    Value next = cast<scf::YieldOp>(after.getTerminator()).getOperand(pa);
    auto add = next.getDefiningOp<arith::AddIOp>();
    if (!add)
      return false;
    Value counter = after.getArgument(pa);
    for (auto [x, c] : {std::pair(add.getLhs(), add.getRhs()), std::pair(add.getRhs(), add.getLhs())}) {
      llvm::APInt value;
      if (x == counter && matchPattern(c, m_ConstantInt(&value)) && !value.isZero()) {
        if (!nonNegative)
          return true;
        llvm::APInt init;
        return value.isStrictlyPositive() &&
               matchPattern(a.getInits()[pa], m_ConstantInt(&init)) && !init.isNegative();
      }
    }
    return false;
  }

  /// Whether the loop values other than the counter pass through the
  /// condition unchanged, in order (so the fused condition can forward B's).
  static bool forwardsValues(scf::WhileOp loop) {
    Block &before = loop.getBefore().front();
    auto args = loop.getConditionOp().getArgs();
    if (args.size() != before.getNumArguments() ||
        loop.getAfter().front().getNumArguments() != before.getNumArguments())
      return false;
    for (auto [k, v] : llvm::enumerate(args))
      if (v != before.getArgument(k) || v.getType() != loop.getInits()[k].getType())
        return false;
    return true;
  }

  /// Step 2: the iteration space A and B share, if any.
  static std::optional<IterationSpace> findIterationSpace(scf::WhileOp a, scf::WhileOp b) {
    if (!forwardsValues(a) || !forwardsValues(b))
      return std::nullopt;
    for (unsigned pa = 0; pa < a.getInits().size(); ++pa)
      for (unsigned pb = 0; pb < b.getInits().size(); ++pb)
        if (sameIterations(a, b, pa, pb))
          return IterationSpace{pa, pb, distinctCounterValues(a, pa, false),
                                distinctCounterValues(a, pa, true)};
    return std::nullopt;
  }

  /// Step 3's memory part: whether no access of A conflicts with one of B
  /// once fused; sets `reliesOnNoAlias` when that needs the no-alias rule.
  static bool accessesCommute(scf::WhileOp a, scf::WhileOp b, const IterationSpace &space,
                              bool &reliesOnNoAlias) {
    SmallVector<Access> inA, inB;
    if (failed(collectAccesses(a, inA)) || failed(collectAccesses(b, inB)))
      return false;
    Value counterA = a.getAfter().front().getArgument(space.counterA);
    Value counterB = b.getAfter().front().getArgument(space.counterB);
    llvm::DenseMap<Value, Value> map;
    map[counterA] = counterB;
    bool relies = false;
    for (const Access &x : inA)
      for (const Access &y : inB) {
        if (!x.write && !y.write)
          continue;
        if (x.memref != y.memref) {
          Value rootX = rootOf(x.memref), rootY = rootOf(y.memref);
          if (rootX && rootX == rootY)
            return false; // two views of one array: not compared
          if (mayShareMemory(rootX, rootY, relies))
            return false;
          continue;
        }
        // The same array: iteration j of both loops touches one element,
        // which no other iteration touches. (Pairs of accesses suffice: a
        // reordered pair is B's iteration j before A's iteration k > j.)
        if (!space.distinctCounters || x.indices.size() != y.indices.size())
          return false;
        bool oneToOneSomewhere = false;
        for (auto [ix, iy] : llvm::zip(x.indices, y.indices)) {
          if (!equivalent(ix, iy, a, b, map))
            return false;
          oneToOneSomewhere |= oneToOne(ix, counterA, space.counterNonNegative, a);
        }
        if (!oneToOneSomewhere)
          return false;
      }
    reliesOnNoAlias |= relies;
    return true;
  }

  /// Step 1 and the value part of step 3: the operations between A and B
  /// that use A's results (to move after B), or failure.
  static FailureOr<SmallVector<Operation *>> operationsToMove(scf::WhileOp a, scf::WhileOp b) {
    llvm::SetVector<Value> fromA(a->getResults().begin(), a->getResults().end());
    SmallVector<Operation *> dependent;
    for (Operation *op = a->getNextNode(); op != b.getOperation(); op = op->getNextNode()) {
      if (!isMemoryEffectFree(op))
        return failure();
      bool uses = false;
      op->walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          uses |= fromA.contains(v);
      });
      if (uses) {
        dependent.push_back(op);
        fromA.insert(op->getResults().begin(), op->getResults().end());
      }
    }
    bool bUses = false;
    b->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        bUses |= fromA.contains(v);
    });
    if (bUses)
      return failure();
    return dependent;
  }

  /// Step 4: the fused loop, in place of B.
  static scf::WhileOp fuse(scf::WhileOp a, scf::WhileOp b, const IterationSpace &space) {
    unsigned pb = space.counterB;
    SmallVector<Value> inits(a.getInits());
    SmallVector<Type> types(a.getResultTypes());
    SmallVector<unsigned> keptB; // B's loop values other than its counter
    for (unsigned k = 0; k < b.getInits().size(); ++k)
      if (k != pb) {
        keptB.push_back(k);
        inits.push_back(b.getInits()[k]);
        types.push_back(b.getResultTypes()[k]);
      }
    OpBuilder builder(b);
    auto fused = scf::WhileOp::create(builder, a.getLoc(), types, inits, nullptr, nullptr);
    SmallVector<Location> locs;
    for (Value v : inits)
      locs.push_back(v.getLoc());

    // The condition: A's, forwarding every value.
    // scf.while's builder may already have made the (empty) blocks.
    auto blockOf = [&](Region &region) {
      if (region.empty())
        return builder.createBlock(&region, {}, types, locs);
      Block *block = &region.front();
      if (block->getNumArguments() == 0)
        block->addArguments(types, locs);
      builder.setInsertionPointToEnd(block);
      return block;
    };
    Block *before = blockOf(fused.getBefore());
    IRMapping map;
    Block &beforeA = a.getBefore().front();
    for (unsigned k = 0; k < beforeA.getNumArguments(); ++k)
      map.map(beforeA.getArgument(k), before->getArgument(k));
    for (Operation &op : beforeA.without_terminator())
      builder.clone(op, map);
    scf::ConditionOp::create(builder, a.getConditionOp().getLoc(),
                                     map.lookup(a.getConditionOp().getCondition()),
                                     before->getArguments());

    // The body: A's, then B's with B's counter replaced by A's.
    Block *after = blockOf(fused.getAfter());
    Block &afterA = a.getAfter().front(), &afterB = b.getAfter().front();
    for (unsigned k = 0; k < afterA.getNumArguments(); ++k)
      map.map(afterA.getArgument(k), after->getArgument(k));
    map.map(afterB.getArgument(pb), after->getArgument(space.counterA));
    for (auto [n, k] : llvm::enumerate(keptB))
      map.map(afterB.getArgument(k), after->getArgument(afterA.getNumArguments() + n));
    for (Operation &op : afterA.without_terminator())
      builder.clone(op, map);
    for (Operation &op : afterB.without_terminator())
      builder.clone(op, map);
    SmallVector<Value> yielded;
    for (Value v : afterA.getTerminator()->getOperands())
      yielded.push_back(map.lookupOrDefault(v));
    for (unsigned k : keptB)
      yielded.push_back(map.lookupOrDefault(afterB.getTerminator()->getOperand(k)));
    scf::YieldOp::create(builder, afterA.getTerminator()->getLoc(), yielded);

    unsigned nA = a.getNumResults();
    for (unsigned k = 0; k < nA; ++k)
      a.getResult(k).replaceAllUsesWith(fused.getResult(k));
    b.getResult(pb).replaceAllUsesWith(fused.getResult(space.counterA));
    for (auto [n, k] : llvm::enumerate(keptB))
      b.getResult(k).replaceAllUsesWith(fused.getResult(nA + n));
    a->erase();
    b->erase();
    return fused;
  }

  /// Tries to fuse `a` with the next loop of its block; returns the fused
  /// loop, or null.
  scf::WhileOp tryFuseWithNext(scf::WhileOp a, bool &reliesOnNoAlias) {
    scf::WhileOp b;
    for (Operation *op = a->getNextNode(); op; op = op->getNextNode()) {
      if ((b = dyn_cast<scf::WhileOp>(op)))
        break;
      if (!isMemoryEffectFree(op))
        return nullptr;
    }
    if (!b)
      return nullptr;
    auto space = findIterationSpace(a, b);
    if (!space)
      return nullptr;
    FailureOr<SmallVector<Operation *>> toMove = operationsToMove(a, b);
    if (failed(toMove))
      return nullptr;
    bool relies = false;
    if (!accessesCommute(a, b, *space, relies))
      return nullptr;
    reliesOnNoAlias |= relies;
    Operation *last = b;
    for (Operation *op : *toMove) {
      op->moveAfter(last);
      last = op;
    }
    return fuse(a, b, *space);
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<Block *> blocks;
    func.walk([&](Block *block) { blocks.push_back(block); }); // inner blocks first
    bool reliesOnNoAlias = false;
    SmallVector<scf::WhileOp> fusedLoops;
    for (Block *block : blocks) {
      if (block->empty())
        continue;
      for (Operation *op = &block->front(); op; op = op->getNextNode()) {
        auto loop = dyn_cast<scf::WhileOp>(op);
        if (!loop)
          continue;
        while (scf::WhileOp fused = tryFuseWithNext(loop, reliesOnNoAlias)) {
          loop = fused;
          fusedLoops.push_back(fused);
        }
        op = loop;
      }
    }
    if (fusedLoops.empty()) {
      markAllAnalysesPreserved();
      return;
    }
    // The second body recomputes the first's addresses and loads.
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
    if (reliesOnNoAlias)
      func->setAttr(abi::kAssumesNoAliasAttr, UnitAttr::get(&getContext()));
  }
};

} // namespace

std::unique_ptr<Pass> createLoopFusionPass() { return std::make_unique<LoopFusionPass>(); }

} // namespace nvc
