//===- Ufuncs.cpp - The NumPy ufunc table and its loop selection ----------===//
//
// The loops listed for each ufunc are NumPy 1.24's `ufunc.types` restricted
// to the types Numba's ufunc_db implements (no float16, long double or
// object loops); every loop of these ufuncs has all inputs of one type.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Ufuncs.h"

#include "frontend/sema/MathBuiltins.h"
#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

namespace nvc {

namespace {

using B = ast::BinOpKind;
using C = ast::CmpOpKind;
using U = ast::UnaryOpKind;
using Out = Ufunc::Output;

constexpr unsigned kAll = kLoopBool | kLoopInts | kLoopFloats | kLoopComplex;
constexpr unsigned kNumeric = kLoopInts | kLoopFloats | kLoopComplex;
constexpr unsigned kReal = kLoopInts | kLoopFloats;
constexpr unsigned kIntegral = kLoopBool | kLoopInts;

Ufunc binaryUfunc(const char *name, B op, unsigned loops) {
  Ufunc u;
  u.name = name;
  u.nin = 2;
  u.kind = UfuncKind::Binary;
  u.binary = op;
  u.loops = loops;
  return u;
}

const std::map<std::string, Ufunc> &ufuncTable() {
  static const std::map<std::string, Ufunc> table = [] {
    std::map<std::string, Ufunc> t;
    auto add = [&](Ufunc u) { t[u.name] = u; };
    add(binaryUfunc("add", B::Add, kAll));
    add(binaryUfunc("subtract", B::Sub, kNumeric));
    add(binaryUfunc("multiply", B::Mult, kAll));
    Ufunc div = binaryUfunc("true_divide", B::Div, kLoopFloats | kLoopComplex);
    div.integersInFloat64 = true;
    add(div);
    add(binaryUfunc("floor_divide", B::FloorDiv, kReal));
    add(binaryUfunc("remainder", B::Mod, kReal));
    add(binaryUfunc("power", B::Pow, kNumeric));
    Ufunc fmod; // integer loops too (NumPy's 'ii->i'), unlike math.fmod
    fmod.name = "fmod";
    fmod.nin = 2;
    fmod.kind = UfuncKind::Fmod;
    fmod.loops = kReal;
    add(fmod);
    add(binaryUfunc("left_shift", B::LShift, kLoopInts));
    add(binaryUfunc("right_shift", B::RShift, kLoopInts));
    add(binaryUfunc("bitwise_and", B::BitAnd, kIntegral));
    add(binaryUfunc("bitwise_or", B::BitOr, kIntegral));
    add(binaryUfunc("bitwise_xor", B::BitXor, kIntegral));
    for (auto [name, op] : std::initializer_list<std::pair<const char *, C>>{
             {"greater", C::Gt},
             {"greater_equal", C::GtE},
             {"less", C::Lt},
             {"less_equal", C::LtE},
             {"equal", C::Eq},
             {"not_equal", C::NotEq}}) {
      Ufunc u;
      u.name = name;
      u.nin = 2;
      u.kind = UfuncKind::Compare;
      u.compare = op;
      u.loops = kAll;
      u.output = Out::Bool;
      add(u);
    }
    for (auto [name, op] : std::initializer_list<std::pair<const char *, B>>{
             {"logical_and", B::BitAnd}, {"logical_or", B::BitOr}, {"logical_xor", B::BitXor}}) {
      Ufunc u;
      u.name = name;
      u.nin = 2;
      u.kind = UfuncKind::Logical;
      u.binary = op;
      u.loops = kAll;
      u.output = Out::Bool;
      add(u);
    }
    Ufunc lnot;
    lnot.name = "logical_not";
    lnot.kind = UfuncKind::Logical;
    lnot.unary = U::Not;
    lnot.loops = kAll;
    lnot.output = Out::Bool;
    add(lnot);
    for (auto [name, op, loops] : std::initializer_list<std::tuple<const char *, U, unsigned>>{
             {"negative", U::USub, kNumeric},
             {"positive", U::UAdd, kNumeric},
             {"invert", U::Invert, kIntegral}}) {
      Ufunc u;
      u.name = name;
      u.kind = UfuncKind::Unary;
      u.unary = op;
      u.loops = loops;
      add(u);
    }
    Ufunc absolute;
    absolute.name = "absolute";
    absolute.kind = UfuncKind::Unary;
    absolute.loops = kAll;
    absolute.output = Out::Real;
    add(absolute);
    for (auto [name, isMax, ignoresNaN] :
         std::initializer_list<std::tuple<const char *, bool, bool>>{{"maximum", true, false},
                                                                     {"minimum", false, false},
                                                                     {"fmax", true, true},
                                                                     {"fmin", false, true}}) {
      Ufunc u;
      u.name = name;
      u.nin = 2;
      u.kind = UfuncKind::Extremum;
      u.isMax = isMax;
      u.ignoresNaN = ignoresNaN;
      u.loops = kAll;
      add(u);
    }
    return t;
  }();
  return table;
}

/// The complex loops of NumPy's math ufuncs: those with a complex version.
bool hasComplexLoop(const std::string &name) {
  static const std::set<std::string> names = {
      "sin",  "cos",     "tan",     "arcsin", "arccos", "arctan", "sinh",  "cosh", "tanh",
      "arcsinh", "arccosh", "arctanh", "exp",  "log",    "log2",   "log10", "sqrt",
      // NumPy's complex predicates: of either part (isnan, isinf), of both (isfinite).
      "isnan", "isinf", "isfinite"};
  return names.count(name) > 0;
}

/// Rank of NumPy's kinds for `same_kind`: bool < unsigned < signed < float < complex.
int kindRank(const Type &t) {
  if (t.isBoolean())
    return 0;
  if (t.isInteger())
    return t.isSigned() ? 2 : 1;
  if (t.isFloat())
    return 3;
  return 4;
}

} // namespace

std::optional<Ufunc> resolveUfunc(const std::string &q) {
  if (q.rfind("np.", 0) != 0)
    return std::nullopt;
  std::string name = q.substr(3);
  static const std::map<std::string, std::string> aliases = {
      {"divide", "true_divide"}, {"mod", "remainder"}, {"bitwise_not", "invert"},
      {"abs", "absolute"}};
  if (auto a = aliases.find(name); a != aliases.end())
    name = a->second;
  auto it = ufuncTable().find(name);
  if (it != ufuncTable().end())
    return it->second;
  // The math ufuncs: NumPy's element-wise functions of MathBuiltins.h.
  std::optional<MathFunction> fn = resolveMathBuiltin(q);
  if (!fn || (fn->signature != MathSignature::NpUnary &&
              fn->signature != MathSignature::NpBinary &&
              fn->signature != MathSignature::NpPredicate))
    return std::nullopt;
  Ufunc u;
  u.name = name;
  u.nin = fn->arity;
  u.kind = UfuncKind::Math;
  u.loops = kLoopFloats | (hasComplexLoop(name) ? kLoopComplex : 0u);
  u.output = fn->signature == MathSignature::NpPredicate ? Out::Bool : Out::Same;
  return u;
}

std::optional<Ufunc> ufuncOfOperator(ast::BinOpKind op) {
  for (const auto &[name, u] : ufuncTable())
    if (u.kind == UfuncKind::Binary && u.binary == op)
      return u;
  return std::nullopt;
}

std::optional<Ufunc> ufuncOfUnaryOperator(ast::UnaryOpKind op) {
  for (const auto &[name, u] : ufuncTable())
    if (u.kind == UfuncKind::Unary && u.unary == op)
      return u;
  return std::nullopt;
}

bool castsSafely(const Type &from, const Type &to) {
  if (from.isBoolean())
    return to.isScalar();
  if (to.isBoolean())
    return false;
  if (from.isInteger()) {
    const unsigned n = from.bits();
    if (to.isInteger()) {
      if (from.isSigned())
        return to.isSigned() && to.bits() >= n;
      return to.isSigned() ? to.bits() > n : to.bits() >= n;
    }
    // Integers of up to 16 bits fit float32; all of them float64 (NumPy
    // counts int64 → float64 as safe). Integers never select a float16
    // loop, as in Numba, whose ufunc database has none for them (NumPy
    // computes np.sqrt of int8 in float16).
    const unsigned floatBits = to.isFloat() ? to.bits() : to.bits() / 2;
    return floatBits >= (n <= 16 ? 32u : 64u);
  }
  if (from.isFloat()) {
    if (to.isFloat())
      return to.bits() >= from.bits();
    return to.isComplex() && to.bits() / 2 >= from.bits();
  }
  return to.isComplex() && to.bits() >= from.bits();
}

bool castsSameKind(const Type &from, const Type &to) {
  return castsSafely(from, to) || kindRank(from) <= kindRank(to);
}

std::optional<UfuncLoop> selectUfuncLoop(const Ufunc &u, const std::vector<Type> &inputs) {
  for (const Type &t : inputs)
    if (!t.isScalar())
      return std::nullopt;
  auto outputOf = [&](const Type &loop) {
    switch (u.output) {
    case Out::Bool:
      return Type::boolean();
    case Out::Real:
      return loop.isComplex() ? loop.complexPart() : loop;
    case Out::Same:
      break;
    }
    return loop;
  };
  if (u.integersInFloat64 &&
      std::all_of(inputs.begin(), inputs.end(),
                  [](const Type &t) { return t.isBoolean() || t.isInteger(); }))
    return UfuncLoop{Type::floating(64), outputOf(Type::floating(64))};
  std::vector<Type> loops;
  if (u.loops & kLoopBool)
    loops.push_back(Type::boolean());
  if (u.loops & kLoopInts)
    for (unsigned bits : {8u, 16u, 32u, 64u})
      for (bool isSigned : {true, false})
        loops.push_back(Type::integer(bits, isSigned));
  if (u.loops & kLoopFloats)
    for (unsigned bits : {16u, 32u, 64u})
      loops.push_back(Type::floating(bits));
  if (u.loops & kLoopComplex)
    for (unsigned bits : {64u, 128u})
      loops.push_back(Type::complex(bits));
  for (const Type &loop : loops)
    if (std::all_of(inputs.begin(), inputs.end(),
                    [&](const Type &t) { return castsSafely(t, loop); }))
      return UfuncLoop{loop, outputOf(loop)};
  return std::nullopt;
}

Type ufuncResultType(const Ufunc &u, const std::vector<Type> &inputs, ast::Location loc) {
  if (inputs.size() != u.nin)
    throw CompileError(loc, fmt::format("np.{}() takes {} input{} ({} given)", u.name, u.nin,
                                        u.nin == 1 ? "" : "s", inputs.size()));
  const bool complexInput = std::any_of(inputs.begin(), inputs.end(),
                                        [](const Type &t) { return t.isComplex(); });
  if (u.kind == UfuncKind::Math && !complexInput)
    return typeMathBuiltin("np." + u.name, inputs, loc);
  if (std::optional<UfuncLoop> loop = selectUfuncLoop(u, inputs))
    return loop->output;
  std::vector<std::string> names;
  for (const Type &t : inputs)
    names.push_back(t.str());
  throw CompileError(loc, fmt::format("ufunc '{}' not supported for the input types {}", u.name,
                                      fmt::join(names, ", ")));
}

} // namespace nvc
