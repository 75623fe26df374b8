//===- Ufuncs.h - NumPy's universal functions called in kernels ------------===//
//
// The NumPy ufuncs a kernel may call by name (`np.add`, `np.greater`,
// `np.logical_and`, `np.fmax`, `np.sin`, ...) on scalars, arrays, views and
// array expressions, and with an output array (`np.sin(a, out)`, as
// numba-cuda's test_ufuncs calls them). Each has one typing rule here:
// Numba's ufunc loop selection (numba/np/numpy_support.py
// ufunc_find_matching_loop), which is NumPy's — the first of the ufunc's
// loops (`ufunc.types`, less the float16 and long double ones Numba lacks)
// that every input casts to safely — and NumPy's `same_kind` rule for the
// output array. Code generation is Generator::ufuncCall (GenUfuncs.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_UFUNCS_H
#define NVC_FRONTEND_UFUNCS_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/Types.h"

#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// What a ufunc computes per element.
enum class UfuncKind {
  Binary,   ///< a Python binary operator in the loop's type (np.add: +)
  Compare,  ///< a comparison; complex numbers ordered lexicographically as NumPy
  Logical,  ///< logical_and/or/xor/not of the operands' truth values
  Unary,    ///< negative, positive, invert/bitwise_not, absolute
  Extremum, ///< maximum/minimum (NaN propagates), fmax/fmin (NaN ignored)
  Math,     ///< a math function ("np.sin"): MathBuiltins.h, complex ComplexMath.h
  Fmod,     ///< np.fmod: C's fmod of floats, the truncated remainder of integers
};

/// The loop classes a ufunc has (NumPy's type characters ? b..Q f d F D).
enum UfuncLoops : unsigned {
  kLoopBool = 1,
  kLoopInts = 2,    ///< int8 uint8 int16 uint16 int32 uint32 int64 uint64
  kLoopFloats = 4,  ///< float16 float32 float64
  kLoopComplex = 8, ///< complex64 complex128
};

/// One NumPy ufunc.
struct Ufunc {
  std::string name; ///< NumPy's name: "add", "greater", "sin"
  unsigned nin = 1; ///< inputs; every ufunc here has one output
  UfuncKind kind = UfuncKind::Math;
  std::optional<ast::BinOpKind> binary;  ///< Binary (and logical_and/or/xor)
  std::optional<ast::CmpOpKind> compare; ///< Compare
  std::optional<ast::UnaryOpKind> unary; ///< Unary (absolute has none)
  bool ignoresNaN = false;               ///< Extremum: fmax/fmin
  bool isMax = false;                    ///< Extremum: maximum/fmax
  unsigned loops = 0;                    ///< UfuncLoops bits
  /// The loop's output: its input type (Same), bool (Bool), or the part
  /// type of a complex input (Real: absolute).
  enum class Output { Same, Bool, Real } output = Output::Same;
  /// true_divide: inputs that are all booleans and integers divide in float64.
  bool integersInFloat64 = false;
};

/// The ufunc `qualifiedName` ("np.add", "np.true_divide", ...) names; nullopt
/// for other names. Aliases resolve to NumPy's ufunc (np.divide is
/// true_divide, np.mod remainder, np.bitwise_not invert, np.abs absolute).
std::optional<Ufunc> resolveUfunc(const std::string &qualifiedName);

/// The ufunc NumPy applies for a binary operator on arrays (`a + b` is
/// np.add, `a / b` np.true_divide, ...): Numba types array expressions by
/// it. nullopt for `@`.
std::optional<Ufunc> ufuncOfOperator(ast::BinOpKind op);

/// The ufunc of a unary operator on arrays (`-a` is np.negative, `+a`
/// np.positive, `~a` np.invert); nullopt for `not`.
std::optional<Ufunc> ufuncOfUnaryOperator(ast::UnaryOpKind op);

/// The loop Numba selects for inputs of scalar types `inputs`.
struct UfuncLoop {
  Type input;  ///< every input is converted to this type
  Type output; ///< the element type of the result
};

/// Numba's (and NumPy's) loop selection for `u` on inputs of scalar types
/// `inputs` (nin of them): the first loop every input casts to safely;
/// nullopt when none does (np.bitwise_and of floats, np.sin of nothing
/// numeric). Math ufuncs on real inputs are typed by MathBuiltins.h instead
/// (the same rule); on complex inputs this gives their complex loop.
std::optional<UfuncLoop> selectUfuncLoop(const Ufunc &u, const std::vector<Type> &inputs);

/// The element type `u` gives for inputs of scalar types `inputs`: the
/// selected loop's output, or for a math ufunc of real numbers
/// typeMathBuiltin's type (Numba's rule for np.sin and friends). Throws
/// CompileError at `loc` when no loop takes the inputs, in NumPy's words
/// ("ufunc 'bitwise_and' not supported for the input types float64").
Type ufuncResultType(const Ufunc &u, const std::vector<Type> &inputs, ast::Location loc);

/// NumPy's `can_cast(from, to, "safe")` between scalar number types.
bool castsSafely(const Type &from, const Type &to);

/// NumPy's `can_cast(from, to, "same_kind")`: safe, or not to an earlier kind
/// of bool < unsigned < signed < float < complex (the rule for writing a
/// ufunc's result into an output array, numba's strict_ufunc_typing).
bool castsSameKind(const Type &from, const Type &to);

} // namespace nvc

#endif // NVC_FRONTEND_UFUNCS_H
