//===- GenBFloat16.cpp - Generator: bfloat16 (numba.cuda.bf16) -------------===//
//
// A bfloat16 is float32's upper half: its value is an f32 whose low 16 bits
// are zero, computed in float32 and rounded after every operation
// (roundToBfloat16) with integer operations on the f32's bits, in the
// rounding mode the function names (cuda_bf16.h's _rn, _rz, _rd, _ru).
//
// A float64 (or an integer of more than 24 bits, converted to float64
// first) is narrowed to float32 by rounding to odd — truncated, the last
// bit set when inexact — or in the directed mode itself, so that the second
// rounding to bfloat16 gives the once-rounded result: float32 keeps 16 bits
// more than bfloat16, more than the two that round-to-odd needs.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

#include "frontend/sema/BFloat16.h"

namespace nvc::mlirgen {

using IP = mlir::arith::CmpIPredicate;
using FP = mlir::arith::CmpFPredicate;

mlir::Value Generator::roundToBfloat16(mlir::Value x, BfloatRounding mode, mlir::Location l) {
  mlir::Type i32 = b_.getI32Type(), f32 = b_.getF32Type();
  auto c = [&](int64_t v) { return intConst(v, i32, l); };
  if (x.getType().isF64()) {
    // To float32 in `mode` (Nearest: to odd), each adjustment a step of the
    // float32's bits toward or away from zero.
    mlir::Value t = mlir::arith::TruncFOp::create(b_, l, f32, x);
    mlir::Value back = mlir::arith::ExtFOp::create(b_, l, x.getType(), t);
    mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, t);
    mlir::Value inexact = mlir::arith::CmpFOp::create(b_, l, FP::ONE, back, x);
    mlir::Value absT = mlir::math::AbsFOp::create(b_, l, back);
    mlir::Value absX = mlir::math::AbsFOp::create(b_, l, x);
    mlir::Value negative = mlir::arith::CmpIOp::create(b_, l, IP::slt, bits, c(0));
    mlir::Value tooFar = mlir::arith::CmpFOp::create(b_, l, FP::OGT, absT, absX); // |t| > |x|
    mlir::Value tooNear = mlir::arith::CmpFOp::create(b_, l, FP::OLT, absT, absX);
    mlir::Value towardZero, awayFromZero;
    switch (mode) {
    case BfloatRounding::Nearest:
    case BfloatRounding::TowardZero:
      towardZero = tooFar;
      awayFromZero = mlir::arith::ConstantIntOp::create(b_, l, 0, 1);
      break;
    case BfloatRounding::Up: // positive: away when too near; negative: toward when too far
      towardZero = mlir::arith::AndIOp::create(b_, l, negative, tooFar);
      awayFromZero = mlir::arith::AndIOp::create(
          b_, l, mlir::arith::XOrIOp::create(b_, l, negative, mlir::arith::ConstantIntOp::create(b_, l, 1, 1)),
          tooNear);
      break;
    case BfloatRounding::Down:
      towardZero = mlir::arith::AndIOp::create(
          b_, l, mlir::arith::XOrIOp::create(b_, l, negative, mlir::arith::ConstantIntOp::create(b_, l, 1, 1)),
          tooFar);
      awayFromZero = mlir::arith::AndIOp::create(b_, l, negative, tooNear);
      break;
    }
    bits = mlir::arith::SelectOp::create(b_, l, towardZero,
                                         mlir::arith::SubIOp::create(b_, l, bits, c(1)), bits);
    bits = mlir::arith::SelectOp::create(b_, l, awayFromZero,
                                         mlir::arith::AddIOp::create(b_, l, bits, c(1)), bits);
    if (mode == BfloatRounding::Nearest) // round to odd: the sticky bit
      bits = mlir::arith::SelectOp::create(b_, l, inexact,
                                           mlir::arith::OrIOp::create(b_, l, bits, c(1)), bits);
    // NaN: truncf's NaN as it is.
    mlir::Value isNan = mlir::arith::CmpFOp::create(b_, l, FP::UNO, x, x);
    x = mlir::arith::SelectOp::create(b_, l, isNan, t,
                                      mlir::arith::BitcastOp::create(b_, l, f32, bits));
  }
  mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, x);
  mlir::Value low = mlir::arith::AndIOp::create(b_, l, bits, c(0xffff));
  mlir::Value negative = mlir::arith::CmpIOp::create(b_, l, IP::slt, bits, c(0));
  mlir::Value increment;
  switch (mode) {
  case BfloatRounding::Nearest: // + 0x7fff + the kept part's last bit: ties to even
    increment = mlir::arith::AddIOp::create(
        b_, l, c(0x7fff),
        mlir::arith::AndIOp::create(b_, l, mlir::arith::ShRUIOp::create(b_, l, bits, c(16)), c(1)));
    break;
  case BfloatRounding::TowardZero:
    increment = c(0);
    break;
  case BfloatRounding::Up:
  case BfloatRounding::Down: {
    // Away from zero (one unit of the kept part) when the dropped bits are
    // not zero and the sign is the direction's.
    mlir::Value away = mlir::arith::AndIOp::create(
        b_, l, mlir::arith::CmpIOp::create(b_, l, IP::ne, low, c(0)),
        mode == BfloatRounding::Down
            ? negative
            : mlir::Value(mlir::arith::XOrIOp::create(
                  b_, l, negative, mlir::arith::ConstantIntOp::create(b_, l, 1, 1))));
    increment = mlir::arith::SelectOp::create(b_, l, away, c(0x10000), c(0));
    break;
  }
  }
  mlir::Value rounded = mlir::arith::AndIOp::create(
      b_, l, mlir::arith::AddIOp::create(b_, l, bits, increment), c(static_cast<int64_t>(0xffff0000u)));
  // NaN stays NaN (quiet, its upper payload kept); infinities have no dropped bits.
  mlir::Value quietNan = mlir::arith::AndIOp::create(
      b_, l, mlir::arith::OrIOp::create(b_, l, bits, c(0x400000)), c(static_cast<int64_t>(0xffff0000u)));
  mlir::Value isNan = mlir::arith::CmpFOp::create(b_, l, FP::UNO, x, x);
  rounded = mlir::arith::SelectOp::create(b_, l, isNan, quietNan, rounded);
  return mlir::arith::BitcastOp::create(b_, l, f32, rounded);
}

