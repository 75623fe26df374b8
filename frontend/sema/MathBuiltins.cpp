//===- MathBuiltins.cpp - Typing of math-library calls ---------------------===//
//
// Name resolution and Numba's typing rules for the math library: which
// qualified names are math functions, what operation each one is, and the
// type it returns for given argument types.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/MathBuiltins.h"

#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace nvc {

namespace {

using Sig = MathSignature;
using Table = std::map<std::string, std::pair<std::string, Sig>>;

/// Python's math module (numba/cuda/mathimpl.py): name → (op, signature).
const Table &pythonMath() {
  static const Table table = [] {
    Table t;
    for (const char *n : {"sqrt", "sin", "cos", "tan", "exp", "log", "fabs", "asin", "acos",
                          "atan", "sinh", "cosh", "tanh", "expm1", "log1p", "log2", "log10",
                          "exp2", "erf", "erfc", "gamma", "lgamma", "asinh", "acosh", "atanh",
                          "degrees", "radians", "cbrt"})
      t[n] = {n, Sig::PyUnary};
    for (const char *n : {"atan2", "hypot", "pow", "fmod", "copysign", "nextafter", "remainder"})
      t[n] = {n, Sig::PyBinary};
    t["modf"] = {"modf", Sig::PyUnary}; // a pair (fraction, integer part)
    t["frexp"] = {"frexp", Sig::PyFrexp};
    t["ldexp"] = {"ldexp", Sig::PyLdexp};
    for (const char *n : {"floor", "ceil", "trunc"})
      t[n] = {n, Sig::PyToInt};
    for (const char *n : {"isnan", "isinf", "isfinite"})
      t[n] = {n, Sig::PyPredicate};
    return t;
  }();
  return table;
}

/// NumPy's element-wise functions on scalars: name → (op, signature).
const Table &numpyMath() {
  static const Table table = [] {
    Table t;
    for (const char *n : {"sqrt", "sin", "cos", "tan", "exp", "log", "fabs", "sinh", "cosh",
                          "tanh", "expm1", "log1p", "log2", "log10", "exp2", "cbrt", "degrees",
                          "radians", "floor", "ceil", "trunc", "rint"})
      t[n] = {n, Sig::NpUnary};
    for (auto [np, op] : std::initializer_list<std::pair<const char *, const char *>>{
             {"arcsin", "asin"},
             {"arccos", "acos"},
             {"arctan", "atan"},
             {"arcsinh", "asinh"},
             {"arccosh", "acosh"},
             {"arctanh", "atanh"},
             {"rad2deg", "degrees"},
             {"deg2rad", "radians"}})
      t[np] = {op, Sig::NpUnary};
    t["arctan2"] = {"atan2", Sig::NpBinary};
    t["hypot"] = {"hypot", Sig::NpBinary};
    t["power"] = {"pow", Sig::NpBinary};
    t["fmod"] = {"fmod", Sig::NpBinary};
    t["copysign"] = {"copysign", Sig::NpBinary};
    for (const char *n : {"isnan", "isinf", "isfinite", "signbit"})
      t[n] = {n, Sig::NpPredicate};
    t["sign"] = {"sign", Sig::NpSame};
    t["square"] = {"square", Sig::NpSame};
    t["where"] = {"where", Sig::NpWhere};
    return t;
  }();
  return table;
}

/// numba.cuda.libdevice (the subset nvc provides): C name without the `f`
/// suffix → (op, arity, pair result).
struct LibdeviceEntry {
  const char *op;
  unsigned arity;
  bool pair;
};
const std::map<std::string, LibdeviceEntry> &libdevice() {
  static const std::map<std::string, LibdeviceEntry> table = [] {
    std::map<std::string, LibdeviceEntry> t;
    for (const char *n : {"sin", "cos", "tan", "exp", "exp2", "exp10", "log", "log2", "log10",
                          "log1p", "expm1", "sqrt", "rsqrt", "cbrt", "fabs", "floor", "ceil",
                          "trunc", "rint", "round", "asin", "acos", "atan", "sinh", "cosh",
                          "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "lgamma", "sinpi",
                          "cospi"})
      t[n] = {n, 1, false};
    t["tgamma"] = {"gamma", 1, false};
    t["sincos"] = {"sincos", 1, true};
    t["sincospi"] = {"sincospi", 1, true};
    for (const char *n : {"atan2", "hypot", "pow", "fmod", "copysign", "fmin", "fmax"})
      t[n] = {n, 2, false};
    t["fma"] = {"fma", 3, false};
    return t;
  }();
  return table;
}

/// libdevice's fast_* functions (float32 only; the device's built-in).
bool isFastLibdevice(const std::string &base) {
  static const std::set<std::string> fast = {"sin", "cos",  "tan",   "exp", "exp10",
                                             "log", "log2", "log10", "pow", "sincos"};
  return fast.count(base) > 0;
}

std::optional<MathFunction> resolveLibdevice(const std::string &name) {
  bool fast = name.rfind("fast_", 0) == 0;
  std::string base = fast ? name.substr(5) : name;
  unsigned width = 64;
  auto it = libdevice().find(base);
  if (it == libdevice().end() && !base.empty() && base.back() == 'f') {
    base.pop_back();
    width = 32;
    it = libdevice().find(base);
  }
  if (it == libdevice().end() || (fast && (width != 32 || !isFastLibdevice(base))))
    return std::nullopt;
  MathFunction fn{it->second.op, Sig::Fixed, it->second.arity, width, fast, it->second.pair};
  return fn;
}

bool isRealNumber(const Type &t) { return t.isBoolean() || t.isInteger() || t.isFloat(); }

/// Float width a Python math function computes a number in: float16 and
/// float32 keep theirs (numba-cuda's math functions of float16 give float16,
/// cudamath.py), the rest float64.
unsigned pyWidth(const Type &t) { return t.isFloat() && t.bits() <= 32 ? t.bits() : 64; }

/// Float width of Numba's ufunc loop for one number: floats keep theirs,
/// types that cast safely to float32 (bool, ≤16-bit ints) get float32.
unsigned npWidth(const Type &t) {
  if (t.isFloat())
    return t.bits(); // NumPy's e, f and d loops
  if (t.isBoolean() || (t.isInteger() && t.bits() <= 16))
    return 32;
  return 64;
}

} // namespace

