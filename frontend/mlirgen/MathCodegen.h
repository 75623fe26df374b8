//===- MathCodegen.h - Code for math-library calls -------------------------===//
//
// Emits the calls typed by MathBuiltins.h: `math` dialect operations where
// one exists, leaving accuracy to the math-library passes (passes/), which
// replace what GLSL.std.450 cannot do (all float64 transcendentals) or does
// too inaccurately with nvc's own implementations.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MATHCODEGEN_H
#define NVC_FRONTEND_MATHCODEGEN_H

#include "frontend/sema/MathBuiltins.h"

#include <mlir/IR/Builders.h>

#include <functional>
#include <string>
#include <vector>

namespace nvc {

/// What code generation for a math call needs from the generator.
struct MathEmitter {
  mlir::OpBuilder &builder;
  mlir::Location loc;
  /// Converts a scalar between Numba types (the generator's conversions).
  std::function<mlir::Value(mlir::Value, const Type &from, const Type &to)> convert;
  /// Lowered MLIR type of a scalar Numba type (integer narrowing applied).
  std::function<mlir::Type(const Type &)> lower;
};

/// Emits a call of `qualifiedName` on `args` (of Numba types `argTypes`)
/// whose result has type `resultType` (from typeMathBuiltin). Returns the
/// scalar leaves of the result (one, or several for a tuple). Throws
/// CompileError at `loc` for what cannot be generated.
std::vector<mlir::Value> emitMathBuiltin(MathEmitter &emitter, const std::string &qualifiedName,
                                         const std::vector<mlir::Value> &args,
                                         const std::vector<Type> &argTypes,
                                         const Type &resultType, ast::Location loc);

} // namespace nvc

#endif // NVC_FRONTEND_MATHCODEGEN_H
