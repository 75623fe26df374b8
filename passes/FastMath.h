//===- FastMath.h - Where kernels and operations permit approximation -----===//
//
// The one place that says how a kernel's fastmath=True reaches the passes
// (MLIR generation marks the func.func with abi::kFastmathAttr) and which
// fast-math flags of an operation allow an approximate result (Numba's
// fastmath: afn, arcp, ...).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_FASTMATH_H
#define NVC_PASSES_FASTMATH_H

#include "abi/Attributes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/IR/Operation.h>

namespace nvc {

/// Whether `op`'s fast-math flags (the `fastmath` attribute of arith/math
/// operations) allow an approximate function (`afn`) or a reciprocal in
/// place of a division (`arcp`).
inline bool allowsApproximation(mlir::Operation *op) {
  auto flags = op->getAttrOfType<mlir::arith::FastMathFlagsAttr>("fastmath");
  return flags && mlir::arith::bitEnumContainsAny(
                      flags.getValue(),
                      mlir::arith::FastMathFlags::afn | mlir::arith::FastMathFlags::arcp);
}

} // namespace nvc

#endif // NVC_PASSES_FASTMATH_H
