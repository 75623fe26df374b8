//===- UnrollGridStride.cpp - Unroll grid-stride loops by four -------------===//
//
// A grid-stride loop (`for i in range(cuda.grid(1), n, cuda.gridsize(1))`,
// the seed's reductions) loads one element per iteration and adds it to an
// accumulator. Its step is not a constant, so drivers cannot count its trips
// and do not unroll it: each iteration waits for its own load, one load in
// flight per invocation, and the loop is latency-bound (the subgroup
// reduction reached 52 % of copy bandwidth on the H200, numba's NVVM-unrolled
// loop 58 %, a hand-unrolled one 0.124 → 0.083 ms). This pass unrolls such
// loops by four so that the driver can issue four independent loads before
// the first add. An scf.while qualifies when
//  1. a loop-carried value (the counter) advances by a step that is defined
//     outside the loop and is not a constant (constant-step loops have a
//     countable trip count, which drivers unroll themselves): the `after`
//     region yields `counter + step` for it;
//  2. the `before` region is free of memory effects, forwards its arguments
//     unchanged, and its condition depends on the counter and values from
//     outside the loop only, so the conditions of the next iterations can be
//     computed from the counter alone;
//  3. the `after` region is one block of at most kMaxBodyOps operations
//     without regions, barriers or atomics, and loads from a storage buffer
//     (a latency-bound loop; private and workgroup memory are fast);
//  4. neither region has a subgroup or workgroup operation (shuffles,
//     reductions, ballots, barriers): after unrolling, invocations with four
//     iterations left run the main loop while their neighbours run the
//     original one, so they no longer execute such an operation together
//     and a shuffle would read lanes that are not active.
// The loop becomes two: a main loop whose condition is the original one at
// the counter values i, i+s, i+2s, i+3s (computed with the body's own
// wrapping add) all true, and whose body is four copies of the original
// body, each taking the previous copy's yields; and the original loop,
// which takes the main loop's results and runs the remaining iterations.
// Every iteration runs the same operations in the same order as before
// under the same condition, so results are bit-identical (the extra
// condition evaluations are pure).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"
#include "passes/Uniformity.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#define DEBUG_TYPE "nvc-unroll-grid-stride"

namespace nvc {
namespace {

using namespace mlir;

constexpr unsigned kFactor = 4;
/// Largest body copied (four copies are made).
constexpr unsigned kMaxBodyOps = 32;

/// Whether `memref` lives in a storage buffer (a kernel's array argument).
bool isStorageBuffer(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  auto space = type ? dyn_cast_or_null<spirv::StorageClassAttr>(type.getMemorySpace()) : nullptr;
  return space && space.getValue() == spirv::StorageClass::StorageBuffer;
}

/// The grid-stride loop's shape: which `before` argument is the counter and
/// the step it advances by; nullopt if `loop` does not qualify (1-4 above).
struct StrideLoop {
  unsigned counter;
  Value step;
};

std::optional<StrideLoop> matchStrideLoop(scf::WhileOp loop) {
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  scf::ConditionOp cond = loop.getConditionOp();
  // 2. The condition forwards the arguments unchanged and is pure.
  if (cond.getArgs().size() != before.getNumArguments() ||
      !llvm::equal(cond.getArgs(), before.getArguments()))
    return std::nullopt;
  for (Operation &op : before.without_terminator())
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op) || isGroupOperation(&op))
      return std::nullopt;
  // 3. A short straight-line body that loads from a storage buffer.
  if (!loop.getAfter().hasOneBlock())
    return std::nullopt;
  unsigned ops = 0;
  bool loadsBuffer = false;
  for (Operation &op : after.without_terminator()) {
    if (++ops > kMaxBodyOps || op.getNumRegions() != 0 || isGroupOperation(&op))
      return std::nullopt; // 3, 4
    if (auto load = dyn_cast<memref::LoadOp>(op))
      loadsBuffer |= isStorageBuffer(load.getMemref());
    else if (!isa<memref::StoreOp>(op) && !isMemoryEffectFree(&op))
      return std::nullopt; // atomics, calls: keep them out of this
  }
  if (!loadsBuffer)
    return std::nullopt;
  // 1. A counter that advances by an invariant, non-constant step.
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  for (unsigned k = 0; k < before.getNumArguments(); ++k) {
    auto add = yield.getOperand(k).getDefiningOp<arith::AddIOp>();
    if (!add)
      continue;
    Value inBody = after.getArgument(k);
    Value step = add.getLhs() == inBody ? add.getRhs() : add.getLhs();
    if ((add.getLhs() != inBody && add.getRhs() != inBody) ||
        !step.getParentRegion()->isProperAncestor(&loop.getBefore()) ||
        matchPattern(step, m_Constant()))
      continue;
    // 2. The condition depends on this counter and outer values only.
    bool onlyCounter = true;
    for (Operation &op : before.without_terminator())
      for (Value operand : op.getOperands())
        if (auto arg = dyn_cast<BlockArgument>(operand);
            arg && arg.getOwner() == &before && arg.getArgNumber() != k)
          onlyCounter = false;
    for (BlockArgument arg : before.getArguments())
      if (arg.getArgNumber() != k && arg == cond.getCondition())
        onlyCounter = false;
    if (onlyCounter)
      return StrideLoop{k, step};
  }
  return std::nullopt;
}

