//===- ModuleScope.h - Module-level names of a kernel file -----------------===//
//
// What the module level of a kernel file declares: imports of the modules a
// kernel may use (numba, numba.cuda, numba_vulkan, math, numpy), constants
// (evaluated at compile time and frozen, as Numba freezes globals), the
// decorated functions with their decorator options and signatures, and the
// launch chains. ModuleScope resolves them (ModuleScope.cpp); type
// inference (TypeInference.h) looks the body's free names up in it.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_MODULESCOPE_H
#define NVC_FRONTEND_SEMA_MODULESCOPE_H

#include "frontend/syntax/AST.h"
#include "frontend/syntax/Diagnostics.h"
#include "frontend/sema/ConstValue.h"
#include "frontend/sema/Signature.h"
#include "frontend/sema/Types.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nvc {

struct OverloadSet;

/// What a module-level name refers to.
struct GlobalSymbol {
  enum class Kind { Module, Function, DType, Constant, UserFunction } kind;
  std::string qualifiedName; ///< "cuda", "math.sqrt", ...; user function name
  Type type;                 ///< for DType: the dtype; for Constant: its type
  ConstValue value;          ///< for Constant
  ast::Location loc;
  /// For UserFunction: the decorated function (null for an undecorated one).
  const struct DecoratedFunction *function = nullptr;
  /// For UserFunction: the `@overload`s of the function (null when it has
  /// none): a kernel's call of it is typed by evaluating them (Overloads.h).
  const OverloadSet *overloads = nullptr;
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

/// The largest thread coarsening factor (coarsen=, --coarsen): copies of a
/// kernel's per-output work in one invocation (passes/CoarsenThreads.cpp);
/// more only costs registers.
constexpr unsigned kMaxCoarsenFactor = 16;

/// What a ufunc decorator says about the scalar (or core) function it
/// decorates (docs/language.md "Ufuncs"): nvc compiles the function as a
/// device function and adds one entry point per signature that applies it
/// to whole arrays (frontend/sema/UfuncKernels.h).
struct UfuncDecl {
  /// @vectorize, @guvectorize, @cuda.reduce.
  enum class Kind { Vectorize, Guvectorize, CudaReduce } kind = Kind::Vectorize;
  /// guvectorize's layout as written ("(n),(n)->()").
  std::string layout;
  ast::Location layoutLoc;
  /// identity= as the manifest writes it (JSON: "0", "1", "2.5",
  /// "\"reorderable\""); empty when not given.
  std::string identity;
  ast::Location loc; ///< the decorator
};

/// The options of numba's jit that `@overload(..., jit_options={...})` and
/// `@register_jitable(...)` give the implementation (those nvc reads).
struct JitOptions {
  std::optional<bool> fastmath, boundscheck, debug;
  std::optional<bool> pythonErrorModel; ///< error_model="python" / "numpy"
};

/// One `@overload(f, ...)` (or `overload(f, ...)(ol_f)`, or
/// `@overload_method(types.Class, "name")`) of a module: numba's high-level
/// extension API. Its typing function is evaluated when a kernel calls `f`
/// (frontend/sema/Overloads.h).
struct OverloadDecl {
  /// The typing function (`def ol_f(x): ...`) and the module its names
  /// resolve in (a helper module's when it is imported from one).
  const ast::FunctionDef *def = nullptr;
  const ModuleScope *scope = nullptr;
  const SourceFile *source = nullptr;
  /// target= as written: "generic" (numba's default), "cuda", "vulkan",
  /// "gpu", "cpu", ... Only the GPU's and the generic ones apply.
  std::string target = "generic";
  bool strict = true;         ///< strict= (typing and implementation signatures must agree)
  bool preferLiteral = false; ///< prefer_literal=
  JitOptions jitOptions;      ///< jit_options=
  /// overload_method's type class (`Array` for `types.Array`); empty for a
  /// function's overload.
  std::string methodClass;
  ast::Location loc; ///< the decorator, or the overload(...) call
  /// An option nvc cannot read: reported where a kernel's call considers
  /// this overload (an overload for another target is host code).
  std::optional<CompileError> error;
};

/// The overloads of one function (or of one method name), in the order the
/// module declares them.
struct OverloadSet {
  std::string name;
  std::vector<OverloadDecl> decls;
};

/// A function of the file decorated as a kernel or device function.
struct DecoratedFunction {
  const ast::FunctionDef *def = nullptr;
  /// The name its specialisations are keyed and recursion is checked by,
  /// when it is not `def->name`: the implementations nvc compiles for
  /// `@overload`s (closures all called `impl`) get names of their own.
  std::string keyName;
  const std::string &name() const { return keyName.empty() ? def->name : keyName; }
  /// A parameter kind kernels and device functions cannot take (`*args`,
  /// keyword-only, `**kwargs`, positional-only), reported where the function
  /// is compiled.
  std::optional<CompileError> paramError;
  bool isKernel = true;                 ///< false for device functions
  /// Decorated in numba.cuda's spelling (@cuda.jit, @numba.cuda.jit), not
  /// numba-vulkan's @nv.jit: its integers default to exact 64 bits.
  bool numbaCudaSpelling = false;
  std::vector<Signature> signatures;    ///< from the decorator or annotations
  /// The decorator's signature nvc could not read: reported when the
  /// function is compiled (typed as a kernel or called), not before, so that
  /// `--kernel` selects the file's other kernels (Numba compiles lazily).
  std::optional<CompileError> signatureError;
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
  /// error_model= ("python": division and modulo by zero raise
  /// ZeroDivisionError; "numpy": they give 0 or inf/nan); absent when not
  /// given. debug=True alone means "python", as in numba-cuda.
  std::optional<bool> pythonErrorModel;
  bool debug = false; ///< debug=True (numba-cuda's; only its error model matters here)
  /// boundscheck=True/False (Numba's): array indices checked against their
  /// extents, raising IndexError; absent when not given.
  std::optional<bool> boundscheck;
  const ModuleScope *scope = nullptr;   ///< where its body's names resolve
  const SourceFile *source = nullptr;   ///< the file it is defined in
  /// A ufunc decorator's (the function itself is then a device function).
  std::optional<UfuncDecl> ufunc;
  /// The entry-point name of a kernel's first signature when it is not the
  /// function's (the kernels nvc writes for a ufunc take the ufunc's name).
  std::string entryName;
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
  /// imports are ignored as host modules). `overrides` (the driver's -D
  /// NAME=VALUE) give module-level names the value of an expression instead
  /// of the one the module binds them to, at each of its bindings (so
  /// constants computed from them follow); a name the module never binds is
  /// defined by it all the same.
  ModuleScope(const ast::Module &module, const SourceFile &source, DiagnosticEngine &diags,
              ModuleLoader *loader = nullptr,
              const std::map<std::string, const ast::Expr *> &overrides = {});
  ModuleScope(const ModuleScope &) = delete;
  ModuleScope &operator=(const ModuleScope &) = delete;

