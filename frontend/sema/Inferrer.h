//===- Inferrer.h - Typing of one function for one signature ---------------===//
//
// The internal contract of type inference (frontend/sema/TypeInference.cpp is
// its public face): one Inferrer types one kernel or device function for one
// signature, by abstract interpretation over types:
//  1. Collect the names the function assigns (they are locals, as in Python;
//     everything else resolves in the ModuleScope).
//  2. Seed parameters with the signature's types.
//  3. Walk the body, typing every expression bottom-up with Numba's rules and
//     unifying each variable's type with every value assigned to it; repeat
//     until no variable's type changes (loops feed types back to their
//     heads), at most a few rounds since unification only widens.
//  4. Record array reads and writes per parameter for the manifest.
//
// Its methods live in one file per concern, named as MLIR generation's are:
//   InferFunction.cpp    the rounds, statements skipped on error
//   InferStatements.cpp  assignments, control flow, returns
//   InferExpressions.cpp literals, names, attributes, operators
//   InferArrays.cpp      subscripts, views, iteration, array constructors
//   InferCalls.cpp       builtins of Python/math/cmath/NumPy, device functions
//   InferGPU.cpp         subgroup operations, atomics, barrier reductions
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_INFERRER_H
#define NVC_FRONTEND_SEMA_INFERRER_H

#include "frontend/sema/Builtins.h"
#include "frontend/sema/TypeInference.h"
#include "frontend/sema/Ufuncs.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nvc::sema {

