//===- IntegerRanges.h - Signed intervals of integer values -------*- C++ -*-===//
//
// RangeOracle computes, on demand, a signed interval for an integer value as
// seen from one program point of a kernel in structured form (scf.if,
// scf.while; after lift-cf-to-scf). FoldRangeChecks decides comparisons with
// it; NarrowIntegers computes in 32 bits what it proves stays in 32 bits.
//
// Intervals (for one value, valid wherever it is seen from):
//  - constants; invocation ids (gpu.global_id, thread_id, block_id,
//    lane_id, subgroup_id) are in [0, B-1] and sizes (block_dim, grid_dim,
//    subgroup_size, num_subgroups) in [1, B]. With 32-bit indices B is
//    INT32_MAX: the runtime refuses a launch with more invocations or
//    workgroups along an axis (docs/robustness.md, "Large problems"), so
//    block_dim × grid_dim of an axis (cuda.gridsize) is in [1, B] too;
//    with 64-bit indices B is UINT32_MAX, the range of SPIR-V's 32-bit
//    built-ins. Kernel arguments marked `nvc.non_negative` (array extents,
//    strides and offsets, frontend/mlirgen/GenFunction.cpp) are in [0, max].
//  - add, sub, mul: interval arithmetic; a result that may leave the type's
//    range may wrap (nvc's integers wrap, docs/language.md), so it is unknown.
//    div, rem, and, shifts, min, max, casts: their usual bounds for
//    non-negative operands. `a - (a / b) * b` (MLIRGen's remainder) with
//    a ≥ 0 and b ≥ 1 is in [0, min(a, b-1)].
//  - select: the union of its operands', where an operand that is the
//    compared value of the condition is refined by the condition
//    (`b == 0 ? 1 : b` is never 0).
//  - a range loop's counter (scf.while whose `before` argument k starts at
//    `init`, is passed on unchanged and comes back as itself plus a step c,
//    a constant or a value computed before the loop with c.lo > 0, and
//    whose condition bounds it by `x < n`): in
//    [init.lo, max(init.hi, n.hi - 1 + c.hi)] provided n.hi - 1 + c.hi does
//    not overflow (so the counter never wraps); likewise for c.hi < 0 and
//    `x > n`. (A grid-stride counter with 32-bit integers may wrap, and is
//    unknown; with 64-bit ones it is below 2³².) A halving counter, which
//    the body divides by a constant >= 1 (or shifts right) where the
//    condition keeps it non-negative, is in [min(init.lo, 0), max(init.hi, 0)].
//    (The pass runs where every loop is such an scf.while: lift-cf-to-scf
//    makes no scf.for.)
// Facts: inside scf.if's then (else) region the condition is true (false),
// inside scf.while's `after` region the loop condition is true. A true
// `a < b` bounds a above by b.hi - 1 and b below by a.lo + 1 (and so on for
// the other predicates); `and`, `not` and the scf.if that lift-cf-to-scf
// makes of a short-circuit `and`/`or` pass facts on to their operands.
// Everything else is unknown (the full range of its type), which only
// leaves a test in place.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_INTEGERRANGES_H
#define NVC_PASSES_INTEGERRANGES_H

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>

#include <optional>

namespace nvc {

/// Bounds are exact for every value of up to 64 bits and their products.
using Int = __int128;

/// A signed interval [lo, hi] of an integer value.
struct Range {
  Int lo, hi;
  bool contains(const Range &o) const { return lo <= o.lo && o.hi <= hi; }
};

/// The intersection of `a` and `b` (empty when lo > hi).
inline Range intersect(Range a, Range b) {
  return {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

/// The signed range of a type of `width` bits (i1: [-1, 0]).
Range fullRange(unsigned width);

/// Bit width of an integer or index value (index: 64, its widest lowering);
/// nullopt for other types and integers wider than 64 bits.
std::optional<unsigned> widthOf(mlir::Type t);

/// The bound of invocation ids (ids are below it, sizes at most it) for a
/// kernel ABI of `indexBits`: with 32-bit indices INT32_MAX, as the runtime
/// refuses larger grids (docs/robustness.md, "Large problems"); with 64-bit
/// ones UINT32_MAX, the range of SPIR-V's 32-bit built-ins.
Int invocationIdBound(unsigned indexBits);

class RangeOracle {
public:
  /// `idBound`: invocation ids are below it and sizes at most it
  /// (invocationIdBound).
  explicit RangeOracle(Int idBound) : idBound_(idBound) {}

  /// Records what `condition` being `truth` says about its operands.
  void assume(mlir::Value condition, bool truth, unsigned depth = 0);

  /// Records the facts of every region that encloses `op` (scf.if branches,
  /// scf.while bodies) up to its function.
  void assumeContextOf(mlir::Operation *op);

  /// The range of integer value `v` (its type's full range if unknown).
  Range rangeOf(mlir::Value v, unsigned depth = 0);

  /// Whether `cmp` is always true or always false, if the ranges decide.
  std::optional<bool> decide(mlir::arith::CmpIOp cmp);

private:
  Range compute(mlir::Value v, unsigned width, unsigned depth);
  Range computeResult(mlir::Value v, unsigned width, unsigned depth);
  Range computeBlockArgument(mlir::BlockArgument arg, unsigned width, unsigned depth);
  Range refineBySelectCondition(mlir::Value cond, bool truth, mlir::Value v, Range r, unsigned depth);
  RangeOracle outsideFacts(mlir::scf::WhileOp loop) const;
  std::optional<Range> conditionFact(mlir::scf::WhileOp loop, mlir::Value counter,
                                     unsigned depth) const;
  std::optional<Range> loopCounterRange(mlir::scf::WhileOp loop, unsigned k, unsigned width,
                                        unsigned depth);
  void constrain(mlir::Value v, Range r) {
    auto [it, inserted] = facts_.try_emplace(v, r);
    if (!inserted)
      it->second = intersect(it->second, r);
  }

  Int idBound_;
  llvm::DenseMap<mlir::Value, Range> facts_;
  llvm::DenseMap<mlir::Value, Range> cache_;
  llvm::DenseSet<mlir::Value> visiting_;
};

} // namespace nvc

#endif // NVC_PASSES_INTEGERRANGES_H
