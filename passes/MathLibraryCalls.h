//===- MathLibraryCalls.h - Calls of the math library's declarations -----===//
//
// The frontend emits the math functions the math dialect lacks (fmod,
// hypot, sinpi, cospi, exp10, gamma, lgamma) as calls of private
// declarations `@nvc_math_<op>_<f32|f64>` (frontend/mlirgen/MathCodegen.cpp),
// which ExpandMathLibrary replaces with arithmetic before SPIR-V. A
// func.call declares no memory effects, so passes that must know a call is
// pure ask here.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_MATHLIBRARYCALLS_H
#define NVC_PASSES_MATHLIBRARYCALLS_H

#include <mlir/Dialect/Func/IR/FuncOps.h>

namespace nvc {

/// Whether `op` calls a math library declaration `@nvc_math_*`: a pure
/// function of its operands (reads and writes no memory).
inline bool isMathLibraryCall(mlir::Operation *op) {
  auto call = llvm::dyn_cast<mlir::func::CallOp>(op);
  return call && call.getCallee().starts_with("nvc_math_");
}

} // namespace nvc

#endif // NVC_PASSES_MATHLIBRARYCALLS_H
