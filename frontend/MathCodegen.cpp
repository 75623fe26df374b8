//===- MathCodegen.cpp - Code for math-library calls -----------------------===//
//
// Emits `math` dialect operations for the calls typed in MathBuiltins.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/MathCodegen.h"

#include "frontend/Diagnostics.h"

#include <fmt/format.h>
#include <mlir/Dialect/Math/IR/Math.h>

namespace nvc {

std::vector<mlir::Value> emitMathBuiltin(MathEmitter &e, const std::string &q,
                                         const std::vector<mlir::Value> &args,
                                         const std::vector<Type> &argTypes,
                                         const Type &resultType, ast::Location loc) {
  std::string name = q.substr(q.rfind('.') + 1);
  mlir::OpBuilder &b = e.builder;
  mlir::Location l = e.loc;
  Type ft = argTypes[0].isFloat() ? argTypes[0] : Type::floating(64);
  mlir::Value x = e.convert(args[0], argTypes[0], ft);
  mlir::Value r;
  bool f64 = e.lower(ft).getIntOrFloatBitWidth() == 64; // float64 may be narrowed
  if (name == "sqrt")
    r = b.create<mlir::math::SqrtOp>(l, x);
  else if (name == "floor")
    r = b.create<mlir::math::FloorOp>(l, x);
  else if (name == "ceil")
    r = b.create<mlir::math::CeilOp>(l, x);
  else if (name == "fabs")
    r = b.create<mlir::math::AbsFOp>(l, x);
  else if (f64)
    throw CompileError(loc, fmt::format("float64 {}() is not available yet: GLSL.std.450 has "
                                        "only 32-bit transcendentals; use a float32 argument "
                                        "(np.float32(...))",
                                        q));
  else if (name == "sin")
    r = b.create<mlir::math::SinOp>(l, x);
  else if (name == "cos")
    r = b.create<mlir::math::CosOp>(l, x);
  else if (name == "tan")
    r = b.create<mlir::math::TanOp>(l, x);
  else if (name == "exp")
    r = b.create<mlir::math::ExpOp>(l, x);
  else if (name == "log")
    r = b.create<mlir::math::LogOp>(l, x);
  else if (name == "tanh")
    r = b.create<mlir::math::TanhOp>(l, x);
  else if (name == "asin")
    r = b.create<mlir::math::AsinOp>(l, x);
  else if (name == "acos")
    r = b.create<mlir::math::AcosOp>(l, x);
  else if (name == "atan")
    r = b.create<mlir::math::AtanOp>(l, x);
  else if (name == "sinh")
    r = b.create<mlir::math::SinhOp>(l, x);
  else if (name == "cosh")
    r = b.create<mlir::math::CoshOp>(l, x);
  else
    throw CompileError(loc, fmt::format("{}() is not supported yet", q));
  return {e.convert(r, ft, resultType)};
}

} // namespace nvc
