//===- TypeInference.cpp - Typing every kernel of a file -------------------===//
//
// The entry points of type inference: every kernel for each of its
// signatures (typeKernels, inferKernel), and the specialisations of device
// functions for the argument types of their calls (inferDeviceFunction), with
// Numba's choice among declared signatures. One function is typed by a
// sema::Inferrer (frontend/sema/Inferrer.h, split by concern into Infer*.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/TypeInference.h"

#include "frontend/sema/GridSchedule.h"
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/ComplexMath.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/TypeRules.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <llvm/Support/Casting.h>

#include <array>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

std::vector<const ast::Expr *> TypedKernel::argumentsOf(const ast::Call &c) const {
  if (auto it = boundArgs.find(&c); it != boundArgs.end())
    return it->second;
  std::vector<const ast::Expr *> out;
  for (auto &a : c.args)
    out.push_back(a.get());
  return out;
}

const Type &TypedKernel::typeOf(const ast::Expr *e) const {
  static const Type unknown;
  auto it = exprTypes.find(e);
  return it == exprTypes.end() ? unknown : it->second;
}

namespace {

/// Pushes a function on InferenceContext::callStack for the scope's lifetime,
/// so the stack is right again when an error leaves the function (the caller
/// records it and goes on).
class CallStackEntry {
public:
  CallStackEntry(InferenceContext &context, const std::string &name) : context_(context) {
    context_.callStack.push_back(name);
  }
  ~CallStackEntry() { context_.callStack.pop_back(); }
  CallStackEntry(const CallStackEntry &) = delete;
  CallStackEntry &operator=(const CallStackEntry &) = delete;

private:
  InferenceContext &context_;
};

} // namespace

TypedKernel inferKernel(InferenceContext &context, const DecoratedFunction &fn,
                        const Signature &sig) {
  if (fn.paramError)
    throw *fn.paramError;
  CallStackEntry entry(context, fn.name());
  const DecoratedFunction *outer = context.kernel;
  context.kernel = &fn;
  struct Restore {
    InferenceContext &c;
    const DecoratedFunction *k;
    ~Restore() { c.kernel = k; }
  } restore{context, outer};
  TypedKernel k = sema::Inferrer(context, fn, sig, /*isDevice=*/false).run();
  if (!k.gridBarriers.empty())
    k.gridSchedule = std::make_shared<GridSchedule>(computeGridSchedule(k));
  return k;
}

/// A readable, unique name for one specialization: `clamp__float32_float32`.
static std::string mangle(const std::string &name, const std::vector<Type> &args) {
  std::string key = name + "_";
  for (auto &t : args) {
    std::string s = t.str();
    for (char &ch : s)
      if (!isalnum(static_cast<unsigned char>(ch)))
        ch = '_';
    key += "_" + s;
  }
  return key;
}

/// Names of user functions called anywhere in `block`.
static void collectCalledNames(const ast::Block &block, std::set<std::string> &out);

static void collectCalledNames(const ast::Expr &e, std::set<std::string> &out) {
  if (auto *c = dyn_cast<ast::Call>(&e)) {
    if (auto *n = dyn_cast<ast::Name>(c->func.get()))
      out.insert(n->id);
    collectCalledNames(*c->func, out);
    for (auto &a : c->args)
      collectCalledNames(*a, out);
  } else if (auto *b = dyn_cast<ast::BinOp>(&e)) {
    collectCalledNames(*b->lhs, out);
    collectCalledNames(*b->rhs, out);
  } else if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
    collectCalledNames(*u->operand, out);
  } else if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
    for (auto &v : b->values)
      collectCalledNames(*v, out);
  } else if (auto *c = dyn_cast<ast::Compare>(&e)) {
    collectCalledNames(*c->left, out);
    for (auto &v : c->comparators)
      collectCalledNames(*v, out);
  } else if (auto *i = dyn_cast<ast::IfExp>(&e)) {
    collectCalledNames(*i->test, out);
    collectCalledNames(*i->body, out);
    collectCalledNames(*i->orelse, out);
  } else if (auto *t = dyn_cast<ast::Tuple>(&e)) {
    for (auto &v : t->elts)
      collectCalledNames(*v, out);
  } else if (auto *s = dyn_cast<ast::Subscript>(&e)) {
    collectCalledNames(*s->value, out);
    collectCalledNames(*s->index, out);
  } else if (auto *a = dyn_cast<ast::Attribute>(&e)) {
    collectCalledNames(*a->value, out);
  }
}

