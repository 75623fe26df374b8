//===- GenFloat16.cpp - Generator: float16 storage and rounding ------------===//
//
// float16 (004_…txt "float16 arrays"; numba-cuda's float16 scalars) is
// stored as IEEE halves and computed in float32: a loaded half widens
// exactly, and every float16 result (arithmetic, math functions,
// conversions) is rounded to the nearest half, ties to even, as NumPy's
// astype(float16) and CUDA's __float2half_rn. Rounding a float32 result of
// + - * / or sqrt of halves gives the correctly rounded half (24 ≥ 2·11 + 2
// bits: the double rounding is innocuous), so results match native float16
// arithmetic. The conversions are integer arithmetic on the bits: they need
// no 16-bit float capability, drivers do not reassociate them, and halves
// are kept in 16-bit integer storage (emulated where the device lacks
// 16-bit storage access). nvc/Float16.h is the same rule on the host.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

mlir::Value Generator::halfBitsToFloat(mlir::Value bits, mlir::Location l) {
  using P = mlir::arith::CmpIPredicate;
  mlir::Type i32 = b_.getI32Type();
  auto c = [&](int64_t v) { return intConst(v, i32, l); };
  mlir::Value h = bits.getType() == i32 ? bits : mlir::arith::ExtUIOp::create(b_, l, i32, bits);
  mlir::Value sign = mlir::arith::ShLIOp::create(
      b_, l, mlir::arith::AndIOp::create(b_, l, h, c(0x8000)), c(16));
  mlir::Value exponent =
      mlir::arith::AndIOp::create(b_, l, mlir::arith::ShRUIOp::create(b_, l, h, c(10)), c(0x1f));
  mlir::Value fraction = mlir::arith::AndIOp::create(b_, l, h, c(0x3ff));
  mlir::Value shiftedFraction = mlir::arith::ShLIOp::create(b_, l, fraction, c(13));
  // Normal: the exponent rebiased (15 → 127); infinity and NaN: all ones.
  mlir::Value isSpecial = mlir::arith::CmpIOp::create(b_, l, P::eq, exponent, c(0x1f));
  mlir::Value rebiased = mlir::arith::ShLIOp::create(
      b_, l, mlir::arith::AddIOp::create(b_, l, exponent, c(112)), c(23));
  mlir::Value exponentBits = mlir::arith::SelectOp::create(b_, l, isSpecial, c(0x7f800000), rebiased);
  mlir::Value normal = mlir::arith::OrIOp::create(b_, l, exponentBits, shiftedFraction);
  // Zero and subnormal: fraction × 2^-24, exact in float32 (a normal float).
  mlir::Type f32 = b_.getF32Type();
  mlir::Value small = mlir::arith::MulFOp::create(
      b_, l, mlir::arith::UIToFPOp::create(b_, l, f32, fraction), floatConst(0x1p-24, f32, l));
  mlir::Value smallBits = mlir::arith::BitcastOp::create(b_, l, i32, small);
  mlir::Value isSmall = mlir::arith::CmpIOp::create(b_, l, P::eq, exponent, c(0));
  mlir::Value magnitude = mlir::arith::SelectOp::create(b_, l, isSmall, smallBits, normal);
  return mlir::arith::BitcastOp::create(b_, l, f32,
                                        mlir::arith::OrIOp::create(b_, l, magnitude, sign));
}

