//===- TypeInference.h - Name resolution and Numba typing of kernels -------===//
//
// Semantic analysis of a parsed kernel file, in two steps:
//
//  1. ModuleScope resolves the file's module-level names: imports of the
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
#include "frontend/sema/Signature.h"
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

/// A value known at compile time: a number, a bool or a tuple of them.
struct ConstValue {
  Type type;
  int64_t i = 0;  ///< integers and booleans (uint64 stored bitwise)
  double f = 0;   ///< floats
  std::vector<ConstValue> elements; ///< tuples; arrays: elements in C order
  std::vector<int64_t> shape;       ///< arrays (read-only NumPy globals)
  double asDouble() const;
};

/// What a module-level name refers to.
struct GlobalSymbol {
  enum class Kind { Module, Function, DType, Constant, UserFunction } kind;
  std::string qualifiedName; ///< "cuda", "math.sqrt", ...; user function name
  Type type;                 ///< for DType: the dtype; for Constant: its type
  ConstValue value;          ///< for Constant
  ast::Location loc;
  /// For UserFunction: the decorated function (null for an undecorated one).
  const struct DecoratedFunction *function = nullptr;
};

class ModuleScope;
class ModuleLoader;

/// The width integers compute in inside kernels: numba-vulkan's 32 bits
/// (`@nv.jit`'s default, 004_…txt "Integer and float width"; int64 wraps at
/// 2³¹) or numba-cuda's exact 64 bits (`@cuda.jit`'s default, narrow=False).
enum class IntWidth { Narrow32, Exact64 };

/// The precision policy of `narrow=...` and `--narrow` (004_…txt "Integer
/// and float width"): default (nullopt) = the spelling's integers (64-bit for
/// `@cuda.jit`, 32-bit for `@nv.jit`, docs/language.md "Precision"), floats
/// keep their width; True = 32-bit integers and floats; "floats" = 32-bit
/// floats, 64-bit integers; False = exact 64-bit integers and floats.
struct PrecisionPolicy {
  IntWidth intWidth = IntWidth::Narrow32;
  bool narrowFloats = false;
  /// Array extents, strides and indices are 64-bit in the kernel ABI (the
  /// manifest's index_bits), so arrays and grids may have 2³¹ elements or
  /// more: narrow=False/"floats", --narrow=false/floats, --index-bits 64.
  /// Otherwise they are 32-bit (the launcher refuses larger arrays and
  /// grids), whatever the integers' width.
  bool wideIndices = false;
};

/// A function of the file decorated as a kernel or device function.
/// The largest thread coarsening factor (coarsen=, --coarsen): copies of a
/// kernel's per-output work in one invocation (passes/CoarsenThreads.cpp);
/// more only costs registers.
constexpr unsigned kMaxCoarsenFactor = 16;

struct DecoratedFunction {
  const ast::FunctionDef *def = nullptr;
  bool isKernel = true;                 ///< false for device functions
  /// Decorated in numba.cuda's spelling (@cuda.jit, @numba.cuda.jit), not
  /// numba-vulkan's @nv.jit: its integers default to exact 64 bits.
  bool numbaCudaSpelling = false;
  std::vector<Signature> signatures;    ///< from the decorator or annotations
  std::optional<PrecisionPolicy> precision; ///< from narrow=..., if given
  /// fastmath=True (Numba's option): the kernel permits FMA contraction
  /// (passes/ContractFMA.cpp, docs/optimisation.md).
  bool fastmath = false;
  /// coarsen=C (nvc's option): outputs per invocation for thread coarsening
  /// (passes/CoarsenThreads.cpp); 0 when not given.
  unsigned coarsen = 0;
  /// local_size=X or (X, Y[, Z]) (nvc's option): the workgroup size the
  /// kernel is written for, its manifest default (docs/language.md,
  /// "Workgroups, shared memory and barriers"); absent when not given.
  std::optional<std::array<int32_t, 3>> localSize;
  const ModuleScope *scope = nullptr;   ///< where its body's names resolve
  const SourceFile *source = nullptr;   ///< the file it is defined in
};

