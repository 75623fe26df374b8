//===- MathCodegen.cpp - Code for math-library calls -----------------------===//
//
// Emits the calls typed in MathBuiltins.cpp: a `math` dialect operation
// where one exists (math.sin, math.atan2, ...), a call of a private
// declaration `@nvc_math_<op>_f32/_f64` for the functions the math dialect
// lacks (gamma, lgamma, hypot, fmod, sinpi, cospi, exp10), and plain arith
// for the simple ones (isnan, degrees, sign, np.where, ...). The math-library
// pass (passes/ExpandMathLibrary.cpp) then replaces both kinds with nvc's
// own implementations; libdevice's fast_* functions carry the `afn`
// fast-math flag, which tells it to keep the device's built-in.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/MathCodegen.h"

#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/IR/SymbolTable.h>

#include <cmath>
#include <map>

namespace nvc {

namespace {

/// Canonical operations that are one `math` dialect operation.
const std::map<std::string, std::string> &mathDialectOps() {
  static const std::map<std::string, std::string> ops = {
      {"sqrt", "math.sqrt"},   {"rsqrt", "math.rsqrt"},    {"sin", "math.sin"},
      {"cos", "math.cos"},     {"tan", "math.tan"},        {"exp", "math.exp"},
      {"exp2", "math.exp2"},   {"log", "math.log"},        {"log2", "math.log2"},
      {"log10", "math.log10"}, {"log1p", "math.log1p"},    {"expm1", "math.expm1"},
      {"fabs", "math.absf"},   {"floor", "math.floor"},    {"ceil", "math.ceil"},
      {"trunc", "math.trunc"}, {"rint", "math.roundeven"}, {"round", "math.round"},
      {"asin", "math.asin"},   {"acos", "math.acos"},      {"atan", "math.atan"},
      {"sinh", "math.sinh"},   {"cosh", "math.cosh"},      {"tanh", "math.tanh"},
      {"asinh", "math.asinh"}, {"acosh", "math.acosh"},    {"atanh", "math.atanh"},
      {"erf", "math.erf"},     {"erfc", "math.erfc"},      {"cbrt", "math.cbrt"},
      {"atan2", "math.atan2"}, {"pow", "math.powf"},       {"copysign", "math.copysign"},
      {"fma", "math.fma"}};
  return ops;
}

/// Canonical operations emitted as calls of `@nvc_math_<op>_<f32|f64>`.
bool isLibraryCall(const std::string &op) {
  return op == "gamma" || op == "lgamma" || op == "exp10" || op == "sinpi" || op == "cospi" ||
         op == "hypot" || op == "fmod";
}

class Emitter {
public:
  explicit Emitter(MathEmitter &e) : b(e.builder), l(e.loc) {}

  mlir::Value constant(mlir::Type t, double v) {
    return mlir::arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, v));
  }

  mlir::Value cmp(mlir::arith::CmpFPredicate p, mlir::Value x, mlir::Value y) {
    return mlir::arith::CmpFOp::create(b, l, p, x, y);
  }

  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) {
    return mlir::arith::SelectOp::create(b, l, c, x, y);
  }

  /// One `math` operation, or a library call, on floats of one type.
  mlir::Value op(const std::string &name, mlir::ValueRange xs, bool fast) {
    mlir::Type t = xs[0].getType();
    auto it = mathDialectOps().find(name);
    if (it != mathDialectOps().end()) {
      mlir::OperationState state(l, it->second);
      state.addOperands(xs);
      state.addTypes(t);
      if (fast)
        state.addAttribute("fastmath", mlir::arith::FastMathFlagsAttr::get(
                                           b.getContext(), mlir::arith::FastMathFlags::afn));
      return b.create(state)->getResult(0);
    }
    if (isLibraryCall(name))
      return call(name, xs);
    if (name == "degrees" || name == "radians") {
      // CPython, NumPy and Numba multiply by the rounded constant.
      double c = name == "degrees" ? 180.0 / M_PI : M_PI / 180.0;
      if (t.isF32())
        c = static_cast<float>(c);
      return mlir::arith::MulFOp::create(b, l, xs[0], constant(t, c));
    }
    if (name == "fmin" || name == "fmax") {
      // C fmin/fmax: a NaN argument is ignored.
      auto pred = name == "fmin" ? mlir::arith::CmpFPredicate::OLT
                                 : mlir::arith::CmpFPredicate::OGT;
      mlir::Value takeX = cmp(pred, xs[0], xs[1]);
      mlir::Value yNaN = cmp(mlir::arith::CmpFPredicate::UNO, xs[1], xs[1]);
      takeX = mlir::arith::OrIOp::create(b, l, takeX, yNaN);
      return select(takeX, xs[0], xs[1]);
    }
    llvm_unreachable("unknown math operation");
  }

  /// A call of the private declaration `@nvc_math_<op>_<f32|f64>`, created
  /// in the nearest symbol table (the gpu.module) on first use.
  mlir::Value call(const std::string &name, mlir::ValueRange xs) {
    mlir::Type t = xs[0].getType();
    std::string sym = fmt::format("nvc_math_{}_{}", name, t.isF32() ? "f32" : "f64");
    mlir::Operation *table =
        mlir::SymbolTable::getNearestSymbolTable(b.getInsertionBlock()->getParentOp());
    if (!mlir::SymbolTable::lookupSymbolIn(table, sym)) {
      mlir::OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&table->getRegion(0).front());
      auto decl = mlir::func::FuncOp::create(b, l, sym, b.getFunctionType(mlir::TypeRange(xs), {t}));
      decl.setPrivate();
    }
    return mlir::func::CallOp::create(b, l, sym, mlir::TypeRange{t}, xs).getResult(0);
  }

  mlir::OpBuilder &b;
  mlir::Location l;
};

} // namespace

