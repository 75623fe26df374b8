//===- ComplexMath.cpp - Typing of the complex math functions --------------===//
//
// Typing rules of the complex functions (ComplexMath.h): one table of names
// with the shape of each function's signature.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/ComplexMath.h"

#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>

#include <map>

namespace nvc {

namespace {

/// How a complex function takes and returns its values.
enum class Shape {
  Unary,     ///< complex → complex of the same type
  Log,       ///< log(z) or log(z, base)
  Part,      ///< complex → its part type (phase, abs)
  Polar,     ///< complex → (part, part)
  Predicate, ///< complex → bool
  Rect,      ///< (real, real) → complex
};

const std::map<std::string, Shape> &functions() {
  static const std::map<std::string, Shape> fns = {
      {"cmath.exp", Shape::Unary},       {"cmath.log10", Shape::Unary},
      {"cmath.sqrt", Shape::Unary},      {"cmath.sin", Shape::Unary},
      {"cmath.cos", Shape::Unary},       {"cmath.tan", Shape::Unary},
      {"cmath.asin", Shape::Unary},      {"cmath.acos", Shape::Unary},
      {"cmath.atan", Shape::Unary},      {"cmath.sinh", Shape::Unary},
      {"cmath.cosh", Shape::Unary},      {"cmath.tanh", Shape::Unary},
      {"cmath.asinh", Shape::Unary},     {"cmath.acosh", Shape::Unary},
      {"cmath.atanh", Shape::Unary},     {"np.exp", Shape::Unary},
      {"cmath.log", Shape::Log},         {"cmath.phase", Shape::Part},
      {"abs", Shape::Part},              {"np.abs", Shape::Part},
      {"np.absolute", Shape::Part},      {"cmath.polar", Shape::Polar},
      {"cmath.isnan", Shape::Predicate}, {"cmath.isinf", Shape::Predicate},
      {"cmath.isfinite", Shape::Predicate}, {"cmath.rect", Shape::Rect}};
  return fns;
}

} // namespace

bool isComplexFunction(const std::string &q, const std::vector<Type> &args) {
  if (q.rfind("cmath.", 0) == 0)
    return true;
  if (q == "abs" || q == "np.abs" || q == "np.absolute" || q == "np.exp")
    return !args.empty() && args[0].isComplex();
  return false;
}

Type complexOperandType(const Type &arg) {
  if (arg.isComplex())
    return arg;
  return Type::complex(arg.isFloat() && arg.bits() == 32 ? 64 : 128);
}

Type typeComplexFunction(const std::string &q, const std::vector<Type> &args,
                         ast::Location loc) {
  auto it = functions().find(q);
  if (it == functions().end())
    throw CompileError(loc, fmt::format("{}() is not supported in kernels yet", q));
  Shape shape = it->second;
  size_t lo = shape == Shape::Rect ? 2 : 1;
  size_t hi = shape == Shape::Rect || shape == Shape::Log ? 2 : 1;
  if (args.size() < lo || args.size() > hi)
    throw CompileError(loc, fmt::format("{}() takes {} argument{} ({} given)", q,
                                        lo == hi ? std::to_string(lo) : "1 or 2",
                                        hi == 1 ? "" : "s", args.size()));
  for (auto &a : args) {
    bool ok = shape == Shape::Rect ? a.isNumber() : a.isScalar();
    if (!ok)
      throw CompileError(loc, fmt::format("{}() takes {} numbers, not {}", q,
                                          shape == Shape::Rect ? "real" : "complex or real",
                                          a.str()));
  }
  if (shape == Shape::Rect) {
    bool f32 = args[0].isFloat() && args[0].bits() == 32 && args[1].isFloat() &&
               args[1].bits() == 32;
    return Type::complex(f32 ? 64 : 128);
  }
  Type z = complexOperandType(args[0]);
  if (shape == Shape::Log && args.size() == 2)
    z = Type::complex(std::max(z.bits(), complexOperandType(args[1]).bits()));
  switch (shape) {
  case Shape::Part:
    return z.complexPart();
  case Shape::Polar:
    return Type::tuple({z.complexPart(), z.complexPart()});
  case Shape::Predicate:
    return Type::boolean();
  default:
    return z;
  }
}

} // namespace nvc
