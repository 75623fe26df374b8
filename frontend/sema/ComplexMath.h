//===- ComplexMath.h - Typing of the complex math functions ----------------===//
//
// The complex functions kernels may call: Python's `cmath` module as
// numba-cuda supports it on the GPU (numba/cuda/typing/cmathdecl.py and the
// overloads of numba/cuda/cpython/cmathimpl.py), `abs`/`np.abs`/
// `np.absolute` of a complex number and `np.exp` of a complex number. This
// file holds the typing rule of each (one place); code generation is in
// ComplexCodegen.h.
//
// Results follow CPython's cmath (C99 Annex G) including every special value;
// see docs/math.md ("Complex functions").
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_COMPLEXMATH_H
#define NVC_FRONTEND_COMPLEXMATH_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/Builtins.h"
#include "frontend/sema/Types.h"

#include <string>
#include <vector>

namespace nvc {

/// True if a call of builtin `b` (cmath.exp, abs, np.exp, ...) on arguments
/// of types `args` is a complex function handled here: every cmath
/// function, and the builtins flagged kComplexWhenComplexArgument
/// (abs/np.abs/np.absolute/np.exp) whose first argument is complex.
bool isComplexFunction(const BuiltinInfo &b, const std::vector<Type> &args);

/// The result type of a complex function (isComplexFunction). A real
/// argument is taken as a complex number, as CPython does: float32 as
/// complex64, other real numbers as complex128 (numba-cuda itself types
/// cmath functions of complex arguments only). Unary functions keep their
/// argument's complex type; `cmath.log(z, base)` has the wider of the two;
/// `phase`/`abs` give the part type, `polar` a (part, part) tuple,
/// `isnan`/`isinf`/`isfinite` bool, `rect(r, phi)` complex64 iff both are
/// float32, else complex128. Throws CompileError at `loc` for a wrong number
/// or kind of arguments or an unsupported name.
Type typeComplexFunction(const BuiltinInfo &b, const std::vector<Type> &args,
                         ast::Location loc);

/// The complex type a real or complex argument of a complex function is
/// computed in (float32 → complex64, other reals → complex128).
Type complexOperandType(const Type &arg);

} // namespace nvc

#endif // NVC_FRONTEND_COMPLEXMATH_H
