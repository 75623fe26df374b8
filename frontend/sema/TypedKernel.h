//===- TypedKernel.h - A kernel typed for one signature --------------------===//
//
// The contract between type inference and MLIR generation: the type of
// every expression and variable of one kernel (or device-function
// specialization) typed for one signature, its compile-time constants, how
// it uses its array parameters, and its private and shared arrays. Written
// by the Inferrer (sema/), read by the Generator (mlirgen/) and the checks
// on typed kernels (BarrierDivergence, LocalIdBounds).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_TYPEDKERNEL_H
#define NVC_FRONTEND_SEMA_TYPEDKERNEL_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/ConstValue.h"
#include "frontend/sema/ModuleScope.h"
#include "frontend/sema/Signature.h"
#include "frontend/sema/Types.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace nvc {

/// How a kernel uses an array argument (for the manifest's `access`).
struct ArrayAccess {
  bool read = false;
  bool written = false;
};

/// The result of typing one kernel for one signature.
struct TypedKernel {
  const ast::FunctionDef *def = nullptr;
  Signature signature;
  IntWidth intWidth = IntWidth::Narrow32;
  /// 64-bit extents and indices in the ABI (PrecisionPolicy::wideIndices).
  bool wideIndices = false;
  /// float64 values (and complex128 parts) are computed in float32.
  bool narrowFloats = false;
  /// fastmath=True in the decorator: float `a*b + c` may become FMAs.
  bool fastmath = false;
  /// coarsen=C in the decorator (0: not given; the option or cost model decides).
  unsigned coarsen = 0;
  /// local_size= in the decorator (absent: not given).
  std::optional<std::array<int32_t, 3>> localSize;
  /// Type of every expression node of the body (and of resolved callees:
  /// the `func` of a Call maps to a Function/DType/Dim3 type naming it).
  std::unordered_map<const ast::Expr *, Type> exprTypes;
  /// Type of every local variable (parameters included).
  std::map<std::string, Type> varTypes;
  /// Compile-time values of expressions that name module constants.
  std::unordered_map<const ast::Expr *, ConstValue> constants;
  /// Per parameter index: how an array parameter is used.
  std::vector<ArrayAccess> access;
  /// Device functions only: the unified type of its return statements
  /// (none when it returns nothing).
  Type returnType = Type::none();
  bool isDevice = false;
  /// The file the function is defined in (an imported helper's, or the
  /// kernel file's).
  const SourceFile *source = nullptr;
  /// Shapes of the private arrays each constructor call allocates.
  std::unordered_map<const ast::Call *, std::vector<int64_t>> privateArrays;
  /// Which of those are shared by the workgroup (cuda.shared.array).
  std::unordered_set<const ast::Call *> sharedArrays;
  /// Which of those are dynamic (numba-cuda's `cuda.shared.array(0, dtype)`:
  /// one-dimensional, sized by the launch; shape recorded as {0}).
  std::unordered_set<const ast::Call *> dynamicSharedArrays;
  /// The specialization (InferenceContext key) each call of a user
  /// function calls.
  std::unordered_map<const ast::Call *, std::string> callees;
  /// `f(*t)` (one unpacked tuple argument): the call as type inference
  /// expanded it, `f($t[0], ..., $t[n-1])`, and the local `$t` that holds
  /// the tuple (evaluated once, before the call).
  struct UnpackedCall {
    std::shared_ptr<ast::Call> call;
    std::string tuple;
  };
  std::unordered_map<const ast::Call *, UnpackedCall> unpackedCalls;

  /// What a `raise` or `assert` statement raises (docs/language.md "Errors"):
  /// the exception class's name and the text of str(exception).
  struct RaiseSite {
    std::string type;
    std::string message;
  };
  std::unordered_map<const ast::Stmt *, RaiseSite> raises;
  /// print() arguments that are constant strings (a literal or a
  /// module-level string constant), with their text.
  std::unordered_map<const ast::Expr *, std::string> printTexts;
  /// error_model="python": a division, floor division or modulo by zero
  /// raises ZeroDivisionError (with Numba's message) instead of giving 0 or
  /// inf/nan; divisors that are nonzero literals are not checked.
  bool pythonErrorModel = false;
  /// boundscheck=True: every array index is checked against its extent.
  bool boundscheck = false;
  /// Whether running the function may raise: it has a raise site, a checked
  /// division or a checked index, or calls a function that may raise. Such a
  /// function takes the entry point's error buffer (docs/manifest.md).
  bool mayRaise = false;
  /// Whether it prints (a print() call, or a call of a function that does):
  /// it takes the entry point's print buffer.
  bool mayPrint = false;

  const Type &typeOf(const ast::Expr *e) const;
};

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_TYPEDKERNEL_H