std::vector<mlir::Value> emitMathBuiltin(MathEmitter &e, const std::string &q,
                                         const std::vector<mlir::Value> &args,
                                         const std::vector<Type> &argTypes,
                                         const Type &resultType, ast::Location loc) {
  std::optional<MathFunction> fn = resolveMathBuiltin(q);
  if (!fn)
    throw CompileError(loc, fmt::format("{}() is not a math function", q));
  Emitter m(e);
  mlir::OpBuilder &b = e.builder;
  mlir::Location l = e.loc;
  using Pred = mlir::arith::CmpFPredicate;

  if (fn->signature == MathSignature::NpWhere) {
    mlir::Value c = e.convert(args[0], argTypes[0], Type::boolean());
    mlir::Value x = e.convert(args[1], argTypes[1], resultType);
    mlir::Value y = e.convert(args[2], argTypes[2], resultType);
    return {m.select(c, x, y)};
  }
  if (fn->signature == MathSignature::NpSame) {
    mlir::Value x = e.convert(args[0], argTypes[0], resultType);
    mlir::Type t = x.getType();
    if (fn->op == "square")
      return {resultType.isFloat() ? mlir::arith::MulFOp::create(b, l, x, x).getResult()
                                   : mlir::arith::MulIOp::create(b, l, x, x).getResult()};
    // np.sign: -1, 0 or 1 of the argument's type; NaN stays NaN and both
    // zeros give +0 (as NumPy).
    if (resultType.isFloat()) {
      mlir::Value zero = m.constant(t, 0.0);
      mlir::Value r = m.select(m.cmp(Pred::OEQ, x, zero), zero, x);
      r = m.select(m.cmp(Pred::OLT, x, zero), m.constant(t, -1.0), r);
      return {m.select(m.cmp(Pred::OGT, x, zero), m.constant(t, 1.0), r)};
    }
    auto ic = [&](int64_t v) {
      return mlir::arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v)).getResult();
    };
    mlir::Value zero = ic(0);
    mlir::Value r = zero;
    if (resultType.isSigned())
      r = m.select(mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt, x, zero),
                   ic(-1), zero);
    return {m.select(mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::sgt, x, zero),
                     ic(1), r)};
  }
  if (fn->signature == MathSignature::PyToInt && argTypes[0].isInteger())
    return {e.convert(args[0], argTypes[0], resultType)};

  Type ft = mathComputeType(*fn, argTypes);
  std::vector<mlir::Value> xs;
  for (size_t i = 0; i < args.size(); ++i)
    xs.push_back(e.convert(args[i], argTypes[i], ft));
  mlir::Value x = xs[0];
  mlir::Type t = x.getType();

  if (fn->op == "isnan")
    return {m.cmp(Pred::UNO, x, x)};
  if (fn->op == "isinf" || fn->op == "isfinite") {
    mlir::Value ax = mlir::math::AbsFOp::create(b, l, x);
    return {m.cmp(fn->op == "isinf" ? Pred::OEQ : Pred::OLT, ax, m.constant(t, INFINITY))};
  }
  if (fn->op == "signbit") {
    mlir::Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
    mlir::Value bits = mlir::arith::BitcastOp::create(b, l, it, x);
    mlir::Value zero = mlir::arith::ConstantOp::create(b, l, it, b.getIntegerAttr(it, 0));
    return {mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt, bits, zero)};
  }
  if (fn->op == "sincos" || fn->op == "sincospi") {
    bool pi = fn->op == "sincospi";
    mlir::Value s = m.op(pi ? "sinpi" : "sin", {x}, fn->fast);
    mlir::Value c = m.op(pi ? "cospi" : "cos", {x}, fn->fast);
    return {s, c};
  }
  mlir::Value r = m.op(fn->op, xs, fn->fast);
  return {e.convert(r, ft, resultType)};
}

} // namespace nvc
