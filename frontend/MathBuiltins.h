//===- MathBuiltins.h - Typing and code for the math library ---------------===//
//
// The scalar math functions kernels may call: Python's `math` module as
// Numba supports it on the GPU, NumPy's element-wise functions on scalars
// (`np.sqrt`, `np.maximum`, ...), `cuda.fma`, `cuda.libdevice.*` and their
// `nv` equivalents. Typing follows numba/core/typing/mathdecl.py and
// numba/np/npyfuncs. Code generation is in MathCodegen.h.
//
// Qualified names are the type inferencer's: "math.sqrt", "np.sqrt",
// "cuda.fma", "cuda.libdevice.sinf", ...
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MATHBUILTINS_H
#define NVC_FRONTEND_MATHBUILTINS_H

#include "frontend/AST.h"
#include "frontend/Types.h"

#include <string>
#include <vector>

namespace nvc {

/// True if `qualifiedName` is a math-library function handled here.
bool isMathBuiltin(const std::string &qualifiedName);

/// The result type of calling `qualifiedName` with arguments of `args`
/// (Numba's rules). Throws CompileError at `loc` for a wrong number or type
/// of arguments.
Type typeMathBuiltin(const std::string &qualifiedName, const std::vector<Type> &args,
                     ast::Location loc);

} // namespace nvc

#endif // NVC_FRONTEND_MATHBUILTINS_H