static void collectCalledNames(const ast::Block &block, std::set<std::string> &out) {
  for (auto &st : block) {
    if (auto *e = dyn_cast<ast::ExprStmt>(st.get())) {
      collectCalledNames(*e->value, out);
    } else if (auto *a = dyn_cast<ast::Assign>(st.get())) {
      collectCalledNames(*a->value, out);
      for (auto &t : a->targets)
        collectCalledNames(*t, out);
    } else if (auto *a = dyn_cast<ast::AugAssign>(st.get())) {
      collectCalledNames(*a->target, out);
      collectCalledNames(*a->value, out);
    } else if (auto *r = dyn_cast<ast::Return>(st.get())) {
      if (r->value)
        collectCalledNames(*r->value, out);
    } else if (auto *i = dyn_cast<ast::If>(st.get())) {
      collectCalledNames(*i->test, out);
      collectCalledNames(i->body, out);
      collectCalledNames(i->orelse, out);
    } else if (auto *w = dyn_cast<ast::While>(st.get())) {
      collectCalledNames(*w->test, out);
      collectCalledNames(w->body, out);
      collectCalledNames(w->orelse, out);
    } else if (auto *f = dyn_cast<ast::For>(st.get())) {
      collectCalledNames(*f->iter, out);
      collectCalledNames(f->body, out);
      collectCalledNames(f->orelse, out);
    } else if (auto *u = dyn_cast<ast::UnrolledFor>(st.get())) {
      for (auto &copy : u->copies)
        collectCalledNames(copy, out);
      collectCalledNames(u->orelse, out);
    }
  }
}

/// Call sites reaching each device function specialisation from `kernel`
/// (a call in a loop is one site), by specialisation key.
static std::map<std::string, int> deviceCallSites(const TypedKernel &kernel,
                                                  const InferenceContext &context) {
  std::map<std::string, int> sites;
  std::function<void(const TypedKernel &)> walk = [&](const TypedKernel &f) {
    for (auto &[call, key] : f.callees) {
      ++sites[key];
      walk(*context.specializations.at(key));
    }
  };
  walk(kernel);
  return sites;
}

uint64_t deviceSharedArrayBytes(const TypedKernel &kernel, const InferenceContext &context) {
  uint64_t bytes = 0;
  for (auto &[key, count] : deviceCallSites(kernel, context)) {
    const TypedKernel &spec = *context.specializations.at(key);
    for (const ast::Call *c : spec.sharedArrays) {
      if (spec.dynamicSharedArrays.count(c))
        continue;
      uint64_t n = spec.exprTypes.at(c).element().byteSize();
      for (int64_t extent : spec.privateArrays.at(c))
        n *= static_cast<uint64_t>(extent);
      bytes += n * static_cast<uint64_t>(count);
    }
  }
  return bytes;
}

void checkDeviceSharedArrays(const TypedKernel &kernel, const InferenceContext &context) {
  std::map<std::string, int> sites = deviceCallSites(kernel, context);
  for (auto &[key, count] : sites) {
    const TypedKernel &spec = *context.specializations.at(key);
    const ast::Call *array = nullptr;
    for (const ast::Call *c : spec.sharedArrays)
      if (!spec.dynamicSharedArrays.count(c) && (!array || c->getLoc().line < array->getLoc().line))
        array = c;
    if (!array || count < 2)
      continue;
    CompileError e(array->getLoc(),
                   fmt::format("'{}' declares a shared array and is reached from {} call sites "
                               "of kernel '{}': numba-cuda gives all calls one array, nvc one "
                               "per call site; call it from one place",
                               spec.def->name, count, kernel.def->name));
    e.file = spec.source;
    throw e;
  }
}

