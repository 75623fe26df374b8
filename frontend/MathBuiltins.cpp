//===- MathBuiltins.cpp - Typing of math-library calls ---------------------===//
#include "frontend/MathBuiltins.h"

#include "frontend/Diagnostics.h"

#include <fmt/format.h>

#include <set>

namespace nvc {

namespace {

/// Functions that take one float and return a float of the same width
/// (an integer argument computes in float64).
const std::set<std::string> kUnaryFloat = {"sqrt", "sin",  "cos",  "tan",  "exp",  "log",
                                           "fabs", "asin", "acos", "atan", "sinh", "cosh",
                                           "tanh"};

std::string baseName(const std::string &qualified) {
  return qualified.substr(qualified.rfind('.') + 1);
}

bool isMathModule(const std::string &qualified) {
  return qualified.rfind("math.", 0) == 0 || qualified.rfind("np.", 0) == 0;
}

} // namespace

bool isMathBuiltin(const std::string &q) {
  std::string base = baseName(q);
  return isMathModule(q) && (kUnaryFloat.count(base) || base == "floor" || base == "ceil");
}

Type typeMathBuiltin(const std::string &q, const std::vector<Type> &args, ast::Location loc) {
  std::string base = baseName(q);
  if (args.size() != 1)
    throw CompileError(loc, fmt::format("{}() takes 1 argument ({} given)", q, args.size()));
  if (!args[0].isNumber())
    throw CompileError(loc, fmt::format("{}() takes a number, not {}", q, args[0].str()));
  Type ft = args[0].isFloat() ? args[0] : Type::floating(64);
  // math.floor and math.ceil return int in Python 3 and in Numba; the NumPy
  // versions return a float.
  if ((base == "floor" || base == "ceil") && q.rfind("math.", 0) == 0)
    return Type::integer(64);
  return ft;
}

} // namespace nvc