  const GlobalSymbol *lookup(const std::string &name) const;
  /// The module a name was imported from when that module was not found
  /// (a host module, or a helper missing from the search path); else null.
  const std::string *unresolvedImport(const std::string &name) const {
    auto it = unresolvedImports_.find(name);
    return it == unresolvedImports_.end() ? nullptr : &it->second;
  }
  /// The helper module a host function (one without a GPU decorator, such
  /// as numba.cuda.random's create_xoroshiro128p_states) was imported from
  /// under `name`, for the error when a kernel calls it; else null.
  const std::string *hostFunctionImport(const std::string &name) const {
    auto it = hostFunctionImports_.find(name);
    return it == hostFunctionImports_.end() ? nullptr : &it->second;
  }
  /// Where a module-level assignment bound `name` to a value nvc cannot
  /// evaluate at compile time (host code), so that a kernel using it is told
  /// so instead of "not defined"; else null.
  const ast::Location *unevaluated(const std::string &name) const;
  const std::vector<DecoratedFunction> &functions() const { return functions_; }
  std::vector<DecoratedFunction> &functions() { return functions_; }
  /// The exception class `name` (a dotted name as written) stands for: one of
  /// Python's builtin exception classes (ValueError, IndexError, ...) that
  /// the module does not rebind, or a class the module defines whose bases
  /// lead, through classes it defines, to one. Nothing for anything else.
  /// docs/language.md "Errors": kernels raise these.
  std::optional<std::string> exceptionClass(const std::string &name) const;
  /// The text of a module-level name bound to a string literal (`msg =
  /// "..."`), for print() and exception messages; else null.
  const std::string *stringConstant(const std::string &name) const {
    auto it = strings_.find(name);
    return it == strings_.end() || globals_.count(name) ? nullptr : &it->second;
  }
  /// Binds `name` to a decorated function of another scope (the kernels
  /// nvc writes for a ufunc call the user's function by its name).
  void bindFunction(const std::string &name, const DecoratedFunction &fn) {
    globals_[name] = {GlobalSymbol::Kind::UserFunction, name, Type::userFunction(name), {},
                      fn.def->getLoc(), &fn};
  }
  /// The `@nv.chain` host functions of the file, in source order.
  const std::vector<LaunchChain> &chains() const { return chains_; }
  std::vector<LaunchChain> &chains() { return chains_; }

