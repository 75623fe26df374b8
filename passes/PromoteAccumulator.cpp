//===- PromoteAccumulator.cpp - Keep a loop's global accumulator in a register ===//
//
// The workshop's naive imaging kernel (000, "Optimisation") accumulates into
// global memory: `img[lpx, mpx] += …` reads and writes one element of a
// storage buffer in every iteration of the visibility loop. Optimisation 1
// keeps the sum in a local variable and stores it once. This pass does that
// for each scf.while of a kernel (what lift-cf-to-scf makes of every loop),
// after LICM has hoisted the element's address:
//  1. Find the groups of a buffer argument's accesses in the loop: every
//     load and store of that buffer inside the loop must be directly in the
//     loop body (run once per iteration, not under an if), at an index
//     defined outside the loop, one load followed by one store per index;
//     the indices of different groups must be provably different (the same
//     value plus different constants: the real and imaginary parts of a
//     complex element). The loop's condition region must be free of memory
//     effects, and the loop must contain no barrier and no operation with
//     unknown memory effects (another invocation may only look at the
//     element when the original program raced with it).
//  2. Evaluate the condition once before the loop (a clone of the condition
//     region on the initial values): whether the loop body runs at all.
//  3. If it does, load the element before the loop; carry it as a new loop
//     value, replace the load with it and the store with yielding the stored
//     value; after the loop, if the body ran, store the last value. A loop
//     that does not run reads and writes nothing, as before.
// The rewrite is exact for one invocation if no other argument the loop
// reads or writes shares memory with the buffer: nvc's no-alias rule for
// array arguments (docs/language.md). A kernel whose loop also accesses
// other array arguments gets `nvc.assumes_no_alias`, which the manifest
// reports (`assumes_no_alias`) and the launcher enforces.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#include <map>

#define DEBUG_TYPE "nvc-promote-accumulator"

namespace nvc {
namespace {

using namespace mlir;

/// `v` as base + constant: through index_cast (a sign extension of i32 or
/// i64 into index, injective) and one arith.addi with a constant operand.
std::pair<Value, int64_t> baseAndOffset(Value v) {
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    if (cast.getIn().getType().getIntOrFloatBitWidth() <= 64)
      v = cast.getIn();
  if (auto add = v.getDefiningOp<arith::AddIOp>()) {
    for (auto [base, other] : {std::pair(add.getLhs(), add.getRhs()),
                               std::pair(add.getRhs(), add.getLhs())}) {
      llvm::APInt c;
      if (matchPattern(other, m_ConstantInt(&c))) // x + c ≠ x (mod 2^w) for c ≠ 0
        return {base, c.getSExtValue()};
    }
  }
  return {v, 0};
}

/// Whether indices `a` and `b` (distinct values) provably differ: the same
/// base plus constants that differ modulo 2^32 (the narrowest index type).
bool provablyDistinct(Value a, Value b) {
  auto [baseA, offA] = baseAndOffset(a);
  auto [baseB, offB] = baseAndOffset(b);
  return baseA == baseB && static_cast<uint32_t>(offA) != static_cast<uint32_t>(offB);
}

/// One accumulator: the load and store of `buffer[index]` in a loop body.
struct Accumulator {
  Value buffer, index;
  memref::LoadOp load;
  memref::StoreOp store;
};

struct PromoteAccumulatorPass
    : public PassWrapper<PromoteAccumulatorPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PromoteAccumulatorPass)
  StringRef getName() const override { return "PromoteAccumulator"; }
  StringRef getArgument() const override { return "nvc-promote-accumulator"; }
  StringRef getDescription() const override {
    return "Keep a loop's read-modify-write of one array element in a register";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, scf::SCFDialect, ub::UBDialect>();
  }

  /// Whether `v` is defined outside `loop`.
  static bool definedOutside(Value v, Operation *loop) {
    return !loop->isAncestor(v.getParentBlock()->getParentOp());
  }