mlir::Value Generator::floatToHalfBits(mlir::Value x, mlir::Location l) {
  // A value roundToHalf made: its bits are known (they dominate it).
  if (auto known = halfBitsOfRounded_.find(x); known != halfBitsOfRounded_.end())
    return known->second;
  using P = mlir::arith::CmpIPredicate;
  // The float's format: width, fraction bits, exponent bias.
  const unsigned width = x.getType().getIntOrFloatBitWidth();
  const int64_t fractionBits = width == 64 ? 52 : 23, bias = width == 64 ? 1023 : 127;
  mlir::Type it = b_.getIntegerType(width);
  auto c = [&](int64_t v) { return intConst(v, it, l); };
  mlir::Value u = mlir::arith::BitcastOp::create(b_, l, it, x);
  mlir::Value magnitude = mlir::arith::AndIOp::create(b_, l, u, c(width == 64 ? INT64_MAX : INT32_MAX));
  mlir::Value sign = mlir::arith::AndIOp::create(
      b_, l, mlir::arith::ShRUIOp::create(b_, l, u, c(width - 16)), c(0x8000));
  const int64_t infinity = (2 * bias + 1) << fractionBits;
  // The bits of 65520 (the first value that rounds to infinity) and of 2^-14
  // (the smallest normal half) in this format.
  const int64_t overflowBits = ((bias + 15) << fractionBits) | (int64_t(0x7ff) << (fractionBits - 11));
  const int64_t normalBits = (bias - 14) << fractionBits;
  const int64_t drop = fractionBits - 10; // fraction bits a half does not keep
  // Round ties-to-even the low `shift` bits off `v`.
  auto roundOff = [&](mlir::Value v, mlir::Value shift) {
    mlir::Value one = c(1);
    mlir::Value half = mlir::arith::SubIOp::create(
        b_, l, mlir::arith::ShLIOp::create(b_, l, one,
                                           mlir::arith::SubIOp::create(b_, l, shift, one)),
        one);
    mlir::Value odd = mlir::arith::AndIOp::create(
        b_, l, mlir::arith::ShRUIOp::create(b_, l, v, shift), one);
    mlir::Value sum = mlir::arith::AddIOp::create(
        b_, l, v, mlir::arith::AddIOp::create(b_, l, half, odd));
    return mlir::arith::ShRUIOp::create(b_, l, sum, shift).getResult();
  };
  // A normal half: exponent rebiased, fraction rounded (a carry moves into
  // the exponent, up to infinity's bits for the largest values).
  mlir::Value rebiased = mlir::arith::SubIOp::create(b_, l, magnitude, c((bias - 15) << fractionBits));
  mlir::Value normal = roundOff(rebiased, c(drop));
  // A subnormal half: the significand (implicit bit included) in units of
  // 2^-24; a shift beyond its width gives 0 (values below 2^-25).
  mlir::Value exponent = mlir::arith::ShRUIOp::create(b_, l, magnitude, c(fractionBits));
  mlir::Value significand = mlir::arith::OrIOp::create(
      b_, l, mlir::arith::AndIOp::create(b_, l, magnitude, c((int64_t(1) << fractionBits) - 1)),
      c(int64_t(1) << fractionBits));
  mlir::Value shift = mlir::arith::SubIOp::create(b_, l, c(bias + fractionBits - 24), exponent);
  shift = mlir::arith::MinUIOp::create(b_, l, shift, c(fractionBits + 2));
  mlir::Value subnormal = roundOff(significand, shift);
  // NaN (quiet, the payload's high bits kept) and infinity.
  mlir::Value payload = mlir::arith::OrIOp::create(
      b_, l, c(0x7e00),
      mlir::arith::AndIOp::create(b_, l, mlir::arith::ShRUIOp::create(b_, l, magnitude, c(drop)),
                                  c(0x3ff)));
  mlir::Value isNaN = mlir::arith::CmpIOp::create(b_, l, P::ugt, magnitude, c(infinity));
  mlir::Value isLarge = mlir::arith::CmpIOp::create(b_, l, P::uge, magnitude, c(overflowBits));
  mlir::Value isNormal = mlir::arith::CmpIOp::create(b_, l, P::uge, magnitude, c(normalBits));
  mlir::Value h = mlir::arith::SelectOp::create(b_, l, isNormal, normal, subnormal);
  h = mlir::arith::SelectOp::create(b_, l, isLarge, c(0x7c00), h);
  h = mlir::arith::SelectOp::create(b_, l, isNaN, payload, h);
  h = mlir::arith::OrIOp::create(b_, l, h, sign);
  return mlir::arith::TruncIOp::create(b_, l, b_.getI16Type(), h);
}

mlir::Value Generator::roundToHalf(mlir::Value x, mlir::Location l) {
  mlir::Value bits = floatToHalfBits(x, l);
  mlir::Value rounded = halfBitsToFloat(bits, l);
  // Encoding `rounded` again gives `bits` (a NaN among them: already quiet),
  // so a store of it reuses them.
  halfBitsOfRounded_[rounded] = bits;
  return rounded;
}