std::optional<MathFunction> resolveMathBuiltin(const std::string &q) {
  auto lookup = [&](const Table &table, const std::string &name) -> std::optional<MathFunction> {
    auto it = table.find(name);
    if (it == table.end())
      return std::nullopt;
    MathFunction fn;
    fn.op = it->second.first;
    fn.signature = it->second.second;
    fn.arity = (fn.signature == Sig::PyBinary || fn.signature == Sig::NpBinary ||
                fn.signature == Sig::PyLdexp)
                   ? 2
               : fn.signature == Sig::NpWhere ? 3
                                              : 1;
    fn.pair = fn.op == "modf";
    return fn;
  };
  if (q.rfind("math.", 0) == 0)
    return lookup(pythonMath(), q.substr(5));
  if (q.rfind("np.", 0) == 0)
    return lookup(numpyMath(), q.substr(3));
  for (const char *prefix : {"cuda.libdevice.", "nv.libdevice."})
    if (q.rfind(prefix, 0) == 0)
      return resolveLibdevice(q.substr(std::string(prefix).size()));
  if (q == "cuda.cbrt") {
    // numba.cuda's cbrt: float32 → float32, float64 → float64 (cudadecl.py).
    MathFunction fn{"cbrt", Sig::PyUnary, 1, 0, false, false};
    return fn;
  }
  if (q == "cuda.fma" || q == "nv.fma") {
    // numba.cuda.fma: (f32, f32, f32) → f32 and (f64, f64, f64) → f64; the
    // width is chosen per call in mathComputeType.
    MathFunction fn{"fma", Sig::Fixed, 3, 0, false, false};
    return fn;
  }
  return std::nullopt;
}

bool isMathBuiltin(const std::string &q) { return resolveMathBuiltin(q).has_value(); }

Type mathComputeType(const MathFunction &fn, const std::vector<Type> &args) {
  unsigned w = 16; // (binary functions: the widest argument's)
  switch (fn.signature) {
  case Sig::PyUnary:
  case Sig::PyToInt:
  case Sig::PyPredicate:
  case Sig::PyFrexp:
  case Sig::PyLdexp:
    w = pyWidth(args[0]);
    break;
  case Sig::PyBinary:
    for (auto &a : args)
      w = std::max(w, pyWidth(a));
    break;
  case Sig::NpUnary:
  case Sig::NpPredicate:
    w = npWidth(args[0]);
    break;
  case Sig::NpBinary:
    for (auto &a : args)
      w = std::max(w, npWidth(a));
    break;
  case Sig::Fixed:
    if (fn.width)
      w = fn.width;
    else // cuda.fma: float32 when all three are float32 (it has no float16 form)
      for (auto &a : args)
        w = std::max(std::max(w, 32u), pyWidth(a));
    break;
  case Sig::NpSame:
  case Sig::NpWhere:
    w = 64;
    break;
  }
  return Type::floating(w);
}

Type typeMathBuiltin(const std::string &q, const std::vector<Type> &args, ast::Location loc) {
  std::optional<MathFunction> fn = resolveMathBuiltin(q);
  if (!fn)
    throw CompileError(loc, fmt::format("{}() is not a math function", q));
  if (args.size() != fn->arity)
    throw CompileError(loc, fmt::format("{}() takes {} argument{} ({} given)", q, fn->arity,
                                        fn->arity == 1 ? "" : "s", args.size()));
  for (auto &a : args)
    if (!isRealNumber(a))
      throw CompileError(loc, fmt::format("{}() takes real numbers, not {}", q, a.str()));
  if (fn->signature == Sig::PyLdexp && args[1].isFloat())
    throw CompileError(loc, fmt::format("{}() takes an integer exponent, not {}", q,
                                        args[1].str()));
  Type ft = mathComputeType(*fn, args);
  switch (fn->signature) {
  case Sig::PyFrexp:
    return Type::tuple({ft, Type::integer(32)});
  case Sig::PyToInt:
    // Python 3 and Numba: math.floor/ceil/trunc of a float is an int (int64);
    // of an integer, that integer.
    if (args[0].isInteger())
      return args[0];
    return Type::integer(64);
  case Sig::PyPredicate:
  case Sig::NpPredicate:
    return Type::boolean();
  case Sig::NpSame:
    return args[0].isBoolean() ? Type::integer(64) : args[0];
  case Sig::NpWhere: {
    const Type &a = args[1], &b = args[2];
    if (a.isFloat() || b.isFloat())
      return Type::floating(std::max(npWidth(a), npWidth(b)));
    if (a.isBoolean() && b.isBoolean())
      return Type::boolean();
    return unifyTypes(a.isBoolean() ? Type::integer(64) : a,
                      b.isBoolean() ? Type::integer(64) : b);
  }
  default:
    break;
  }
  if (fn->pair)
    return Type::tuple({ft, ft});
  return ft;
}

} // namespace nvc