Val Generator::bfloatCall(const ast::Call &c, const std::vector<Val> &argsIn) {
  using K = BfloatFunction::Kind;
  mlir::Location l = loc(c.getLoc());
  const std::string &name = typeOf(*c.func).name();
  const BfloatFunction fn = *bfloatFunction(name.substr(10));
  const Type bf = Type::bfloat16();
  mlir::Type f32 = b_.getF32Type(), i32 = b_.getI32Type();
  std::vector<Val> args;
  for (size_t i = 0; i < argsIn.size(); ++i)
    args.push_back(i < fn.params.size() ? convert(argsIn[i], fn.params[i], c.getLoc()) : argsIn[i]);
  auto result = [&](mlir::Value v) { return Val{fn.result, {v}}; };
  auto fconst = [&](double v) { return floatConst(v, f32, l); };
  switch (fn.kind) {
  case K::Construct: {
    // bfloat16(x): any number, to nearest; the named conversions in their
    // mode. Integers go through float64 (exact up to 2^53).
    const Val &x = args[0];
    mlir::Value v = x.scalar();
    if (!x.type.isFloat())
      v = convert(x, Type::floating(64), c.getLoc()).scalar();
    else if (x.type.isBfloat16() || x.type.isFloat16())
      v = toWidth(v, f32, l);
    return result(roundToBfloat16(v, fn.rounding, l));
  }
  case K::Arithmetic: {
    mlir::Value a = args[0].scalar(), r;
    if (fn.op == "neg")
      return result(mlir::arith::NegFOp::create(b_, l, a));
    if (fn.op == "abs")
      return result(mlir::math::AbsFOp::create(b_, l, a));
    mlir::Value b = args[1].scalar();
    if (fn.op == "add")
      r = mlir::arith::AddFOp::create(b_, l, a, b);
    else if (fn.op == "sub")
      r = mlir::arith::SubFOp::create(b_, l, a, b);
    else if (fn.op == "mul")
      r = mlir::arith::MulFOp::create(b_, l, a, b); // exact in float32 (8 + 8 bits)
    else if (fn.op == "div")
      r = mlir::arith::DivFOp::create(b_, l, a, b);
    if (fn.op == "fma") {
      // a*b is exact in float32; s = p + c rounded, and TwoSum gives its
      // exact error e: s rounded to odd with e as the sticky bit (toward
      // zero first when e points there) rounds to bfloat16 once.
      auto [s, e] = twoSum(mlir::arith::MulFOp::create(b_, l, a, b), args[2].scalar(), l);
      mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, s);
      mlir::Value inexact = mlir::arith::CmpFOp::create(b_, l, FP::ONE, e, fconst(0));
      // e's sign against s's: the exact sum is nearer zero than s.
      mlir::Value sNeg = mlir::arith::CmpFOp::create(b_, l, FP::OLT, s, fconst(0));
      mlir::Value eNeg = mlir::arith::CmpFOp::create(b_, l, FP::OLT, e, fconst(0));
      mlir::Value nearer = mlir::arith::AndIOp::create(
          b_, l, inexact, mlir::arith::XOrIOp::create(b_, l, sNeg, eNeg));
      bits = mlir::arith::SelectOp::create(
          b_, l, nearer, mlir::arith::SubIOp::create(b_, l, bits, intConst(1, i32, l)), bits);
      bits = mlir::arith::SelectOp::create(
          b_, l, inexact, mlir::arith::OrIOp::create(b_, l, bits, intConst(1, i32, l)), bits);
      mlir::Value finite = mlir::arith::CmpFOp::create(
          b_, l, FP::OLT, mlir::math::AbsFOp::create(b_, l, s), fconst(INFINITY));
      r = mlir::arith::SelectOp::create(b_, l, finite, mlir::arith::BitcastOp::create(b_, l, f32, bits), s);
    }
    r = roundToBfloat16(r, BfloatRounding::Nearest, l);
    if (fn.saturate) { // [0, 1], NaN giving 0 (cuda_bf16.h's _sat)
      mlir::Value lo = mlir::arith::CmpFOp::create(b_, l, FP::OGT, r, fconst(0));
      r = mlir::arith::SelectOp::create(b_, l, lo, r, fconst(0));
      mlir::Value hi = mlir::arith::CmpFOp::create(b_, l, FP::OGT, r, fconst(1));
      r = mlir::arith::SelectOp::create(b_, l, hi, fconst(1), r);
    }
    if (fn.relu) { // negative results give 0; NaN stays
      mlir::Value neg = mlir::arith::CmpFOp::create(b_, l, FP::OLT, r, fconst(0));
      r = mlir::arith::SelectOp::create(b_, l, neg, fconst(0), r);
    }
    return result(r);
  }
  case K::Compare: {
    static const std::map<std::string, FP> preds = {{"eq", FP::OEQ}, {"ne", FP::ONE},
                                                    {"lt", FP::OLT}, {"le", FP::OLE},
                                                    {"gt", FP::OGT}, {"ge", FP::OGE}};
    return result(mlir::arith::CmpFOp::create(b_, l, preds.at(fn.op), args[0].scalar(),
                                              args[1].scalar()));
  }
  case K::Extremum: {
    mlir::Value a = args[0].scalar(), b = args[1].scalar();
    if (!fn.propagateNan) // hmax: a NaN argument gives the other one
      return result(extremumIgnoringNan(a, b, fn.op == "max", l));
    // hmax_nan: a NaN argument gives NaN
    mlir::Value pick = mlir::arith::CmpFOp::create(b_, l, fn.op == "max" ? FP::OGT : FP::OLT, a, b);
    mlir::Value r = mlir::arith::SelectOp::create(b_, l, pick, a, b);
    mlir::Value unordered = mlir::arith::CmpFOp::create(b_, l, FP::UNO, a, b);
    return result(mlir::arith::SelectOp::create(b_, l, unordered, fconst(NAN), r));
  }
  case K::IsNan:
    return result(mlir::arith::CmpFOp::create(b_, l, FP::UNO, args[0].scalar(), args[0].scalar()));
  case K::IsInf: {
    mlir::Value a = args[0].scalar();
    mlir::Value pos = mlir::arith::CmpFOp::create(b_, l, FP::OEQ, a, fconst(INFINITY));
    mlir::Value neg = mlir::arith::CmpFOp::create(b_, l, FP::OEQ, a, fconst(-INFINITY));
    mlir::Value r = mlir::arith::SelectOp::create(b_, l, pos, intConst(1, i32, l), intConst(0, i32, l));
    return result(mlir::arith::SelectOp::create(b_, l, neg, intConst(-1, i32, l), r));
  }
  case K::ToFloat32:
    return result(args[0].scalar());
  case K::AsInteger: {
    mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, args[0].scalar());
    bits = mlir::arith::ShRUIOp::create(b_, l, bits, intConst(16, i32, l));
    return result(mlir::arith::TruncIOp::create(b_, l, b_.getI16Type(), bits));
  }
  case K::FromBits: {
    mlir::Value bits = mlir::arith::ExtUIOp::create(b_, l, i32, args[0].scalar());
    bits = mlir::arith::ShLIOp::create(b_, l, bits, intConst(16, i32, l));
    return result(mlir::arith::BitcastOp::create(b_, l, f32, bits));
  }
  case K::ToInteger: {
    // Rounded in the mode, saturated to the type's range, NaN giving 0
    // (cuda_bf16.h's __bfloat162int_rn & co.).
    mlir::Value a = args[0].scalar(), r;
    switch (fn.rounding) {
    case BfloatRounding::Nearest: r = mlir::math::RoundEvenOp::create(b_, l, a); break;
    case BfloatRounding::TowardZero: r = mlir::math::TruncOp::create(b_, l, a); break;
    case BfloatRounding::Down: r = mlir::math::FloorOp::create(b_, l, a); break;
    case BfloatRounding::Up: r = mlir::math::CeilOp::create(b_, l, a); break;
    }
    const Type &t = fn.result;
    mlir::Type it = lowerScalar(t);
    const unsigned bits = t.bits();
    const double lo = t.isSigned() ? -std::ldexp(1.0, static_cast<int>(bits) - 1) : 0.0;
    const double hi = std::ldexp(1.0, static_cast<int>(bits) - (t.isSigned() ? 1 : 0));
    mlir::Value below = mlir::arith::CmpFOp::create(b_, l, FP::OLT, r, fconst(lo));
    mlir::Value above = mlir::arith::CmpFOp::create(b_, l, FP::OGE, r, fconst(hi));
    mlir::Value nan = mlir::arith::CmpFOp::create(b_, l, FP::UNO, r, r);
    mlir::Value safe = mlir::arith::SelectOp::create(
        b_, l, mlir::arith::OrIOp::create(b_, l, mlir::arith::OrIOp::create(b_, l, below, above), nan),
        fconst(0), r);
    mlir::Value v = t.isSigned() ? mlir::Value(mlir::arith::FPToSIOp::create(b_, l, it, safe))
                                 : mlir::Value(mlir::arith::FPToUIOp::create(b_, l, it, safe));
    const unsigned w = it.getIntOrFloatBitWidth();
    auto maxOf = [&]() -> int64_t {
      if (!t.isSigned())
        return w == 64 ? -1 : static_cast<int64_t>((uint64_t{1} << w) - 1);
      return static_cast<int64_t>((uint64_t{1} << (w - 1)) - 1);
    };
    int64_t minValue = t.isSigned() ? (w == 64 ? std::numeric_limits<int64_t>::min()
                                               : -(int64_t{1} << (w - 1)))
                                    : 0;
    v = mlir::arith::SelectOp::create(b_, l, above, intConst(maxOf(), it, l), v);
    v = mlir::arith::SelectOp::create(b_, l, below, intConst(minValue, it, l), v);
    return result(v);
  }
  }
  fail(c.getLoc(), "internal error: an unknown numba.cuda.bf16 function");
}

} // namespace nvc::mlirgen
