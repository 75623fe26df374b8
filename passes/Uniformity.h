//===- Uniformity.h - Values and operations shared by invocations ---------===//
//
// Passes that copy or split code around a condition (loop versioning,
// unrolling with a remainder loop) must not split the invocations that
// execute a subgroup or workgroup operation together: SPIR-V requires a
// barrier to be reached by every invocation of the workgroup at the same
// instruction (OpControlBarrier, "in uniform control flow"), and a shuffle
// reads only lanes that are active at the same instruction. These helpers
// say which operations are such group operations and which values are the
// same for every invocation of a workgroup (a branch on those is uniform).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_UNIFORMITY_H
#define NVC_PASSES_UNIFORMITY_H

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/IR/Operation.h>
#include <mlir/IR/Value.h>

namespace nvc {

/// Whether `op`'s effect or result depends on which invocations of its
/// subgroup or workgroup execute it together (SPIR-V's GroupNonUniform* and
/// Group* instructions, which nvc emits for shuffles, ballots and scans; the
/// gpu dialect's shuffles, reductions and barriers). Some are Pure in MLIR,
/// so a memory-effect test does not exclude them. The gpu dialect's id and
/// size queries are per-invocation values and do not count.
bool isGroupOperation(mlir::Operation *op);

/// Whether `v` has the same value in every invocation of a workgroup of
/// `kernel` (an nvc kernel, whose entry block arguments are its scalar
/// parameters and array sizes): constants, non-array arguments of `kernel`,
/// workgroup ids, workgroup and grid sizes, and side-effect-free arith
/// operations of such values. Conservative: false for anything else (loads
/// included), and for chains deeper than 32 operations.
bool isWorkgroupUniform(mlir::Value v, mlir::func::FuncOp kernel);

} // namespace nvc

#endif // NVC_PASSES_UNIFORMITY_H
