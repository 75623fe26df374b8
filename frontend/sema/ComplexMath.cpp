//===- ComplexMath.cpp - Typing of the complex math functions --------------===//
//
// Typing rules of the complex functions (ComplexMath.h): one table of names
// with the shape of each function's signature.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/ComplexMath.h"

#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>

#include <optional>

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

/// The shape of each complex function; nullopt for other builtins.
std::optional<Shape> shapeOf(Builtin id) {
  switch (id) {
  case Builtin::CmathExp: case Builtin::CmathLog10: case Builtin::CmathSqrt:
  case Builtin::CmathSin: case Builtin::CmathCos: case Builtin::CmathTan:
  case Builtin::CmathAsin: case Builtin::CmathAcos: case Builtin::CmathAtan:
  case Builtin::CmathSinh: case Builtin::CmathCosh: case Builtin::CmathTanh:
  case Builtin::CmathAsinh: case Builtin::CmathAcosh: case Builtin::CmathAtanh:
  case Builtin::NpExp:
    return Shape::Unary;
  case Builtin::CmathLog:
    return Shape::Log;
  case Builtin::CmathPhase: case Builtin::Abs: case Builtin::NpAbs: case Builtin::NpAbsolute:
    return Shape::Part;
  case Builtin::CmathPolar:
    return Shape::Polar;
  case Builtin::CmathIsnan: case Builtin::CmathIsinf: case Builtin::CmathIsfinite:
    return Shape::Predicate;
  case Builtin::CmathRect:
    return Shape::Rect;
  default:
    return std::nullopt;
  }
}

} // namespace

bool isComplexFunction(const BuiltinInfo &b, const std::vector<Type> &args) {
  if (b.family == BuiltinFamily::ComplexMath)
    return true;
  if (b.has(kComplexWhenComplexArgument))
    return !args.empty() && args[0].isComplex();
  return false;
}

Type complexOperandType(const Type &arg) {
  if (arg.isComplex())
    return arg;
  return Type::complex(arg.isFloat() && arg.bits() == 32 ? 64 : 128);
}

Type typeComplexFunction(const BuiltinInfo &b, const std::vector<Type> &args,
                         ast::Location loc) {
  const std::string q = b.name;
  std::optional<Shape> known = shapeOf(b.id);
  if (!known)
    throw CompileError(loc, fmt::format("{}() is not supported in kernels yet", q));
  Shape shape = *known;
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