Val Generator::halfIntrinsic(const BuiltinInfo &builtin, const std::vector<Val> &args,
                             ast::Location at) {
  using Pred = mlir::arith::CmpFPredicate;
  mlir::Location l = loc(at);
  const HalfOperation h = halfOperation(builtin.id);
  const Type half = Type::floating(16);
  std::vector<Val> x;
  for (const Val &a : args)
    x.push_back(convert(a, half, at));
  if (h.op.binary)
    return binary(*h.op.binary, x[0], x[1], at); // rounded there
  if (h.op.comparison)
    return Val{Type::boolean(), {compareScalars(*h.op.comparison, x[0], x[1], at)}};
  mlir::Value a = x[0].scalar();
  auto result = [&](mlir::Value v) { return Val{half, {v}}; };
  if (h.math == "neg")
    return result(mlir::arith::NegFOp::create(b_, l, a));
  if (h.math == "abs")
    return result(mlir::math::AbsFOp::create(b_, l, a));
  if (h.math == "max" || h.math == "min")
    return result(extremumIgnoringNan(a, x[1].scalar(), h.math == "max", l));
  if (h.math == "fma") {
    // __hfma rounds a*b + c once. a*b of halves is exact in float32 (22
    // bits); s = p + c is rounded, and TwoSum gives its exact error e. s is
    // the float32 nearest p + c, so rounding it to a half differs from
    // rounding p + c only when s lies exactly halfway between two halves
    // and e ≠ 0: then s moves one float32 step towards e first.
    mlir::Value p = mlir::arith::MulFOp::create(b_, l, a, x[1].scalar());
    auto [s, e] = twoSum(p, x[2].scalar(), l);
    mlir::Type i32 = b_.getI32Type(), f32 = b_.getF32Type();
    using IP = mlir::arith::CmpIPredicate;
    mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, s);
    // s is halfway when it is the midpoint of the half r it rounds to and
    // r's neighbour on s's side (infinity counting as 2^16 there).
    mlir::Value magnitude = mlir::arith::AndIOp::create(
        b_, l, mlir::arith::ExtUIOp::create(b_, l, i32, floatToHalfBits(s, l)),
        intConst(0x7fff, i32, l));
    mlir::Value isInf = mlir::arith::CmpIOp::create(b_, l, IP::eq, magnitude, intConst(0x7c00, i32, l));
    mlir::Value r = mlir::arith::SelectOp::create(b_, l, isInf, floatConst(65536, f32, l),
                                                  halfBitsToFloat(magnitude, l));
    mlir::Value absS = mlir::math::AbsFOp::create(b_, l, s);
    mlir::Value above = mlir::arith::CmpFOp::create(b_, l, Pred::OGT, absS, r);
    mlir::Value neighbour = halfBitsToFloat(
        mlir::arith::SelectOp::create(b_, l, above,
                                      mlir::arith::AddIOp::create(b_, l, magnitude, intConst(1, i32, l)),
                                      mlir::arith::SubIOp::create(b_, l, magnitude, intConst(1, i32, l))),
        l);
    mlir::Value midpoint = mlir::arith::MulFOp::create(
        b_, l, mlir::arith::AddFOp::create(b_, l, r, neighbour), floatConst(0.5, f32, l));
    mlir::Value halfway = mlir::arith::CmpFOp::create(b_, l, Pred::OEQ, absS, midpoint);
    mlir::Value inexact = mlir::arith::CmpFOp::create(b_, l, Pred::ONE, e, floatConst(0, f32, l));
    // One step away from zero when e has s's sign, towards zero otherwise.
    mlir::Value sameSign = mlir::arith::CmpIOp::create(
        b_, l, IP::sge,
        mlir::arith::XOrIOp::create(b_, l, bits,
                                    mlir::arith::BitcastOp::create(b_, l, i32, e)),
        intConst(0, i32, l));
    mlir::Value step = mlir::arith::SelectOp::create(b_, l, sameSign, intConst(1, i32, l),
                                                     intConst(-1, i32, l));
    mlir::Value nudged =
        mlir::arith::BitcastOp::create(b_, l, f32, mlir::arith::AddIOp::create(b_, l, bits, step));
    mlir::Value fix = mlir::arith::AndIOp::create(b_, l, halfway, inexact);
    return roundedIfHalf(result(mlir::arith::SelectOp::create(b_, l, fix, nudged, s)), at);
  }
  if (h.math == "rcp")
    return roundedIfHalf(
        result(mlir::arith::DivFOp::create(b_, l, floatConst(1, b_.getF32Type(), l), a)), at);
  // The math functions: libdevice's float32 forms, rounded.
  return roundedIfHalf(
      result(realMath("cuda.libdevice." + h.math + "f", {a}, Type::floating(32), at)), at);
}

mlir::Value Generator::extremumIgnoringNan(mlir::Value a, mlir::Value b, bool max,
                                           mlir::Location l) {
  using Pred = mlir::arith::CmpFPredicate;
  mlir::Value pick = mlir::arith::CmpFOp::create(b_, l, max ? Pred::OGT : Pred::OLT, a, b);
  mlir::Value r = mlir::arith::SelectOp::create(b_, l, pick, a, b);
  r = mlir::arith::SelectOp::create(b_, l, mlir::arith::CmpFOp::create(b_, l, Pred::UNO, a, a), b,
                                    r);
  return mlir::arith::SelectOp::create(b_, l, mlir::arith::CmpFOp::create(b_, l, Pred::UNO, b, b),
                                       a, r);
}

std::pair<mlir::Value, mlir::Value> Generator::twoSum(mlir::Value p, mlir::Value c,
                                                      mlir::Location l) {
  mlir::Value s = mlir::arith::AddFOp::create(b_, l, p, c);
  mlir::Value bp = mlir::arith::SubFOp::create(b_, l, s, p);
  mlir::Value e = mlir::arith::AddFOp::create(
      b_, l, mlir::arith::SubFOp::create(b_, l, p, mlir::arith::SubFOp::create(b_, l, s, bp)),
      mlir::arith::SubFOp::create(b_, l, c, bp));
  return {s, e};
}

Val Generator::roundedIfHalf(Val v, ast::Location at) {
  if (v.type.isFloat16() && !v.isArrayLike())
    v.parts[0] = roundToHalf(v.parts[0], loc(at));
  else if (v.type.isBfloat16() && !v.isArrayLike())
    v.parts[0] = roundToBfloat16(v.parts[0], BfloatRounding::Nearest, loc(at));
  return v;
}

} // namespace nvc::mlirgen
