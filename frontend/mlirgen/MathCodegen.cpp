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

/// The layout of an IEEE binary32 or binary64 float type.
struct FloatLayout {
  unsigned bits, mantissa, bias;
  mlir::Type intType;
};

FloatLayout layoutOf(mlir::OpBuilder &b, mlir::Type t) {
  if (t.isF32())
    return {32, 23, 127, b.getI32Type()};
  return {64, 52, 1023, b.getI64Type()};
}

/// math.frexp, ldexp, modf, nextafter and remainder (Python's math module,
/// which numba-cuda maps to libdevice), from the floats' bits and exact
/// operations; each result is exact, as the C functions' are.
std::vector<mlir::Value> emitFloatDecomposition(Emitter &m, const std::string &op,
                                                const std::vector<mlir::Value> &xs) {
  mlir::OpBuilder &b = m.b;
  mlir::Location l = m.l;
  using FP = mlir::arith::CmpFPredicate;
  using IP = mlir::arith::CmpIPredicate;
  mlir::Value x = xs[0];
  mlir::Type t = x.getType();
  FloatLayout f = layoutOf(b, t);
  auto ic = [&](int64_t v, mlir::Type it) {
    return mlir::arith::ConstantOp::create(b, l, it, b.getIntegerAttr(it, v)).getResult();
  };
  auto toBits = [&](mlir::Value v) {
    return mlir::arith::BitcastOp::create(b, l, f.intType, v).getResult();
  };
  auto fromBits = [&](mlir::Value v) {
    return mlir::arith::BitcastOp::create(b, l, t, v).getResult();
  };
  auto isel = [&](mlir::Value c, mlir::Value p, mlir::Value q) { return m.select(c, p, q); };
  mlir::Value ax = mlir::math::AbsFOp::create(b, l, x);
  mlir::Value inf = m.constant(t, INFINITY);
  const double minNormal = f.bits == 32 ? 0x1p-126 : 0x1p-1022;

  if (op == "frexp") {
    // x = m * 2^e with 0.5 <= |m| < 1; 0, inf and NaN give (x, 0). A
    // subnormal is first scaled into the normal range by 2^(mantissa + 2).
    mlir::Type i32 = b.getI32Type();
    const int scale = static_cast<int>(f.mantissa) + 2;
    mlir::Value special = mlir::arith::OrIOp::create(
        b, l, m.cmp(FP::OEQ, x, m.constant(t, 0.0)), m.cmp(FP::UGE, ax, inf));
    mlir::Value subnormal = m.cmp(FP::OLT, ax, m.constant(t, minNormal));
    mlir::Value scaled = mlir::arith::MulFOp::create(b, l, x, m.constant(t, std::ldexp(1.0, scale)));
    mlir::Value bits = toBits(isel(subnormal, scaled, x));
    mlir::Value expMask = ic((int64_t(1) << (f.bits - f.mantissa - 1)) - 1, f.intType);
    mlir::Value biased = mlir::arith::AndIOp::create(
        b, l, mlir::arith::ShRUIOp::create(b, l, bits, ic(f.mantissa, f.intType)), expMask);
    mlir::Value e =
        f.bits == 64 ? mlir::arith::TruncIOp::create(b, l, i32, biased).getResult() : biased;
    e = mlir::arith::SubIOp::create(b, l, e, ic(f.bias - 1, i32));
    e = isel(subnormal, mlir::arith::SubIOp::create(b, l, e, ic(scale, i32)), e);
    // keep: the sign and mantissa bits; the exponent becomes bias - 1 (0.5).
    int64_t keepBits = ~(((int64_t(1) << (f.bits - f.mantissa - 1)) - 1) << f.mantissa);
    if (f.bits == 32)
      keepBits = static_cast<int32_t>(static_cast<uint32_t>(keepBits));
    mlir::Value keep = ic(keepBits, f.intType);
    mlir::Value mbits = mlir::arith::OrIOp::create(
        b, l, mlir::arith::AndIOp::create(b, l, bits, keep),
        ic(int64_t(f.bias - 1) << f.mantissa, f.intType));
    return {isel(special, x, fromBits(mbits)), isel(special, ic(0, i32), e)};
  }
  if (op == "ldexp") {
    // x * 2^n without double rounding, as musl's scalbn: steps of 2^maxExp
    // up, or of 2^(minExp + mantissa + 1) down, then one exact power of two.
    mlir::Type i32 = b.getI32Type();
    mlir::Value n = xs[1];
    const int maxExp = static_cast<int>(f.bias), minExp = 1 - static_cast<int>(f.bias);
    const int down = -minExp - static_cast<int>(f.mantissa) - 1; // 969 or 102
    mlir::Value y = x;
    for (int step = 0; step < 2; ++step) {
      mlir::Value big = mlir::arith::CmpIOp::create(b, l, IP::sgt, n, ic(maxExp, i32));
      y = isel(big, mlir::arith::MulFOp::create(b, l, y, m.constant(t, std::ldexp(1.0, maxExp))), y);
      n = isel(big, mlir::arith::SubIOp::create(b, l, n, ic(maxExp, i32)), n);
    }
    n = mlir::arith::MinSIOp::create(b, l, n, ic(maxExp, i32));
    for (int step = 0; step < 2; ++step) {
      mlir::Value small = mlir::arith::CmpIOp::create(b, l, IP::slt, n, ic(minExp, i32));
      y = isel(small, mlir::arith::MulFOp::create(b, l, y, m.constant(t, std::ldexp(1.0, -down))), y);
      n = isel(small, mlir::arith::AddIOp::create(b, l, n, ic(down, i32)), n);
    }
    n = mlir::arith::MaxSIOp::create(b, l, n, ic(minExp, i32));
    mlir::Value wide = f.bits == 64 ? mlir::arith::ExtSIOp::create(b, l, f.intType, n).getResult() : n;
    mlir::Value pow2 = fromBits(mlir::arith::ShLIOp::create(
        b, l, mlir::arith::AddIOp::create(b, l, wide, ic(f.bias, f.intType)),
        ic(f.mantissa, f.intType)));
    return {mlir::arith::MulFOp::create(b, l, y, pow2)};
  }
  if (op == "modf") {
    // (fraction, integer part), both with x's sign; modf(±inf) = (±0, ±inf).
    mlir::Value ip = m.op("trunc", {x}, false);
    mlir::Value frac = mlir::arith::SubFOp::create(b, l, x, ip);
    frac = isel(m.cmp(FP::OEQ, ax, inf), m.constant(t, 0.0), frac);
    return {m.op("copysign", {frac, x}, false), ip};
  }
  mlir::Value y = xs[1];
  if (op == "nextafter") {
    // The neighbour of x towards y: x's bits plus or minus one, the smallest
    // subnormal with y's sign from zero; y when x == y; NaN from NaN.
    mlir::Value bits = toBits(x);
    mlir::Value up = mlir::arith::CmpIOp::create(
        b, l, IP::eq, m.cmp(FP::OLT, x, y), m.cmp(FP::OGT, x, m.constant(t, 0.0)));
    mlir::Value one = ic(1, f.intType);
    mlir::Value next = fromBits(isel(up, mlir::arith::AddIOp::create(b, l, bits, one),
                                     mlir::arith::SubIOp::create(b, l, bits, one)));
    mlir::Value tiny = m.op("copysign", {fromBits(one), y}, false);
    mlir::Value r = isel(m.cmp(FP::OEQ, x, m.constant(t, 0.0)), tiny, next);
    r = isel(m.cmp(FP::OEQ, x, y), y, r);
    return {isel(m.cmp(FP::UNO, x, y), mlir::arith::AddFOp::create(b, l, x, y), r)};
  }
  // remainder: IEEE 754's x - n*y with n = x/y rounded to the nearest, ties
  // to even. r0 = |x| mod 2|y| (exact fmod) gives |x| mod |y| and the parity
  // of the quotient; the result has x's sign when it is zero.
  mlir::Value ay = mlir::math::AbsFOp::create(b, l, y);
  mlir::Value twoAy = mlir::arith::AddFOp::create(b, l, ay, ay);
  mlir::Value r0 = m.op("fmod", {ax, twoAy}, false);
  mlir::Value odd = m.cmp(FP::OGE, r0, ay);
  mlir::Value rest = isel(odd, mlir::arith::SubFOp::create(b, l, r0, ay), r0);
  mlir::Value twice = mlir::arith::AddFOp::create(b, l, rest, rest);
  mlir::Value flip = mlir::arith::OrIOp::create(
      b, l, m.cmp(FP::OGT, twice, ay),
      mlir::arith::AndIOp::create(b, l, m.cmp(FP::OEQ, twice, ay), odd));
  mlir::Value res = isel(flip, mlir::arith::SubFOp::create(b, l, rest, ay), rest);
  mlir::Value negative = mlir::arith::CmpIOp::create(b, l, IP::slt, toBits(x), ic(0, f.intType));
  return {isel(negative, mlir::arith::NegFOp::create(b, l, res), res)};
}

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
    xs.push_back(fn->signature == MathSignature::PyLdexp && i == 1
                     ? e.convert(args[i], argTypes[i], Type::integer(32))
                     : e.convert(args[i], argTypes[i], ft));
  mlir::Value x = xs[0];
  mlir::Type t = x.getType();
  if (fn->op == "frexp" || fn->op == "ldexp" || fn->op == "modf" || fn->op == "nextafter" ||
      fn->op == "remainder")
    return emitFloatDecomposition(m, fn->op, xs);

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