std::vector<std::pair<std::string, TypedKernel>> typeKernels(InferenceContext &context) {
  std::set<std::string> called;
  for (auto &fn : context.scope.functions())
    collectCalledNames(fn.def->body, called);
  std::vector<std::pair<std::string, TypedKernel>> kernels;
  std::set<std::tuple<const SourceFile *, uint32_t, uint32_t, std::string>> reported;
  // Entry-point names: a kernel's Python name, then `name__<n>` for its n-th
  // extra signature, n skipping names a function of the file already has (a
  // kernel `t` with two signatures beside a kernel `t__1` gets `t__2`).
  std::set<std::string> takenNames;
  for (auto &fn : context.scope.functions())
    takenNames.insert(fn.def->name);
  std::vector<const DecoratedFunction *> functions;
  for (auto &fn : context.scope.functions())
    functions.push_back(&fn);
  for (const DecoratedFunction *fn : context.ufuncKernels) {
    functions.push_back(fn);
    takenNames.insert(fn->entryName);
  }
  for (const DecoratedFunction *fnp : functions) {
    const DecoratedFunction &fn = *fnp;
    if (!fn.isKernel)
      continue;
    if (fn.signatureError) {
      const CompileError &e = *fn.signatureError;
      if (reported.insert({e.file, e.loc.line, e.loc.col, e.message}).second)
        context.diags.error(e.loc, e.message, e.file);
      continue;
    }
    if (fn.signatures.empty()) {
      if (called.count(fn.def->name))
        continue; // an @nv.jit helper called from kernels
      // The example has the kernel's own parameters, each given the most
      // common kernel argument type, a contiguous float32 array.
      std::vector<std::string> types, annotated;
      for (const auto &param : fn.def->params) {
        types.push_back("float32[::1]");
        annotated.push_back(param.name + ": float32[::1]");
      }
      std::string signature = fmt::format("void({})", fmt::join(types, ", "));
      throw CompileError(
          fn.def->getLoc(),
          fmt::format("kernel '{}' has no signature: nvc compiles ahead of time and needs the "
                      "argument types, e.g. @cuda.jit(\"{}\"), annotations (def {}({})), or "
                      "--sig '{}={}' (with the types of your arguments)",
                      fn.def->name, signature, fn.def->name, fmt::join(annotated, ", "),
                      fn.def->name, signature));
    }
    unsigned nextSuffix = 1;
    for (size_t i = 0; i < fn.signatures.size(); ++i) {
      std::string entry = fn.entryName.empty() ? fn.def->name : fn.entryName;
      if (i) {
        while (takenNames.count(fmt::format("{}__{}", fn.def->name, nextSuffix)))
          ++nextSuffix;
        entry = fmt::format("{}__{}", fn.def->name, nextSuffix++);
        takenNames.insert(entry);
      }
      try {
        TypedKernel k = inferKernel(context, fn, fn.signatures[i]);
        checkDeviceSharedArrays(k, context);
        kernels.emplace_back(entry, std::move(k));
      } catch (CompileError &e) {
        // Reported, then on with the next kernel (clang reports every
        // function's errors); a device function's error reached from several
        // kernels or signatures is reported once.
        if (reported.insert({e.file, e.loc.line, e.loc.col, e.message}).second)
          context.diags.error(e.loc, e.message, e.file);
      } catch (CompileErrors &errors) {
        for (CompileError &e : errors.errors)
          if (reported.insert({e.file, e.loc.line, e.loc.col, e.message}).second)
            context.diags.error(e.loc, e.message, e.file);
      }
    }
  }
  return kernels;
}

namespace {

/// How Numba converts an argument of type `from` to a parameter of type `to`
/// when it resolves a call among fixed signatures (numba.core.typeconv's
/// categories, coarsely): exact, promote (same kind, wider), safe (an integer
/// to a float or complex, a float to complex), unsafe (narrowing, signedness,
/// float to integer), or impossible.
enum class Conversion { Exact, Promote, Safe, Unsafe, Impossible };

Conversion conversionOf(const Type &from, const Type &to) {
  if (from == to)
    return Conversion::Exact;
  if (from.isArray() || to.isArray()) {
    if (!from.isArray() || !to.isArray() || !(from.element() == to.element()) ||
        from.ndim() != to.ndim())
      return Conversion::Impossible;
    return to.layout() == 'A' || to.layout() == from.layout() ? Conversion::Exact
                                                              : Conversion::Impossible;
  }
  if (from.isTuple() || to.isTuple()) {
    if (!from.isTuple() || !to.isTuple() || from.elements().size() != to.elements().size())
      return Conversion::Impossible;
    Conversion worst = Conversion::Exact;
    for (size_t i = 0; i < from.elements().size(); ++i)
      worst = std::max(worst, conversionOf(from.elements()[i], to.elements()[i]));
    return worst;
  }
  if (!from.isScalar() || !to.isScalar())
    return Conversion::Impossible;
  if (from.isComplex())
    return to.isComplex() ? Conversion::Promote : Conversion::Impossible;
  if (to.isComplex())
    return Conversion::Safe;
  if (from.isBoolean())
    return Conversion::Safe;
  if (from.isFloat())
    return to.isFloat() ? (to.bits() > from.bits() ? Conversion::Promote : Conversion::Unsafe)
                        : Conversion::Unsafe;
  // from is an integer
  if (to.isBoolean())
    return Conversion::Unsafe;
  if (to.isFloat())
    return Conversion::Safe;
  if (to.isSigned() == from.isSigned())
    return to.bits() > from.bits() ? Conversion::Promote : Conversion::Unsafe;
  return Conversion::Unsafe;
}

} // namespace

bool convertible(const Type &from, const Type &to) {
  return conversionOf(from, to) != Conversion::Impossible;
}

