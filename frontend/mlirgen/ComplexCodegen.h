//===- ComplexCodegen.h - Code for complex math functions ------------------===//
//
// Emits the complex functions typed in ComplexMath.h and complex division,
// from real arithmetic and real math-library calls (MathCodegen.h). Every
// function follows CPython's cmath module: its algorithm for finite
// arguments and its special-value tables (C99 Annex G) for infinite and NaN
// parts, evaluated without branches (both paths are computed and selected).
// complex64 runs the same algorithms in float32 with float32 thresholds.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_COMPLEXCODEGEN_H
#define NVC_FRONTEND_COMPLEXCODEGEN_H

#include "frontend/mlirgen/MathCodegen.h"

#include <mlir/IR/Builders.h>

#include <string>
#include <vector>

namespace nvc {

/// The two parts of a complex number, floats of one type.
struct ComplexParts {
  mlir::Value re, im;
};

/// Emits a call of the complex function `qualifiedName` (isComplexFunction)
/// whose result has type `resultType` (typeComplexFunction). `args[i]` are
/// the scalar leaves of argument i (one for a real number, two for a
/// complex one) of Numba type `argTypes[i]`. Returns the result's leaves:
/// two for a complex number or the polar tuple, one otherwise. Throws
/// CompileError at `loc` for a name it does not know.
std::vector<mlir::Value> emitComplexFunction(MathEmitter &emitter,
                                             const std::string &qualifiedName,
                                             const std::vector<std::vector<mlir::Value>> &args,
                                             const std::vector<Type> &argTypes,
                                             const Type &resultType, ast::Location loc);

/// a / b for complex numbers of one float type, as numba-cuda computes it
/// (CPython's _Py_c_quot: Smith's algorithm, dividing by the scaled
/// denominator), so that results agree bit for bit. A zero divisor, for
/// which numba-cuda raises ZeroDivisionError (a kernel thread silently stops),
/// gives NumPy's value instead: (a.re / |b.re|, a.im / |b.im|), inf or NaN.
ComplexParts emitComplexDivision(mlir::OpBuilder &builder, mlir::Location loc, ComplexParts a,
                                 ComplexParts b);

} // namespace nvc

#endif // NVC_FRONTEND_COMPLEXCODEGEN_H