/// Types one function for one signature (see the file comment). Errors
/// throw CompileError, or CompileErrors for several independent ones.
class Inferrer {
public:
  /// `declaredResult`: the function's result type is `sig.result` (a device
  /// function's declared signature); returned values are converted to it.
  /// `constants`: the compile-time values of a device function's arguments
  /// (inferDeviceFunction), where known.
  Inferrer(InferenceContext &context, const DecoratedFunction &fn, const Signature &sig,
           bool isDevice, bool declaredResult = false,
           const std::vector<std::optional<ConstValue>> &constants = {});
  /// Types the function; errors inside it are reported in its file.
  TypedKernel run();

private:
  TypedKernel runRounds();
  Type record(const ast::Expr &e, Type t) {
    result_.exprTypes[&e] = t;
    return t;
  }
  [[noreturn]] void fail(ast::Location loc, const std::string &msg) { throw CompileError(loc, msg); }
  /// Types each statement; a statement that fails is recorded and skipped, so
  /// that the errors of independent statements are all reported. What it
  /// would have assigned stays untyped, and the rules tolerate untyped values
  /// (loops reach uses before assignments in the first round), so the
  /// statements after it add no errors of their own making.
  void block(const ast::Block &stmts);
  /// Keeps `e` unless the same error was recorded (a device function called
  /// twice, a loop body typed again).
  void recordError(CompileError e);
  /// Types the assignment of a value of `type` to `target`. An untyped value
  /// (one that depends on a variable no assignment has reached yet, in a loop
  /// typed again next round, or on a statement that failed) assigns nothing;
  /// a subscript target's indices are typed all the same.
  void assignTo(const ast::Expr &target, const Type &type, ast::Location valueLoc,
                std::optional<size_t> arrayRoot = std::nullopt);
  void stmt(const ast::Stmt &s);
  /// 004_…txt "Precision": a Python literal (float64 or int64) mixed into
  /// single-precision arithmetic promotes it to double precision, which is
  /// slow on GPUs and often unintended. Warns once per literal, naming the
  /// fix, unless floats are narrowed anyway.
  void warnLiteralPromotion(const ast::Expr &literal, const Type &otherType, const Type &result);
  /// Whether `e` reads 64-bit integer data: an element of an int64/uint64
  /// array, or an int64/uint64 scalar parameter of the function.
  bool isInt64Data(const ast::Expr &e);
  /// -Wint-narrowing: under 32-bit integers (narrow=True, --index-bits 32,
  /// @nv.jit's default), int64 arithmetic that may wrap at 2**31 where
  /// numba-cuda's exact int64 would not: an accumulation in a loop
  /// (`s += ...`) or +, -, *, ** or << of int64 data. Once per line.
  void warnIntNarrowing(ast::BinOpKind op, const ast::Expr *lhs, const ast::Expr &rhs,
                        const Type &result, bool accumulation, ast::Location at);
  /// The type a `for` loop over `iter` binds per iteration: the counter of
  /// range(), an element (or row view) of an array, (index, item) for
  /// enumerate(), a tuple of items for zip().
  Type iterationItem(const ast::Expr &iter);
  /// The tuple of `literal_unroll(tuple)` when `iter` is that call.
  const ast::Expr *literalUnrollArgument(const ast::Expr &iter);
  /// For `for row in a` over a 2-D parameter: the parameter a row view
  /// refers to (only a plain target can hold a view).
  std::optional<size_t> iterationRoot(const ast::Expr &iter, const ast::Expr &target);
  /// The parameter an array expression refers to (through views), or
  /// kPrivateArray / kConstantArray.
  std::optional<size_t> rootOf(const ast::Expr &e);
  /// Fails when `array` (an array expression about to be written) is a
  /// frozen module-level array or a view of one: Numba freezes global
  /// arrays as read-only constants.
  void checkWritable(const ast::Expr &array, ast::Location at);
  /// Whether `mask`, the first argument of a numba.cuda *_sync function,
  /// names every active invocation: a constant whose low 32 bits are all set
  /// (0xffffffff, as the seeds write it), a call of cuda.activemask(), or a
  /// local variable every assignment of which is such a call. Vulkan subgroup
  /// operations always take every invocation that reaches them, so these are
  /// the only masks nvc can honour.
  bool isActiveMask(const ast::Expr &mask);
  bool isActiveMaskCall(const ast::Call &c);
  /// nv.subgroup functions and numba.cuda's warp functions (004_…txt
  /// "Subgroups"; numba.cuda's "Warp intrinsics"). The mask of the *_sync
  /// functions must name every active invocation (isActiveMask), since
  /// Vulkan subgroup operations take every invocation that reaches them.
  Type subgroupCall(const ast::Call &c, const BuiltinInfo &b);
  /// `cuda.atomic.OP(ary, idx, val)` / `nv.atomic.OP(...)` and
  /// `cas(ary, idx, old, val)` (numba.cuda's atomic operations; 004_…txt
  /// "Workgroups, shared memory and atomics"): on one element of an array
  /// argument or a shared array, returning the previous value. Integer
  /// atomics work on 32-bit elements (int64 arrays too, narrowed to 32 bits
  /// by default); float32 has add, sub, max, min, nanmax, nanmin and exch;
  /// inc and dec are numba.cuda's (unsigned wrap-around counters); float64
  /// and 64-bit integer atomics are errors (Vulkan devices rarely have them),
  /// except on the float64 arrays of narrowed kernels, which are float32 on
  /// the device.
  Type atomicCall(const ast::Call &c, const BuiltinInfo &b);
  /// cuda.ldca(ary, idx) ... cuda.stwt(ary, idx, value): plain loads and
  /// stores (Vulkan has no per-access cache hints), typed as numba-cuda.
  Type cacheHint(const ast::Call &c, const BuiltinInfo &b);
  /// `f(*t)`: types t (a tuple) into a local of its own and the call as
  /// `f(t[0], ..., t[n-1])` (result_.unpackedCalls). Only a call of one
  /// unpacked argument whose callee is a name or attribute is supported.
  Type unpackedCall(const ast::Call &c);
  /// The type of each array index `index` gives: its items (`a[i, j]`), or
  /// the elements of one tuple value (`a[cuda.grid(2)]`, `a[idx]` with idx a
  /// tuple). Integers and booleans; also floats with `floatsConvert`
  /// (numba-cuda's atomics convert every index to intp: api_util's
  /// normalize_indices). Throws for other types.
  std::vector<Type> arrayIndexTypes(const ast::Expr &index, bool floatsConvert);
  /// The `alignment=` of cuda.local.array / cuda.shared.array, checked as
  /// numba-cuda checks it; throws with its messages.
  void checkAlignment(const ast::Expr &alignment, const std::string &f);
  /// numba.cuda's integer intrinsics with cudadecl.py's types: popc and clz
  /// return the argument's integer type, ffs uint32, brev uint32 or uint64
  /// (the argument's width), selp(test, a, b) the type a and b share.
  Type bitIntrinsic(const ast::Call &c, const BuiltinInfo &b, const std::vector<Type> &args);
  /// Whether `e` names (or is) a shared array.
  bool isSharedArrayExpr(const ast::Expr &e);
  /// numba.cuda's cuda.syncthreads_count/and/or(p): a workgroup barrier that
  /// also returns, to every invocation, the number of invocations for which
  /// p holds, or whether it holds for all / any of them (an int32, as in
  /// numba.cuda, where they map to PTX bar.red).
  Type syncthreadsReduction(const ast::Call &c, const std::string &f);
  /// Marks a use of the array rooted at `root` (a parameter index, or a
  /// private array, which the manifest does not describe).
  void markAccess(std::optional<size_t> root, bool read, bool written);
  /// `cuda.local.array(shape, dtype)`, `np.zeros(shape, dtype=...)`, ...:
  /// an array private to the invocation, of constant shape (004_…txt
  /// "Arrays inside kernels"). Records the shape as the call's constant.
  Type privateArray(const ast::Call &c, const BuiltinInfo &constructor);
  void condition(const ast::Expr &e);
  //===--- InferErrors.cpp: raise, assert, print, checked operations -----===//
  /// `raise Cls` / `raise Cls(args)`: the class must be an exception class
  /// (ModuleScope::exceptionClass) and the arguments compile-time constants,
  /// as in numba.cuda; records the RaiseSite and marks the function mayRaise.
  void raiseStatement(const ast::Raise &r);
  /// np.sum(a), a.sum(), np.argmax(a), np.dot(a, b), sum(a), ...: a
  /// reduction of every element (reductionResultType); min, max, argmin and
  /// argmax of an empty array raise ValueError, as np.dot of 1-D arrays of
  /// different lengths does.
  Type reductionCall(const ast::Call &c, const BuiltinInfo &b);
  /// A NumPy ufunc (Ufuncs.h) called by name: `np.add(a, b)`, `np.sin(x)`,
  /// an array expression when an input is an array; with an output array
  /// (`np.sin(a, out)`, `out=out`) the result is written into it (NumPy's
  /// broadcasting and same_kind casting) and the call's value is `out`.
  Type ufuncCall(const ast::Call &c, const Ufunc &u);
  /// `a.copy()`: a private array of a's shape when that is known at compile
  /// time (a global array, or a variable bound once to a private array's
  /// constructor); other copies need an array of run-time size: refused.
  Type privateCopy(const ast::Call &c);
  /// `assert test[, msg]`: AssertionError(msg), msg a constant.
  void assertStatement(const ast::Assert &a);
  /// print(args): constant strings, numbers, booleans, complex numbers,
  /// tuples of them and dim3 values; no keywords. Marks mayPrint.
  Type printCall(const ast::Call &c);
  /// Under error_model="python": `op` with this divisor (null: unknown) may
  /// raise ZeroDivisionError, unless the divisor is a nonzero literal.
  void noteDivision(ast::BinOpKind op, const ast::Expr *divisor, const Type &result);
  /// The text of a string literal or a module-level string constant.
  std::optional<std::string> constantText(const ast::Expr &e);
  /// str() and repr() of a compile-time constant argument (string, number,
  /// bool, module constant), as Python gives them; nothing for others.
  std::optional<std::pair<std::string, std::string>> constantStrAndRepr(const ast::Expr &e);
  /// The exception class a raise names; throws for anything else.
  std::string exceptionClassOf(const ast::Expr &e);
  /// Numba's result type of `lhs op rhs` for numbers (TypeRules).
  Type binary(ast::BinOpKind op, const Type &lhs, const Type &rhs, ast::Location loc);
  /// Marks the arrays among `operands` (typed already) read: the operands of
  /// an array expression.
  void readOperands(std::initializer_list<const ast::Expr *> operands);
  /// `target = value` with an array-valued value: refuses a value that reads
  /// the target's array through another view (004_…txt: the result would
  /// depend on the order the elements are computed in).
  void checkNoOverlap(const ast::Expr &target, const ast::Expr &value);
  /// Records `lhs op rhs` of two integer constants as a constant too, so that
  /// shapes such as `(TILE, TILE + 1)` are constant (Python's integer
  /// arithmetic; nothing is recorded where it would leave int64's range or
  /// divide by zero, nor beyond int32's range).
  void foldIntegerConstant(const ast::BinOp &b, const Type &t);
  Type name(const ast::Name &n);
  Type attribute(const ast::Attribute &a);
  /// The type of field `field` of the record type `record` (r.x, r["x"]):
  /// its scalar type, or a C-contiguous array view for an array field.
  /// Throws CompileError at `at` naming the fields when there is none.
  Type recordFieldType(const Type &record, const std::string &field, ast::Location at);
  /// Types `a[i, j]`; marks the array parameter read or written.
  Type subscript(const ast::Subscript &s, bool isStore);
  /// `a[i, 1:-1]`, `a[::-1]`, `a[:, None]`: a view (viewTypeOfSlices); the
  /// bounds and steps are integers, a literal step 0 is an error and a
  /// run-time step may raise ValueError.
  Type slicedView(const ast::Subscript &s, const Type &base,
                  const std::vector<const ast::Expr *> &indices, bool isStore);
  /// A call of a function defined in the file: typed by specializing the
  /// callee for the argument types (Numba compiles one version per call
  /// signature); the result is the callee's return type.
  Type userCall(const ast::Call &c, const std::string &name);
  /// A call of the device function `fn`, or of the function (or method)
  /// `overloads` overloads (Overloads.h), whose implementation is the device
  /// function called: its arguments (the method's `receiver` first, then
  /// the positional ones, then the keywords, typed in that order) bound to
  /// the callee's parameters as Python binds them, omitted ones taking their
  /// defaults (TypedKernel::boundArgs). `name` is the callee as called.
  Type deviceCall(const ast::Call &c, const std::string &name, const DecoratedFunction *fn,
                  const OverloadSet *overloads, const ast::Expr *receiver);
  /// `x.name(...)` where an @overload_method of `name` applies to x's type:
  /// the call's type; nothing when none applies (an ordinary method call).
  std::optional<Type> overloadedMethodCall(const ast::Call &c);
  int64_t constantAxis(const ast::Call &c, const std::string &fname, int64_t lo, int64_t hi);
  Type call(const ast::Call &c);
  Type expr(const ast::Expr &e);
  const ModuleScope &scope_;
  const DecoratedFunction &fn_;
  DiagnosticEngine &diags_;
  /// The places each variable holding an array expression is read at (a
  /// set: inference runs several rounds over the same nodes).
  std::map<std::string, std::set<const ast::Name *>> expressionReads_;
  /// 004_…txt: an expression read many times is computed again each time;
  /// a note at the second read suggests a local array.
  void noteRereadExpressions();
  TypedKernel result_;
  std::set<std::string> locals_;
  std::set<std::string> sharedLocals_; ///< locals holding (views of) shared arrays
  /// Locals defined exactly once, with their value (collectDefinitions).
  std::map<std::string, const ast::Expr *> singleDefinitions_;
  std::map<std::string, ast::Location> varLocs_;
  std::map<std::string, size_t> paramIndex_;
  /// Parameters the body never assigns whose argument was a compile-time
  /// constant at the call: each use is that constant.
  std::map<std::string, ConstValue> paramConstants_;
  InferenceContext &context_;
  Type returnType_;
  bool declaredResult_ = false;
  std::map<std::string, size_t> arrayRoot_; ///< locals holding views of parameters
  /// The root of arrays private to the invocation (not parameters).
  static constexpr size_t kPrivateArray = static_cast<size_t>(-1);
  /// The root of frozen module-level arrays (read-only copies private to
  /// the invocation).
  static constexpr size_t kConstantArray = static_cast<size_t>(-2);
  /// Roots from kMultiRoot on stand for a set of array parameters,
  /// multiRoots_[root - kMultiRoot]: a variable that holds views of several
  /// (`data = buf_0` here, `data = buf_1` there; 003_…txt's heat equation).
  static constexpr size_t kMultiRoot = static_cast<size_t>(1) << 40;
  std::vector<std::vector<size_t>> multiRoots_;
  bool isMultiRoot(size_t root) const {
    return root >= kMultiRoot && root - kMultiRoot < multiRoots_.size();
  }
  /// The parameters a root stands for (itself, for a parameter's).
  std::vector<size_t> rootMembers(size_t root) const;
  /// Whether the arrays of two roots may be the same.
  bool rootsOverlap(std::optional<size_t> a, std::optional<size_t> b) const;
  /// Gives every parameter of a set the access of all of them, and lists the
  /// variables holding views of several parameters (TypedKernel).
  void finishMultiRoots();
  int loopDepth_ = 0;
  std::vector<CompileError> errors_; ///< of statements skipped this round
};

} // namespace nvc::sema

#endif // NVC_FRONTEND_SEMA_INFERRER_H
