//===- TypeInference.h - Name resolution and Numba typing of kernels -------===//
//
// Semantic analysis of a parsed kernel file, in two steps:
//
//  1. ModuleScope (ModuleScope.h) resolves the file's module-level names: imports of the
//     modules a kernel may use (numba, numba.cuda, numba_vulkan, math,
//     numpy), module-level constants (evaluated at compile time and frozen,
//     as Numba freezes globals), and the decorated functions with their
//     decorator options and signatures.
//  2. inferKernel types one kernel for one signature with Numba's typing
//     rules (numba/core/typing): literals are int64/float64, integer
//     arithmetic widens to 64 bits, int / int is float64, mixing an integer
//     of 32 bits or more with float32 gives float64, and a variable assigned
//     different types on different paths gets their unified type. Every
//     expression's type is recorded for MLIR generation.
//
// Errors throw CompileError at the offending expression.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_TYPEINFERENCE_H
#define NVC_FRONTEND_TYPEINFERENCE_H

#include "frontend/syntax/AST.h"
#include "frontend/syntax/Diagnostics.h"
#include "frontend/sema/ConstValue.h"
#include "frontend/sema/ModuleScope.h"
#include "frontend/sema/Signature.h"
#include "frontend/sema/TypedKernel.h"
#include "frontend/sema/Types.h"

#include <array>
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace nvc {

class OverloadResolver;

/// The device-function specializations typed while typing a file's kernels:
/// one per function and distinct argument types (as Numba specializes per
/// call signature), keyed by a mangled name (`clamp__float32_float32`).
class InferenceContext {
public:
  InferenceContext(const ModuleScope &scope, DiagnosticEngine &diags,
                   PrecisionPolicy defaultPrecision = {})
      : scope(scope), diags(diags), defaultPrecision(defaultPrecision) {}
  const ModuleScope &scope;
  DiagnosticEngine &diags;
  /// For kernels without narrow= (the command line's --narrow).
  PrecisionPolicy defaultPrecision;
  /// The command line's --error-model=python: the error model of functions
  /// without error_model= or debug=True.
  bool defaultPythonErrorModel = false;
  /// Bounds checking forced on or off for every function (--boundscheck,
  /// NUMBA_BOUNDSCHECK=1 or 0, as Numba reads it); absent: each function's
  /// boundscheck= (off when not given).
  std::optional<bool> forcedBoundscheck;
  /// Literal locations already warned about (inference runs several rounds).
  std::set<std::pair<uint32_t, uint32_t>> warnedLiterals;
  /// (file, line) pairs -Wint-narrowing has warned about (once per line,
  /// whatever the signatures and specializations).
  std::set<std::pair<const SourceFile *, uint32_t>> warnedNarrowing;
  /// (file, line, column) of the array-expression variables noted as read
  /// more than once (Inferrer::noteRereadExpressions).
  std::set<std::tuple<const SourceFile *, uint32_t, uint32_t>> notedRereads;
  std::map<std::string, std::unique_ptr<TypedKernel>> specializations;
  /// Specialisation keys whose typing failed without literal arguments, so
  /// that later calls go straight to the literal specialisation.
  std::set<std::string> failedWithoutLiterals;
  /// Functions being typed, innermost last (to reject recursion).
  std::vector<std::string> callStack;
  /// Kernels of other scopes typed after the file's own: those nvc writes
  /// for the file's ufuncs (UfuncKernels.h).
  std::vector<const DecoratedFunction *> ufuncKernels;
  /// The kernel being typed (its spelling picks among @overload targets:
  /// "cuda" for @cuda.jit, "vulkan" for @nv.jit).
  const DecoratedFunction *kernel = nullptr;
  /// The evaluations of `@overload`s and the implementations they chose,
  /// made when a call first needs them (Overloads.h); they live as long as
  /// the specialisations that refer to them.
  std::shared_ptr<OverloadResolver> overloads;
};

/// Types `def` for `sig` as a kernel. Throws CompileError on a type error.
TypedKernel inferKernel(InferenceContext &context, const DecoratedFunction &fn,
                        const Signature &sig);

/// Types every kernel of the file for each of its signatures. Entry names
/// are the function's name, and `name__<k>` for its k-th extra signature. A
/// function is a kernel when its decorator makes it one (@cuda.jit and
/// @nv.jit without device=True) and no other function of the file calls it;
/// a kernel without a signature is an error that says how to give one.
/// Device functions are typed per call. A kernel's type error is reported
/// through context.diags (once per location and message) and that kernel
/// left out, so that every kernel's first error is reported; the caller
/// checks diags.errorCount(). Throws CompileError for the missing signature.
std::vector<std::pair<std::string, TypedKernel>> typeKernels(InferenceContext &context);

/// A static shared array declared in a device function is allocated where
/// the function is inlined, once per call site, while numba-cuda gives every
/// call the same array. Throws CompileError (at the declaration) when a
/// kernel reaches such a function from more than one call site, where the
/// two could differ; a call in a loop is one site.
void checkDeviceSharedArrays(const TypedKernel &kernel, const InferenceContext &context);

/// Bytes of the static shared arrays of the device functions `kernel`
/// reaches, one allocation per call site (the kernel's own arrays are
/// counted where they are generated).
uint64_t deviceSharedArrayBytes(const TypedKernel &kernel, const InferenceContext &context);

/// Whether Numba converts a value of type `from` to `to` when it passes it to
/// a parameter of a fixed signature (numbers to numbers, complex to complex,
/// arrays of one dtype and ndim to a matching layout, tuples item by item).
bool convertible(const Type &from, const Type &to);

/// The signature Numba's dispatcher picks for a call with `args` among the
/// declared `signatures`: the fewest unsafe conversions (narrowing, float to
/// integer, signedness), then the fewest safe ones (integer to float, real to
/// complex), then the fewest promotions (widening), the first declared on a
/// tie; null when none accepts the arguments.
const Signature *selectSignature(const std::vector<Signature> &signatures,
                                 const std::vector<Type> &args);

/// Types the device function `fn` for argument types `args` unless already
/// typed; returns its specialization key in `context`. A device function with
/// declared signatures is typed for the one selectSignature picks (its
/// arguments converted to it, its result the declared one). Throws
/// CompileError (at `callLoc` for recursion or when no signature fits).
/// `constants[i]`, where set, is the compile-time value of argument i (an
/// integer, a boolean or a tuple of integers, as a literal or a constant
/// expression at the call): the specialisation knows it, as Numba types such
/// an argument as a literal (so `cuda.shared.array(n, dtype)` of a parameter
/// n works), unless the function assigns the parameter.
std::string inferDeviceFunction(InferenceContext &context, const DecoratedFunction &fn,
                                const std::vector<Type> &args, ast::Location callLoc,
                                const std::vector<std::optional<ConstValue>> &constants = {});

} // namespace nvc

#endif // NVC_FRONTEND_TYPEINFERENCE_H