  /// The error for a parameter kind kernels and device functions cannot
  /// take (`*args`, keyword-only, `**kwargs`, positional-only), at its
  /// marker, in `source`; nothing when `def` has plain parameters only.
  static std::optional<CompileError> unsupportedParameterKind(const ast::FunctionDef &def,
                                                              const SourceFile *source);
  /// A message for a name withNames bound to a value kernels cannot use
  /// (what it is, and why); null for other names.
  const std::string *captureError(const std::string &name) const {
    auto it = captureErrors_.find(name);
    return it == captureErrors_.end() ? nullptr : &it->second;
  }
  /// The module's file.
  const SourceFile &source() const { return source_; }
  DiagnosticEngine &diags() const { return diags_; }
  /// The compile-time value of `expr` in this module (a number, a bool, a
  /// tuple of them, a frozen array), as module-level constants are
  /// evaluated; nothing for anything else.
  std::optional<ConstValue> constantValue(const ast::Expr &expr) const { return evaluate(expr); }
  /// `expr` as a dtype (`np.float32`, `numba.int32`, a dtype alias), or nothing.
  std::optional<Type> dtypeValue(const ast::Expr &expr) const {
    if (auto sym = dtypeAlias(expr))
      return sym->type;
    return std::nullopt;
  }
  /// The canonical name of a module kernels (and overloads) may use:
  /// "cuda" for numba.cuda, "np" for numpy, "numba.types" for
  /// numba.core.types, ...; nothing for other modules.
  static std::optional<std::string> canonicalModuleName(const std::string &dotted);
  /// A plain (undecorated) function of the module, or one imported from a
  /// helper module, by the name it is bound to here: host code to kernels,
  /// but the typing function of an overload, or an implementation an
  /// overload returns (`return impl1`), to nvc.
  struct PlainFunction {
    const ast::FunctionDef *def = nullptr;
    const ModuleScope *scope = nullptr;
  };
  std::optional<PlainFunction> plainFunction(const std::string &name) const;
  /// The overloads of methods called `method` (`@overload_method(types.X,
  /// "method")`) this module declares; null when none.
  const OverloadSet *methodOverloads(const std::string &method) const {
    auto it = methodOverloads_.find(method);
    return it == methodOverloads_.end() ? nullptr : &it->second;
  }
  /// The name of numba's low-level extension API (`intrinsic`,
  /// `lower_builtin`, `type_callable`, ...) that gives `name` its meaning in
  /// numba, which nvc does not evaluate; null for other names.
  const std::string *lowLevelExtension(const std::string &name) const {
    auto it = lowLevel_.find(name);
    return it == lowLevel_.end() ? nullptr : &it->second;
  }
  /// A scope of this module's names with `names` bound over them (an
  /// overload's implementation: the names it captures from the typing
  /// function), `unusable` names bound to values kernels cannot use (the
  /// message a use gets, captureError), and `strings` bound to strings.
  /// Functions, chains and overloads stay this module's.
  std::unique_ptr<ModuleScope> withNames(const std::map<std::string, GlobalSymbol> &names,
                                         const std::map<std::string, std::string> &unusable,
                                         const std::map<std::string, std::string> &strings) const;

private:
  /// The copy withNames makes.
  struct OverlayTag {};
  ModuleScope(const ModuleScope &base, OverlayTag);
  /// `@overload(...)`, `@overload_method(...)`: records the decorated
  /// function as an overload; whether `decorator` is one of them.
  bool addOverloadDecorator(const ast::Expr &decorator, const ast::FunctionDef &def);
  /// `overload(f, ...)(ol_f)` as a statement (or an assignment's value):
  /// records ol_f, a function of this module or an imported one, as an
  /// overload of f; whether `expr` is such a call. Also notes the names
  /// numba's low-level API gives meaning (`type_callable(f)(typer)`).
  bool addOverloadCall(const ast::Expr &expr);
  /// The name in numba's extension API (`numba.extending.overload`) that
  /// `callee` names through the imports (qualifiedName; numba.core.extending
  /// and numba.cuda.extending are numba.extending); empty for others.
  std::string extensionApiName(const ast::Expr &callee) const;
  /// Reads overload()'s arguments into `decl` (throws CompileError for
  /// options nvc does not know); returns the overloaded function's name.
  std::string readOverloadOptions(const ast::Call &call, OverloadDecl &decl, bool method) const;
  JitOptions readJitOptions(const ast::Expr &options) const;

