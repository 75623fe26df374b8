//===- MathBuiltins.h - Typing and code for the math library ---------------===//
//
// The scalar math functions kernels may call: Python's `math` module as
// Numba supports it on the GPU, NumPy's element-wise functions on scalars
// (`np.sqrt`, `np.isnan`, `np.where`, ...), `cuda.fma`, `cuda.libdevice.*`
// and their `nv` equivalents (`nv.fma`, `nv.libdevice.*`). Typing follows
// numba/core/typing/mathdecl.py, Numba's ufunc loop selection for NumPy
// functions and the fixed signatures of numba.cuda.libdevice. Code
// generation is in MathCodegen.h.
//
// Qualified names are the type inferencer's: "math.sqrt", "np.sqrt",
// "cuda.fma", "cuda.libdevice.sinf", ...
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MATHBUILTINS_H
#define NVC_FRONTEND_MATHBUILTINS_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/Types.h"

#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// How a math-library function takes and returns its values.
enum class MathSignature {
  PyUnary,     ///< math.f(x): float32 → float32, other numbers → float64
  PyBinary,    ///< math.f(x, y): float32 iff both are float32, else float64
  PyToInt,     ///< math.floor/ceil/trunc: float → int64, an integer → itself
  PyPredicate, ///< math.isnan(x) → bool
  NpUnary,     ///< np.f(x): floats keep their width; bool and ≤16-bit ints →
               ///< float32, wider ints → float64
  NpBinary,    ///< np.f(x, y): the wider of the two as NpUnary
  NpPredicate, ///< np.isnan(x) → bool
  NpSame,      ///< np.sign, np.square: the argument's own type (bool → int64)
  NpWhere,     ///< np.where(c, a, b) on scalars: NumPy promotion of a and b
  Fixed,       ///< libdevice, cuda.fma: every argument converted to `width`
  PyFrexp,     ///< math.frexp(x): (mantissa, int32 exponent), as numba-cuda's Math_frexp
  PyLdexp,     ///< math.ldexp(x, n): x's float type (as PyUnary), n an int32
};

/// A resolved math-library function.
struct MathFunction {
  /// Canonical operation: "sin", "atan2", "sincos", "fma", "isnan", ...
  std::string op;
  MathSignature signature;
  /// Number of arguments.
  unsigned arity = 1;
  /// Float width of Fixed signatures (32 or 64; 0: chosen per call).
  unsigned width = 0;
  /// libdevice's fast_* variants: the device's built-in may be used.
  bool fast = false;
  /// Result is a tuple (sin, cos) of two values.
  bool pair = false;
};

/// Resolves `qualifiedName` ("math.atan2", "cuda.libdevice.sinf", ...);
/// nullopt if it is not a math-library function.
std::optional<MathFunction> resolveMathBuiltin(const std::string &qualifiedName);

/// True if `qualifiedName` is a math-library function handled here.
bool isMathBuiltin(const std::string &qualifiedName);

/// The float type a call computes in, given its argument types (the
/// arguments are converted to it); for predicates the type the argument is
/// tested in. Not meaningful for NpSame/NpWhere.
Type mathComputeType(const MathFunction &fn, const std::vector<Type> &args);

/// The result type of calling `qualifiedName` with arguments of `args`
/// (Numba's rules). Throws CompileError at `loc` for a wrong number or type
/// of arguments.
Type typeMathBuiltin(const std::string &qualifiedName, const std::vector<Type> &args,
                     ast::Location loc);

} // namespace nvc

#endif // NVC_FRONTEND_MATHBUILTINS_H