/// The main loop of `loop` (file comment), inserted before it; `loop` then
/// starts from the main loop's results.
void unroll(scf::WhileOp loop, const StrideLoop &stride) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  auto types = loop.getBefore().getArgumentTypes();
  SmallVector<Location> locs(types.size(), loc);
  auto main = scf::WhileOp::create(b, loc, loop.getResultTypes(), loop.getInits());

  // Condition: the original one at the next kFactor counter values.
  Block *mainBefore = b.createBlock(&main.getBefore(), {}, types, locs);
  Value counter = mainBefore->getArgument(stride.counter);
  Value all;
  for (unsigned copy = 0; copy < kFactor; ++copy) {
    if (copy > 0)
      counter = arith::AddIOp::create(b, loc, counter, stride.step);
    IRMapping map;
    map.map(before.getArguments(), mainBefore->getArguments());
    map.map(before.getArgument(stride.counter), counter);
    for (Operation &op : before.without_terminator())
      b.clone(op, map);
    Value c = map.lookupOrDefault(loop.getConditionOp().getCondition());
    all = all ? arith::AndIOp::create(b, loc, all, c) : c;
  }
  scf::ConditionOp::create(b, loc, all, mainBefore->getArguments());

  // Body: kFactor copies, each starting from the previous one's yields.
  Block *mainAfter = b.createBlock(&main.getAfter(), {}, types, locs);
  SmallVector<Value> state(mainAfter->getArguments());
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  for (unsigned copy = 0; copy < kFactor; ++copy) {
    IRMapping map;
    map.map(after.getArguments(), state);
    for (Operation &op : after.without_terminator())
      b.clone(op, map);
    state.clear();
    for (Value v : yield.getOperands())
      state.push_back(map.lookupOrDefault(v));
  }
  scf::YieldOp::create(b, loc, state);

  loop.getInitsMutable().assign(main.getResults());
}

struct UnrollGridStridePass
    : public PassWrapper<UnrollGridStridePass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UnrollGridStridePass)
  StringRef getName() const override { return "UnrollGridStride"; }
  StringRef getArgument() const override { return "nvc-unroll-grid-stride"; }
  StringRef getDescription() const override {
    return "unroll grid-stride loops that load from storage buffers by four, the next four "
           "conditions tested up front";
  }

  void runOnOperation() override {
    SmallVector<std::pair<scf::WhileOp, StrideLoop>> loops;
    getOperation().walk([&](scf::WhileOp loop) {
      if (std::optional<StrideLoop> stride = matchStrideLoop(loop))
        loops.push_back({loop, *stride});
    });
    for (auto &[loop, stride] : loops)
      unroll(loop, stride);
  }
};

} // namespace

std::unique_ptr<Pass> createUnrollGridStridePass() {
  return std::make_unique<UnrollGridStridePass>();
}

} // namespace nvc