const Signature *selectSignature(const std::vector<Signature> &signatures,
                                 const std::vector<Type> &args) {
  const Signature *best = nullptr;
  std::array<int, 3> bestRating{};
  for (const Signature &sig : signatures) {
    if (sig.params.size() != args.size())
      continue;
    std::array<int, 3> rating{}; // unsafe, safe, promote conversions
    bool possible = true;
    for (size_t i = 0; i < args.size() && possible; ++i) {
      switch (conversionOf(args[i], sig.params[i])) {
      case Conversion::Exact: break;
      case Conversion::Promote: ++rating[2]; break;
      case Conversion::Safe: ++rating[1]; break;
      case Conversion::Unsafe: ++rating[0]; break;
      case Conversion::Impossible: possible = false; break;
      }
    }
    if (possible && (!best || rating < bestRating)) {
      best = &sig;
      bestRating = rating;
    }
  }
  return best;
}

/// The text of a compile-time argument in a specialisation's key.
static std::string constantKey(const ConstValue &c) {
  if (c.type.isTuple()) {
    std::string s = "t";
    for (auto &e : c.elements)
      s += "_" + constantKey(e);
    return s;
  }
  return c.i < 0 ? "m" + std::to_string(-static_cast<uint64_t>(c.i)) : std::to_string(c.i);
}

std::string inferDeviceFunction(InferenceContext &context, const DecoratedFunction &fn,
                                const std::vector<Type> &args, ast::Location callLoc,
                                const std::vector<std::optional<ConstValue>> &constants) {
  if (fn.isKernel && !fn.signatures.empty())
    throw CompileError(callLoc, fmt::format("'{}' is a kernel (it has a signature) and cannot be "
                                            "called from GPU code; make it a device function "
                                            "(@cuda.jit(device=True))",
                                            fn.def->name));
  if (fn.signatureError)
    throw *fn.signatureError;
  if (fn.paramError)
    throw *fn.paramError;
  for (auto &name : context.callStack)
    if (name == fn.name())
      throw CompileError(callLoc, fmt::format("recursive call of '{}': recursion is not "
                                              "supported in GPU code",
                                              fn.def->name));
  // A device function with declared signatures is compiled for those only,
  // and a call converts its arguments to the best-matching one, as Numba's
  // dispatcher does once its signatures are fixed.
  const Signature *declared = nullptr;
  if (!fn.signatures.empty()) {
    declared = selectSignature(fn.signatures, args);
    if (!declared) {
      std::string given, offered;
      for (auto &a : args)
        given += (given.empty() ? "" : ", ") + a.str();
      for (auto &d : fn.signatures)
        offered += (offered.empty() ? "" : "; ") + d.str();
      throw CompileError(callLoc, fmt::format("no signature of '{}' accepts ({}): it is "
                                              "declared as {}",
                                              fn.def->name, given, offered));
    }
  }
  const std::vector<Type> &params = declared ? declared->params : args;
  std::string key = mangle(fn.name(), params);
  // As Numba: typed for the argument types first; only when that fails, and
  // some arguments are compile-time constants, again with their values
  // (Numba's literal dispatch: `cuda.shared.array(n, dtype)` of a parameter
  // n needs n's value). Declared signatures fix the types: no literals.
  std::string literalKey = key;
  if (!declared)
    for (size_t i = 0; i < constants.size(); ++i)
      if (constants[i])
        literalKey += fmt::format("__c{}_{}", i, constantKey(*constants[i]));
  const bool literals = literalKey != key;
  if (context.specializations.count(key))
    return key;
  if (literals && context.specializations.count(literalKey))
    return literalKey;
  Signature sig;
  sig.params = params;
  sig.loc = fn.def->getLoc();
  // `(int64, int64)` declares the arguments only: the result is inferred.
  const bool declaredResult = declared && !declared->resultInferred;
  if (declared) {
    sig.result = declared->result;
    sig.loc = declared->loc;
  }
  auto type = [&](const std::vector<std::optional<ConstValue>> &known) {
    CallStackEntry entry(context, fn.name());
    return std::make_unique<TypedKernel>(sema::Inferrer(context, fn, sig, /*isDevice=*/true,
                                                        declaredResult, known)
                                             .run());
  };
  if (!literals || !context.failedWithoutLiterals.count(key)) {
    try {
      context.specializations[key] = type({});
      return key;
    } catch (CompileError &) {
      if (!literals)
        throw;
    } catch (CompileErrors &) {
      if (!literals)
        throw;
    }
    context.failedWithoutLiterals.insert(key);
  }
  context.specializations[literalKey] = type(constants);
  return literalKey;
}

} // namespace nvc