  void addImport(const ast::Import &stmt);
  void addImportFrom(const ast::ImportFrom &stmt);
  void addFunction(const ast::FunctionDef &def);
  void addChain(const ast::FunctionDef &def);
  /// `name = cuda.reduce(lambda a, b: a + b)` (or cuda.Reduce, or a
  /// function of the file instead of the lambda): the function `name`,
  /// decorated with @cuda.reduce. Whether `assign` is one.
  bool addReduceAssignment(const ast::Assign &assign, const ast::Module &module);
  std::optional<ConstValue> evaluate(const ast::Expr &expr) const;
  /// The canonical dotted name a callee or decorator expression stands for
  /// through the module's imports ("cuda.reduce" for `cuda.reduce`,
  /// `numba.cuda.reduce` or an imported `reduce`; "numba.vectorize" for
  /// `vectorize` imported from numba); empty when its head is not an
  /// imported module or function.
  std::string qualifiedName(const ast::Expr &expr) const;
  /// The value of `local_size=`: an integer or a tuple of one to three, each
  /// 1..1024 (nvc's --local-size range), constant expressions allowed
  /// (`local_size=TPB`); the missing axes are 1. Throws CompileError.
  std::array<int32_t, 3> workgroupSizeOption(const ast::Keyword &kw) const;
  std::optional<ConstValue> evaluateArray(const ast::Call &call, const std::string &fn,
                                           std::optional<Type> dtype = std::nullopt) const;
  std::optional<ConstValue> evaluateSubscript(const ast::Subscript &sub) const;
  /// `value` as a dtype (`numba.boolean`, `np.float32`, another dtype's
  /// name), for `dt = numba.boolean`.
  std::optional<GlobalSymbol> dtypeAlias(const ast::Expr &value) const;
  /// The record type of `np.dtype([(name, type[, shape]), ...], align=...)`
  /// with NumPy's offsets (RecordLayout::fromFields); nullopt for anything
  /// else (other forms of np.dtype are host code).
  std::optional<Type> recordDtype(const ast::Call &call) const;
  /// `value` as a function under another name (`op = cuda.ldca`, `f =
  /// math.sin`, `g = a_device_function`).
  std::optional<GlobalSymbol> functionAlias(const ast::Expr &value) const;
  /// Binds the names of an assignment target (a name, or tuples of them
  /// unpacking a tuple value) to `value`, or records them as unevaluated
  /// when `value` is null.
  void bindConstant(const ast::Expr &target, const ConstValue *value, ast::Location valueLoc);

  DiagnosticEngine &diags_;
  const SourceFile &source_;
  ModuleLoader *loader_;
  std::map<std::string, GlobalSymbol> globals_;
  std::map<std::string, std::string> unresolvedImports_;
  std::map<std::string, std::string> hostFunctionImports_;
  /// The module's functions without a GPU decorator (host code).
  std::set<std::string> hostFunctions_;
  std::map<std::string, ast::Location> unevaluated_;
  /// The value last assigned to each module-level name, for signatures
  /// given by name (`@cuda.jit(sig)`).
  std::map<std::string, const ast::Expr *> assignedExprs_;
  std::vector<DecoratedFunction> functions_;
  /// Functions the module defines by assignment (addReduceAssignment).
  std::vector<std::unique_ptr<ast::FunctionDef>> ownedDefs_;
  std::vector<LaunchChain> chains_;
  /// Module-level classes by name: their bases (ast::ClassHeader).
  std::map<std::string, std::vector<std::string>> classes_;
  /// Module-level names last bound to a string literal.
  std::map<std::string, std::string> strings_;
  /// The module's plain functions by name (the last definition).
  std::map<std::string, const ast::FunctionDef *> plainDefs_;
  /// Plain functions imported from helper modules, by the name bound here.
  std::map<std::string, PlainFunction> importedPlainDefs_;
  /// Overloads by the overloaded function's name, and by method name.
  std::map<std::string, OverloadSet> overloadSets_;
  std::map<std::string, OverloadSet> methodOverloads_;
  /// Names numba's low-level extension API gives meaning, with the API's name.
  std::map<std::string, std::string> lowLevel_;
  /// Names withNames bound to values kernels cannot use, with the message.
  std::map<std::string, std::string> captureErrors_;
};

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_MODULESCOPE_H
