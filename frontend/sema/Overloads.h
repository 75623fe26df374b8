//===- Overloads.h - numba's @overload, evaluated when a call is typed ----===//
//
// numba's high-level extension API (docs/language.md, "Overloads"):
//
//   @overload(f, target="cuda")            # or "vulkan", "generic"
//   def ol_f(x, y=2):
//       if isinstance(x, types.Float):
//           def impl(x, y=2):
//               return x * y
//           return impl
//
// When a kernel calls `f(a)`, numba calls the typing function `ol_f` with
// the arguments' Numba types and compiles the function it returns. nvc has
// no Python interpreter, so it evaluates the typing function's body itself:
// a small interpreter of the Python that typing functions are written in
// (numbers, strings, tuples, if/for/while, closures, isinstance, raise), in
// which the arguments are Numba type objects derived from nvc's Type
// (`types.Integer`, `types.Array`, `x.ndim`, `x.dtype`, `x.bitwidth`,
// literal types, ...). The implementation it returns — a closure of the
// typing function, a lambda, or a function of the module — is compiled as
// a device function for the call's arguments, the typing function's values
// it uses bound as constants, dtypes and functions (ModuleScope::withNames).
//
// Candidates are tried as numba-cuda tries them: the overloads whose target
// applies to the GPU, the most specific target first (the kernel's own
// spelling's, "cuda" for @cuda.jit and "vulkan" for @nv.jit, then the other
// GPU target, then "gpu", then "generic"), each in declaration order; each
// with the arguments' plain types, then with literal types for arguments
// that are constants (the other way round with prefer_literal=True). The
// first typing function that returns an implementation that types wins;
// `return None` and `raise` (errors.TypingError(...)) are failures numba's
// message lists. What the evaluator cannot evaluate is a compile error at
// the construct, in the file of the typing function.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_OVERLOADS_H
#define NVC_FRONTEND_SEMA_OVERLOADS_H

#include "frontend/sema/TypeInference.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// One argument of a call of an overloaded function, as the call typed it.
struct OverloadArg {
  std::string keyword; ///< empty for a positional argument
  Type type;
  /// The argument's value when the call knows it (an integer or boolean
  /// literal or constant): numba's literal type for the literal attempts.
  std::optional<ConstValue> literal;
};

/// Types the implementation `impl` for the call (its arguments bound to
/// impl's parameters) and returns its specialisation key; throws
/// CompileError(s) when it does not type.
using CompileImplementation = std::function<std::string(const DecoratedFunction &impl)>;

struct OverloadChoice {
  const DecoratedFunction *impl = nullptr;
  std::string key; ///< what `compile` returned for it
};

/// The implementation of a call of a function (or method: the receiver is
/// the first argument) overloaded by `set`. Throws CompileError at `callLoc`
/// when no overload gives one (the message lists each one's failure), and
/// at the construct when a typing function cannot be evaluated.
OverloadChoice resolveOverload(InferenceContext &context, const OverloadSet &set,
                               const std::vector<OverloadArg> &args, ast::Location callLoc,
                               const CompileImplementation &compile);

/// The `@overload_method`s of `set` whose type class (`Array`, `Integer`,
/// ...) a receiver of type `receiver` is an instance of, as one set (kept
/// in `context`); null when none applies.
const OverloadSet *applicableMethods(InferenceContext &context, const OverloadSet &set,
                                     const Type &receiver);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_OVERLOADS_H
