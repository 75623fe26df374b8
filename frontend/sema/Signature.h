//===- Signature.h - Numba type signatures of kernels ----------------------===//
//
// Kernels are typed from their argument types, given as Numba does it:
// eagerly in the decorator (`@cuda.jit("void(float32, float32[::1])")` or a
// list of such strings), as annotations (`def k(a: float32, x: float32[:])`),
// or on the command line (`--sig 'k=void(float32, float32[:])'`). A
// signature string is parsed with the kernel-language parser itself, so
// `float32[:, ::1]` means what it means in Python: an array type whose
// layout is C when the last slice has step 1, F when only the first does,
// A otherwise (numba.core.types.Array).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SIGNATURE_H
#define NVC_FRONTEND_SIGNATURE_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/Types.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nvc {

struct Signature {
  Type result = Type::none();
  std::vector<Type> params;
  ast::Location loc; ///< where the signature was written
  /// Written with argument types only (`(int64, int64)`): a kernel's result
  /// is none, a device function's the one type inference finds (Numba).
  bool resultInferred = false;
  std::string str() const;
};

/// Looks up a name a signature uses that is not one of Numba's type names:
/// a module-level structured dtype (`particle = np.dtype([...])`, written
/// `particle[:]`). Empty: no such names.
using TypeNameResolver = std::function<std::optional<Type>(const std::string &)>;

/// Converts a type expression (`float32`, `nb.float32`, `float32[:, ::1]`,
/// `numba.types.int64`) to a Type. Throws CompileError at the offending
/// sub-expression for anything else.
/// `resolve` gives the types of other names (module-level dtypes); also
/// `from_dtype(name)`.
Type typeFromExpr(const ast::Expr &expr, const TypeNameResolver &resolve = {});

/// Converts a signature written as a Numba type expression, as numba-cuda's
/// own tests write them (`void(float32[:, :], int32)`, `int32(int32)`, or a
/// tuple of argument types `(float32[:], int32)` for a result of none).
/// Throws CompileError at the offending sub-expression.
Signature signatureFromExpr(const ast::Expr &expr, const TypeNameResolver &resolve = {});

/// Parses a signature written as a string at `loc` (the string literal's
/// location; errors point into the string when it is on one line). Accepts
/// `ret(args...)` and `(args...)` (result none), and Numba's spelling of
/// record types (`Record(a[type=float64;offset=0],...;16;False)`, what
/// str(numba.typeof(record)) gives). Throws CompileError.
Signature parseSignatureString(const std::string &text, ast::Location loc,
                               const TypeNameResolver &resolve = {});

} // namespace nvc

#endif // NVC_FRONTEND_SIGNATURE_H