/// A launch chain declared with `@nv.chain` (docs/language.md, "Launch
/// chains"): a host function whose body lists element-wise kernel launches
/// over one grid, compiled to one fused entry point named after it.
struct LaunchChain {
  /// One `kernel[grid, block](args)` statement; every argument is a
  /// parameter of the chain or one of its intermediates.
  struct Launch {
    std::string kernel;
    std::vector<std::string> args;
    std::vector<ast::Location> argLocs;
    ast::Location loc;
  };
  /// `name = cuda.device_array_like(like)`: an array that only carries
  /// values from one launch to a later one, kept in a register.
  struct Intermediate {
    std::string name;
    std::string like; ///< the chain parameter it copies shape and dtype from
    ast::Location loc;
  };
  const ast::FunctionDef *def = nullptr;
  std::vector<Intermediate> intermediates;
  std::vector<Launch> launches;
};

class ModuleScope {
public:
  /// Resolves the module-level statements of `module`. Throws CompileError
  /// for statements a kernel file cannot contain at module level (other than
  /// host code, which is ignored: see the .cpp).
  /// `source` is the module's file; `loader` resolves `from helpers import
  /// f` of helper modules next to the kernel file or on -I paths (none: such
  /// imports are ignored as host modules).
  ModuleScope(const ast::Module &module, const SourceFile &source, DiagnosticEngine &diags,
              ModuleLoader *loader = nullptr);
  ModuleScope(const ModuleScope &) = delete;
  ModuleScope &operator=(const ModuleScope &) = delete;

  const GlobalSymbol *lookup(const std::string &name) const;
  /// The module a name was imported from when that module was not found
  /// (a host module, or a helper missing from the search path); else null.
  const std::string *unresolvedImport(const std::string &name) const {
    auto it = unresolvedImports_.find(name);
    return it == unresolvedImports_.end() ? nullptr : &it->second;
  }
  /// Where a module-level assignment bound `name` to a value nvc cannot
  /// evaluate at compile time (host code), so that a kernel using it is told
  /// so instead of "not defined"; else null.
  const ast::Location *unevaluated(const std::string &name) const;
  const std::vector<DecoratedFunction> &functions() const { return functions_; }
  std::vector<DecoratedFunction> &functions() { return functions_; }
  /// The `@nv.chain` host functions of the file, in source order.
  const std::vector<LaunchChain> &chains() const { return chains_; }

private:
  void addImport(const ast::Import &stmt);
  void addImportFrom(const ast::ImportFrom &stmt);
  void addFunction(const ast::FunctionDef &def);
  void addChain(const ast::FunctionDef &def);
  std::optional<ConstValue> evaluate(const ast::Expr &expr) const;
  /// The value of `local_size=`: an integer or a tuple of one to three, each
  /// 1..1024 (nvc's --local-size range), constant expressions allowed
  /// (`local_size=TPB`); the missing axes are 1. Throws CompileError.
  std::array<int32_t, 3> workgroupSizeOption(const ast::Keyword &kw) const;
  std::optional<ConstValue> evaluateArray(const ast::Call &call, const std::string &fn) const;
  std::optional<ConstValue> evaluateSubscript(const ast::Subscript &sub) const;
  /// `value` as a dtype (`numba.boolean`, `np.float32`, another dtype's
  /// name), for `dt = numba.boolean`.
  std::optional<GlobalSymbol> dtypeAlias(const ast::Expr &value) const;
  /// Binds the names of an assignment target (a name, or tuples of them
  /// unpacking a tuple value) to `value`, or records them as unevaluated
  /// when `value` is null.
  void bindConstant(const ast::Expr &target, const ConstValue *value, ast::Location valueLoc);

  DiagnosticEngine &diags_;
  const SourceFile &source_;
  ModuleLoader *loader_;
  std::map<std::string, GlobalSymbol> globals_;
  std::map<std::string, std::string> unresolvedImports_;
  std::map<std::string, ast::Location> unevaluated_;
  std::vector<DecoratedFunction> functions_;
  std::vector<LaunchChain> chains_;
};

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

  const Type &typeOf(const ast::Expr *e) const;
};

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
  /// Literal locations already warned about (inference runs several rounds).
  std::set<std::pair<uint32_t, uint32_t>> warnedLiterals;
  /// (file, line) pairs -Wint-narrowing has warned about (once per line,
  /// whatever the signatures and specializations).
  std::set<std::pair<const SourceFile *, uint32_t>> warnedNarrowing;
  std::map<std::string, std::unique_ptr<TypedKernel>> specializations;
  /// Functions being typed, innermost last (to reject recursion).
  std::vector<std::string> callStack;
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
std::string inferDeviceFunction(InferenceContext &context, const DecoratedFunction &fn,
                                const std::vector<Type> &args, ast::Location callLoc);

} // namespace nvc

#endif // NVC_FRONTEND_TYPEINFERENCE_H