  /// Step 1: an accumulator of `loop` that can be promoted, if any; sets
  /// `othersAccessed` when the loop also touches other buffer arguments.
  static std::optional<Accumulator> findAccumulator(scf::WhileOp loop, func::FuncOp func,
                                                    bool &othersAccessed) {
    for (Operation &op : loop.getBefore().front().without_terminator())
      if (op.getNumRegions() || !isMemoryEffectFree(&op))
        return std::nullopt;
    bool unsafe = false;
    loop.getAfter().walk([&](Operation *op) {
      if (isa<memref::LoadOp, memref::StoreOp>(op) ||
          op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return;
      if (isa<gpu::BarrierOp>(op) || !isMemoryEffectFree(op))
        unsafe = true;
    });
    if (unsafe)
      return std::nullopt;
    Block &body = loop.getAfter().front();
    Block &entry = func.getBody().front();
    for (BlockArgument buffer : entry.getArguments()) {
      if (!isa<MemRefType>(buffer.getType()))
        continue;
      // Every access of `buffer` in the loop, by index.
      std::map<void *, Accumulator> groups;
      bool ok = true, any = false;
      for (Operation *user : buffer.getUsers()) {
        if (!loop->isAncestor(user))
          continue;
        any = true;
        auto load = dyn_cast<memref::LoadOp>(user);
        auto store = dyn_cast<memref::StoreOp>(user);
        if ((!load && !store) || user->getBlock() != &body ||
            (store && store.getMemRef() != buffer)) {
          ok = false;
          break;
        }
        ValueRange indices = load ? load.getIndices() : store.getIndices();
        if (indices.size() != 1 || !definedOutside(indices[0], loop)) {
          ok = false;
          break;
        }
        Accumulator &g = groups[indices[0].getAsOpaquePointer()];
        g.buffer = buffer;
        g.index = indices[0];
        if ((load && g.load) || (store && g.store)) {
          ok = false;
          break;
        }
        if (load)
          g.load = load;
        else
          g.store = store;
      }
      if (!any || !ok)
        continue;
      for (auto &[key, g] : groups)
        ok &= g.load && g.store && g.load->isBeforeInBlock(g.store) &&
              g.store.getValue().getType() == g.load.getType();
      for (auto i = groups.begin(); ok && i != groups.end(); ++i)
        for (auto j = std::next(i); ok && j != groups.end(); ++j)
          ok &= provablyDistinct(i->second.index, j->second.index);
      if (!ok)
        continue;
      for (BlockArgument other : entry.getArguments())
        if (other != buffer && isa<MemRefType>(other.getType()))
          for (Operation *user : other.getUsers())
            othersAccessed |= loop->isAncestor(user);
      // The first in program order (the map's pointer order is not
      // deterministic, nvc's output is).
      const Accumulator *first = nullptr;
      for (auto &[key, g] : groups)
        if (!first || g.load->isBeforeInBlock(first->load))
          first = &g;
      return *first;
    }
    return std::nullopt;
  }

  /// Step 2: whether the body of `loop` runs at all (its condition on the
  /// initial values, computed before the loop).
  static Value bodyRuns(scf::WhileOp loop) {
    OpBuilder b(loop);
    IRMapping map;
    Block &before = loop.getBefore().front();
    for (auto [arg, init] : llvm::zip(before.getArguments(), loop.getInits()))
      map.map(arg, init);
    for (Operation &op : before.without_terminator())
      b.clone(op, map);
    return map.lookupOrDefault(loop.getConditionOp().getCondition());
  }

  /// Step 3 for `acc`, given bodyRuns(loop); returns the new loop.
  static scf::WhileOp promote(scf::WhileOp loop, Accumulator acc, Value runs) {
    Location loc = acc.load.getLoc();
    Type type = acc.load.getType();
    OpBuilder b(loop);
    // 3. The element before the loop (poison when the loop does not run).
    auto initial = scf::IfOp::create(b, 
        loc, runs,
        [&](OpBuilder &tb, Location l) {
          Value v = memref::LoadOp::create(tb, l, acc.buffer, acc.index);
          scf::YieldOp::create(tb, l, v);
        },
        [&](OpBuilder &eb, Location l) {
          Value v = ub::PoisonOp::create(eb, l, type);
          scf::YieldOp::create(eb, l, v);
        });
    SmallVector<Value> inits(loop.getInits());
    inits.push_back(initial.getResult(0));
    SmallVector<Type> types(loop.getResultTypes());
    types.push_back(type);
    auto newLoop = scf::WhileOp::create(b, loop.getLoc(), types, inits, nullptr, nullptr);
    newLoop.getBefore().takeBody(loop.getBefore());
    newLoop.getAfter().takeBody(loop.getAfter());
    Value inBefore = newLoop.getBefore().front().addArgument(type, loc);
    newLoop.getConditionOp().getArgsMutable().append(inBefore);
    Value inBody = newLoop.getAfter().front().addArgument(type, loc);
    Value stored = acc.store.getValue();
    acc.load.getResult().replaceAllUsesWith(inBody);
    acc.store->erase();
    acc.load->erase();
    auto yield = cast<scf::YieldOp>(newLoop.getAfter().front().getTerminator());
    yield.getResultsMutable().append(stored);
    for (unsigned i = 0; i < loop.getNumResults(); ++i)
      loop.getResult(i).replaceAllUsesWith(newLoop.getResult(i));
    loop->erase();
    b.setInsertionPointAfter(newLoop);
    scf::IfOp::create(b, loc, runs, [&](OpBuilder &tb, Location l) {
      memref::StoreOp::create(tb, l, newLoop.getResults().back(), acc.buffer, acc.index);
      scf::YieldOp::create(tb, l);
    });
    return newLoop;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<scf::WhileOp> loops;
    func.walk([&](scf::WhileOp loop) { loops.push_back(loop); }); // inner loops first
    bool reliesOnNoAlias = false;
    for (scf::WhileOp loop : loops) {
      bool othersAccessed = false;
      Value runs; // computed once per loop, for its first accumulator
      while (auto acc = findAccumulator(loop, func, othersAccessed)) {
        if (!runs)
          runs = bodyRuns(loop);
        loop = promote(loop, *acc, runs);
        reliesOnNoAlias |= othersAccessed;
      }
    }
    if (reliesOnNoAlias)
      func->setAttr(abi::kAssumesNoAliasAttr, UnitAttr::get(&getContext()));
  }
};

} // namespace

std::unique_ptr<Pass> createPromoteAccumulatorPass() {
  return std::make_unique<PromoteAccumulatorPass>();
}

} // namespace nvc
