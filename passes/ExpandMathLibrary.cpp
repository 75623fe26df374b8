//===- ExpandMathLibrary.cpp - nvc's own math library ----------------------===//
//
// Replaces math-library operations with nvc's own implementations, written
// as arith/math/scf code that lowers to SPIR-V: GLSL.std.450 has no float64
// transcendentals, and its float32 ones have driver-dependent accuracy.
// Implemented here (docs/math.md has the algorithms and measured errors):
//   exp exp2 exp10 expm1 log log2 log10 log1p sin cos tan sinpi cospi
//   asin acos atan atan2 sinh cosh tanh asinh acosh atanh cbrt hypot fmod
//   trunc erf erfc lgamma gamma pow.
// Every function is computed in float64; a float32 operation is extended,
// computed in float64 and rounded once. Operations carrying the `afn`
// fast-math flag (libdevice's fast_*) keep the device's built-in.
//
// The code is built with a small expression DSL (F, I, B wrappers over
// mlir::Value with C++ operators) so the algorithms read like C. It relies
// on every float add/sub/mul being correctly rounded and never contracted
// (DecorateNoContraction guarantees that on devices), so the error-free
// transformations (two-sum, Dekker's two-product) are exact. It does not
// rely on fma being fused (Vulkan allows an unfused GLSL Fma); it uses fma
// only where either is accurate enough (float64 sin/cos polynomial tails).
//
//===----------------------------------------------------------------------===//
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/Vector/IR/VectorOps.h>
#include <mlir/IR/ImplicitLocOpBuilder.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/ScopeExit.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <vector>

#define DEBUG_TYPE "nvc-expand-math-library"

namespace nvc {
namespace {

//===----------------------------------------------------------------------===//
// The expression DSL
//===----------------------------------------------------------------------===//

/// The builder the DSL emits with (set by BuilderScope).
mlir::ImplicitLocOpBuilder *gB = nullptr;

/// Makes `b` the DSL's builder for its lifetime.
struct BuilderScope {
  mlir::ImplicitLocOpBuilder *saved;
  explicit BuilderScope(mlir::ImplicitLocOpBuilder &b) : saved(gB) { gB = &b; }
  ~BuilderScope() { gB = saved; }
};

/// The float type of the DSL's constants: float64, except inside a
/// Float32Scope (the float32 sin/cos/tan kernels).
mlir::FloatType gFloatTy;

/// The DSL's float type; float64 unless a Float32Scope is active.
mlir::FloatType floatTy() { return gFloatTy ? gFloatTy : gB->getF64Type(); }

/// Makes float32 the DSL's float type (its constants, toF) for its lifetime.
struct Float32Scope {
  mlir::FloatType saved;
  Float32Scope() : saved(gFloatTy) { gFloatTy = gB->getF32Type(); }
  ~Float32Scope() { gFloatTy = saved; }
};
/// Makes float64 the DSL's float type again inside a Float32Scope.
struct Float64Scope {
  mlir::FloatType saved;
  Float64Scope() : saved(gFloatTy) { gFloatTy = gB->getF64Type(); }
  ~Float64Scope() { gFloatTy = saved; }
};

/// A float value: float64, or float32 inside a Float32Scope (constants are
/// rounded to the scope's type).
struct F {
  mlir::Value v;
  F(mlir::Value v) : v(v) {}
  F(double d)
      : v(mlir::arith::ConstantOp::create(*gB, floatTy(), gB->getFloatAttr(floatTy(), d))) {}
};
/// An int64 value.
struct I {
  mlir::Value v;
  explicit I(mlir::Value v) : v(v) {}
  I(int64_t c)
      : v(mlir::arith::ConstantOp::create(*gB, gB->getI64Type(), gB->getI64IntegerAttr(c))) {}
  I(int c) : I(static_cast<int64_t>(c)) {}
};
/// A boolean (i1).
struct B {
  mlir::Value v;
};

using mlir::arith::CmpFPredicate;
using mlir::arith::CmpIPredicate;

F operator+(F a, F b) { return F(mlir::arith::AddFOp::create(*gB, a.v, b.v)); }
F operator-(F a, F b) { return F(mlir::arith::SubFOp::create(*gB, a.v, b.v)); }
F operator*(F a, F b) { return F(mlir::arith::MulFOp::create(*gB, a.v, b.v)); }
F operator/(F a, F b) { return F(mlir::arith::DivFOp::create(*gB, a.v, b.v)); }
F operator-(F a) { return F(mlir::arith::NegFOp::create(*gB, a.v)); }
B cmp(CmpFPredicate p, F a, F b) { return B{mlir::arith::CmpFOp::create(*gB, p, a.v, b.v)}; }
B operator<(F a, F b) { return cmp(CmpFPredicate::OLT, a, b); }
B operator<=(F a, F b) { return cmp(CmpFPredicate::OLE, a, b); }
B operator>(F a, F b) { return cmp(CmpFPredicate::OGT, a, b); }
B operator>=(F a, F b) { return cmp(CmpFPredicate::OGE, a, b); }
B operator==(F a, F b) { return cmp(CmpFPredicate::OEQ, a, b); }

I operator+(I a, I b) { return I(mlir::arith::AddIOp::create(*gB, a.v, b.v)); }
I operator-(I a, I b) { return I(mlir::arith::SubIOp::create(*gB, a.v, b.v)); }
I operator*(I a, I b) { return I(mlir::arith::MulIOp::create(*gB, a.v, b.v)); }
I operator/(I a, I b) { return I(mlir::arith::DivSIOp::create(*gB, a.v, b.v)); }
I operator&(I a, I b) { return I(mlir::arith::AndIOp::create(*gB, a.v, b.v)); }
I operator|(I a, I b) { return I(mlir::arith::OrIOp::create(*gB, a.v, b.v)); }
I operator<<(I a, I b) { return I(mlir::arith::ShLIOp::create(*gB, a.v, b.v)); }
/// Logical shift right.
I operator>>(I a, I b) { return I(mlir::arith::ShRUIOp::create(*gB, a.v, b.v)); }
B cmp(CmpIPredicate p, I a, I b) { return B{mlir::arith::CmpIOp::create(*gB, p, a.v, b.v)}; }
B operator<(I a, I b) { return cmp(CmpIPredicate::slt, a, b); }
B operator>(I a, I b) { return cmp(CmpIPredicate::sgt, a, b); }
B operator==(I a, I b) { return cmp(CmpIPredicate::eq, a, b); }

B operator&&(B a, B b) { return B{mlir::arith::AndIOp::create(*gB, a.v, b.v)}; }
B operator||(B a, B b) { return B{mlir::arith::OrIOp::create(*gB, a.v, b.v)}; }
B operator^(B a, B b) { return B{mlir::arith::XOrIOp::create(*gB, a.v, b.v)}; }
B constB(bool v) {
  return B{mlir::arith::ConstantOp::create(*gB, gB->getI1Type(), gB->getBoolAttr(v))};
}
B operator!(B a) { return a ^ constB(true); }

F sel(B c, F a, F b) { return F(mlir::arith::SelectOp::create(*gB, c.v, a.v, b.v)); }
I sel(B c, I a, I b) { return I(mlir::arith::SelectOp::create(*gB, c.v, a.v, b.v)); }

I bits(F x) { return I(mlir::arith::BitcastOp::create(*gB, gB->getI64Type(), x.v)); }
F fromBits(I x) { return F(mlir::arith::BitcastOp::create(*gB, gB->getF64Type(), x.v)); }
F toF(I x) { return F(mlir::arith::SIToFPOp::create(*gB, floatTy(), x.v)); }
/// Truncating conversion; the argument must fit in int64.
I toI(F x) { return I(mlir::arith::FPToSIOp::create(*gB, gB->getI64Type(), x.v)); }
F fabs(F x) { return F(mlir::math::AbsFOp::create(*gB, x.v)); }
F floor(F x) { return F(mlir::math::FloorOp::create(*gB, x.v)); }
F ceil(F x) { return F(mlir::math::CeilOp::create(*gB, x.v)); }
/// Round to nearest, ties to even, by adding and subtracting 2^52 (not
/// GLSL RoundEven: lavapipe's float64 RoundEven returns its argument
/// unchanged above 2^24).
F roundeven(F x);
F sqrt(F x) { return F(mlir::math::SqrtOp::create(*gB, x.v)); }
F copysign(F x, F y) { return F(mlir::math::CopySignOp::create(*gB, x.v, y.v)); }
B isnan(F x) { return cmp(CmpFPredicate::UNO, x, x); }
B isinf(F x) { return fabs(x) == F(INFINITY); }
B isfinite(F x) { return fabs(x) < F(INFINITY); }
B signbit(F x) { return bits(x) < I(0); }
F fmin(F a, F b) { return sel(a < b, a, b); }
F fmax(F a, F b) { return sel(a > b, a, b); }
F clampF(F x, double lo, double hi) { return sel(x > F(hi), F(hi), sel(x < F(lo), F(lo), x)); }

F roundeven(F x) {
  // 2^(p-1), p the precision: adding it leaves no fraction bits.
  double big = llvm::cast<mlir::FloatType>(x.v.getType()).getFPMantissaWidth() == 24 ? 0x1p23
                                                                                      : 0x1p52;
  F t = fabs(x);
  return sel(t < F(big), copysign((t + F(big)) - F(big), x), x);
}

/// c[0] + x*(c[1] + x*(c[2] + ...)) (Horner).
F horner(F x, const std::vector<double> &c) {
  F acc(c.back());
  for (size_t i = c.size() - 1; i-- > 0;)
    acc = F(c[i]) + x * acc;
  return acc;
}

/// 2^k for k in [-1022, 1023], from its bits.
F pow2(I k) { return fromBits((k + I(1023)) << I(52)); }

/// x·2^k, exact unless the result overflows or is subnormal. k is clamped
/// to [-3000, 3000], beyond which every finite x over- or underflows anyway.
/// The three partial products round at most once when k ≥ 0 or
/// |x| ≥ 2^-900 (the intermediate x·2^(2k/3) stays normal whenever the
/// result is not 0); a smaller x scaled down may be rounded at each step,
/// which is why atan2 never scales a tiny operand down.
F scale(F x, I k) {
  k = sel(k > I(3000), I(3000), sel(k < I(-3000), I(-3000), k));
  I k1 = k / I(3);
  return x * pow2(k1) * pow2(k1) * pow2(k - k1 - k1);
}

/// A double-double: the unevaluated sum hi + lo.
struct DD {
  F hi, lo;
};

/// Knuth's two-sum: s + e == a + b exactly.
DD twoSum(F a, F b) {
  F s = a + b;
  F bb = s - a;
  F e = (a - (s - bb)) + (b - bb);
  return {s, e};
}

/// Dekker's two-product (Veltkamp splitting): p + e == a·b exactly, for
/// |a|, |b| < 2^996 (float32: 2^115) and no underflow.
DD twoProd(F a, F b) {
  bool f32 = a.v.getType().isF32();
  auto split = [f32](F x) -> DD {
    F c = F(f32 ? 4097.0 : 134217729.0) * x; // 2^ceil(p/2) + 1
    F hi = c - (c - x);
    return {hi, x - hi};
  };
  DD as = split(a), bs = split(b);
  F p = a * b;
  F e = ((as.hi * bs.hi - p) + as.hi * bs.lo + as.lo * bs.hi) + as.lo * bs.lo;
  return {p, e};
}

/// sqrt(x.hi + x.lo) as a double-double (one Newton correction).
DD sqrtDD(DD x) {
  F s = sqrt(x.hi);
  DD sq = twoProd(s, s);
  F lo = ((x.hi - sq.hi) - sq.lo + x.lo) / (F(2.0) * s);
  return {s, sel(s > F(0.0), lo, F(0.0))};
}

/// (n.hi + n.lo) / (d.hi + d.lo) as a double-double.
DD divDD(DD n, DD d) {
  F q = n.hi / d.hi;
  DD p = twoProd(q, d.hi);
  F lo = (((n.hi - p.hi) - p.lo) + n.lo - q * d.lo) / d.hi;
  return {q, sel(isfinite(lo), lo, F(0.0))};
}

//===----------------------------------------------------------------------===//
// Constants (computed with mpmath at 300 bits; hex floats are exact)
//===----------------------------------------------------------------------===//

constexpr double LN2_HI = 0x1.62e42fefa3800p-1; // 42 bits: k·LN2_HI is exact
constexpr double LN2_LO = 0x1.ef35793c76730p-45;
constexpr double LN2 = 0x1.62e42fefa39efp-1, LN2_TAIL = 0x1.abc9e3b39803fp-56;
constexpr double INV_LN2 = 0x1.71547652b82fep+0;
constexpr double PI_HI = 0x1.921fb54442d18p+1, PI_LO = 0x1.1a62633145c07p-53;
constexpr double PIO2_HI = 0x1.921fb54442d18p+0, PIO2_LO = 0x1.1a62633145c07p-54;
/// π/2 in five 27-bit parts and a rounded sixth (k·part exact for k < 2^26).
constexpr double PIO2_PARTS[6] = {0x1.921fb54000000p+0,  0x1.10b4610000000p-30,
                                  0x1.a626330000000p-58,  0x1.45c06e0000000p-86,
                                  0x1.cd12904000000p-115, -0x1.b1f77598338c0p-143};
constexpr double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
constexpr double INV_LN2S_HI = 0x1.7154765300000p+0, INV_LN2S_LO = -0x1.1f407a220bc01p-34;
constexpr double INV_LN10S_HI = 0x1.bcb7b15200000p-2, INV_LN10S_LO = 0x1.b9438ca9aadd5p-36;
constexpr double LOG10_2S_HI = 0x1.3441350a00000p-2, LOG10_2S_LO = -0x1.0c0219dc1da99p-39;
constexpr double LN10_HI = 0x1.26bb1bbb55516p+1, LN10_LO = -0x1.f48ad494ea3e9p-53;
/// atan(j/16) for j = 0..16 as double-doubles.
constexpr double ATAN_J16[17][2] = {
    {0x0.0p+0, 0x0.0p+0},
    {0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60},
    {0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59},
    {0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58},
    {0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57},
    {0x1.362773707ebccp-2, -0x1.963a544b672d8p-57},
    {0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56},
    {0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56},
    {0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56},
    {0x1.0657e94db30d0p-1, -0x1.d5b495f6349e6p-56},
    {0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58},
    {0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55},
    {0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56},
    {0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57},
    {0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56},
    {0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56},
    {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55},
};
/// Taylor coefficients of tanh: x, x^3, x^5, ... (from Bernoulli numbers).
const std::vector<double> TANH_C = {
    0x1.0000000000000p+0,   -0x1.5555555555555p-2,  0x1.1111111111111p-3,
    -0x1.ba1ba1ba1ba1cp-5,  0x1.664f4882c10fap-6,   -0x1.226e355e6c23dp-7,
    0x1.d6d3d0e157de0p-9,   -0x1.7da36452b75e3p-10, 0x1.3558248036744p-11,
    -0x1.f57d7734d1664p-13, 0x1.967e18afcafadp-14,  -0x1.497d8eea25259p-15,
    0x1.0b132d39a6050p-16,  -0x1.b0f72d3ee24e9p-18, 0x1.5ef2da474e5b7p-19,
    -0x1.1c77df95c1c0dp-20, 0x1.cd299de4ae6bbp-22,  -0x1.75cde6563fed9p-23,
    0x1.2efe8db3aff1fp-24,  -0x1.eb3229047434cp-26, 0x1.8e25ff9327e2cp-27,
    -0x1.42ba1a349b490p-28};

/// ±1/(first + 2n)! for n = 0..count-1 (alternating signs from +), in long
/// double: the Taylor coefficients of sin, cos, sinh, cosh.
std::vector<double> factorialSeries(int first, int count, bool alternate) {
  std::vector<double> c;
  for (int n = 0; n < count; ++n) {
    long double f = 1;
    for (int i = 2; i <= first + 2 * n; ++i)
      f *= i;
    c.push_back(static_cast<double>(((alternate && n % 2) ? -1.0L : 1.0L) / f));
  }
  return c;
}

/// 1/n! for n = 2..last: the Taylor coefficients of exp beyond 1 + x.
std::vector<double> expSeries(int last) {
  std::vector<double> c;
  long double f = 1;
  for (int n = 2; n <= last; ++n) {
    f *= n;
    c.push_back(static_cast<double>(1.0L / f));
  }
  return c;
}

/// ±1/(2n+3) for n = 0..count-1 (alternating from -): atan/atanh tails.
std::vector<double> oddReciprocals(int count, bool alternate) {
  std::vector<double> c;
  for (int n = 0; n < count; ++n)
    c.push_back(
        static_cast<double>(((alternate && n % 2 == 0) ? -1.0L : 1.0L) / (2.0L * n + 3)));
  return c;
}

//===----------------------------------------------------------------------===//
// exp family
//===----------------------------------------------------------------------===//

/// exp(hi + lo) = m·2^k with m ∈ [0.7, 1.42], for |hi| ≲ 800:
///  1. k = round(hi/ln2); r = (hi - k·ln2_hi) - k·ln2_lo + lo (the first
///     difference is exact: ln2_hi has 42 bits).
///  2. m = 1 + (r + r²·Q(r)), Q the Taylor series of (e^r - 1 - r)/r² to
///     r^11 (truncation < 2^-57 on |r| ≤ ln2/2).
struct Scaled {
  F m;
  I k;
};
Scaled expCore(F hi, F lo) {
  F kf = roundeven(hi * F(INV_LN2));
  F r = (hi - kf * F(LN2_HI)) - kf * F(LN2_LO) + lo;
  static const std::vector<double> inv = expSeries(13);
  F e = r + r * (r * horner(r, inv));
  return {F(1.0) + e, toI(kf)};
}

F expImpl(F x) {
  Scaled s = expCore(clampF(x, -800, 800), F(0.0));
  return sel(isnan(x), x, scale(s.m, s.k));
}

/// exp of a float32 argument, in float64, for its caller to round once to
/// float32: expImpl cut to what float32 needs (about a third fewer float64
/// operations, which bound float32 exp-heavy kernels on GPUs).
///  1. x is clamped to ±200 (e^±200 over- and underflows float32 as e^±800
///     does), so |k| ≤ 289 and 2^k is one normal float64.
///  2. k = round(x/ln2); r = x - k·ln2 with ln2 rounded to float64: the
///     product's rounding (≤ 2^-46), ln2's (≤ 289·2^-54) and the difference's
///     (≤ 2^-55) leave r within 2^-44.9 of x - k·ln2 exactly.
///  3. e^r = 1 + (r + r²·Q(r)), Q the Taylor series to r^10: truncation
///     < 2^-41.1 relative on |r| ≤ ln2/2.
///  4. m·2^k: one exact multiplication (a float32 result's float64 value,
///     even a subnormal float32's, is a normal float64).
/// The float64 value is within 2^-40 relative of e^x, so the float32 result
/// is within 0.5 + 2^-16 ulp of e^x.
F expF32Impl(F x) {
  F xc = clampF(x, -200, 200);
  F kf = roundeven(xc * F(INV_LN2));
  F r = xc - kf * F(LN2);
  static const std::vector<double> inv = expSeries(10);
  F e = r + r * (r * horner(r, inv));
  return sel(isnan(x), x, (F(1.0) + e) * pow2(toI(kf)));
}

/// exp2(x): k = round(x), r = x - k exactly, e^(r·ln2) with r·ln2 as a
/// double-double, scaled by 2^k.
F exp2Impl(F x) {
  F xc = clampF(x, -1200, 1200);
  F kf = roundeven(xc);
  F r = xc - kf;
  DD t = twoProd(r, F(LN2));
  Scaled s = expCore(t.hi, t.lo + r * F(LN2_TAIL));
  return sel(isnan(x), x, scale(s.m, s.k + toI(kf)));
}

/// exp10(x) = e^(x·ln10) with x·ln10 as a double-double.
F exp10Impl(F x) {
  F xc = clampF(x, -400, 400);
  DD t = twoProd(xc, F(LN10_HI));
  Scaled s = expCore(t.hi, t.lo + xc * F(LN10_LO));
  return sel(isnan(x), x, scale(s.m, s.k));
}

/// expm1(x):
///  1. k = round(x/ln2), r = hi - lo with its rounding error c.
///  2. e = expm1(r) by its Taylor series to r^14, as a double-double
///     (r + tail and the error of that sum), corrected by c·(1 + e).
///  3. k = 0: e; -53 ≤ k ≤ 52: (2^k - 1) + 2^k·e by two-sum (2^k - 1 is
///     exact); otherwise 2^k·(1 + e) - 1.
F expm1Impl(F x) {
  F xc = clampF(x, -60, 720);
  F kf = roundeven(xc * F(INV_LN2));
  F hi = xc - kf * F(LN2_HI);
  F lo = kf * F(LN2_LO);
  F r = hi - lo;
  F c = (hi - r) - lo;
  static const std::vector<double> inv = expSeries(14);
  F tail = r * (r * horner(r, inv));
  F e = r + tail;
  F eLo = ((r - e) + tail) + (c + c * e); // fast two-sum error (|tail| < |r|) + c(1+e)
  I k = toI(kf);
  I kc = sel(k > I(1023), I(1023), sel(k < I(-1022), I(-1022), k));
  F p = pow2(kc);
  DD m = twoSum(p - F(1.0), p * e);
  F mid = m.hi + (m.lo + p * eLo);
  F far = scale(F(1.0) + (e + eLo), k) - F(1.0);
  B isMid = !(k > I(52)) && !(k < I(-53));
  F res = sel(k == I(0), e + eLo, sel(isMid, mid, far));
  return sel(x == F(0.0) || isnan(x), x, res);
}

//===----------------------------------------------------------------------===//
// log family
//===----------------------------------------------------------------------===//

/// x = 2^k·(1 + f) with 1 + f ∈ [√2/2, √2), for finite x > 0 (subnormals
/// are scaled by 2^54 first).
struct Decomposed {
  F k;
  F f;
};
Decomposed decompose(F x) {
  B sub = x < F(0x1p-1022);
  F xs = sel(sub, x * F(0x1p54), x);
  I b = bits(xs);
  I e = (b >> I(52)) - I(1023);
  I mb = b & I(int64_t(0x000fffffffffffffLL));
  B big = mb > I(int64_t(0x6a09e667f3bcdLL));
  F m = fromBits(mb | sel(big, I(int64_t(0x3fe0000000000000LL)),
                          I(int64_t(0x3ff0000000000000LL))));
  e = e + sel(big, I(1), I(0)) - sel(sub, I(54), I(0));
  return {toF(e), m - F(1.0)};
}

/// Pieces of log(1 + f) for f ∈ [√2/2 - 1, √2 - 1]: with s = f/(2 + f),
/// log(1+f) = 2·atanh(s) = f - (hfsq - s·(hfsq + R)), hfsq = f²/2,
/// R = Σ_{n=1..11} 2·s^(2n)/(2n+1) (truncation < 2^-60 relative).
struct LogParts {
  F f, hfsq, sR; // sR = s·(hfsq + R)
};
LogParts logParts(F f) {
  F s = f / (F(2.0) + f);
  F z = s * s;
  static const std::vector<double> c = [] {
    std::vector<double> v;
    for (int n = 1; n <= 11; ++n)
      v.push_back(static_cast<double>(2.0L / (2 * n + 1)));
    return v;
  }();
  F R = z * horner(z, c);
  F hfsq = F(0.5) * f * f;
  return {f, hfsq, s * (hfsq + R)};
}

/// log(x + lo) + kAdd·ln2 for finite x > 0, |lo| ≪ x:
/// k·ln2_hi + (f - (hfsq - (s·(hfsq + R) + k·ln2_lo + lo/x))).
F logCore(F x, F lo, double kAdd) {
  Decomposed d = decompose(x);
  F k = d.k + F(kAdd);
  LogParts p = logParts(d.f);
  return k * F(LN2_HI) + (p.f - (p.hfsq - (p.sR + (k * F(LN2_LO) + lo / x))));
}

/// The special values of log-like functions at the ends of the domain.
F logSpecials(F x, F res) {
  res = sel(x == F(INFINITY), x, res);
  res = sel(x == F(0.0), F(-INFINITY), res);
  return sel(x < F(0.0) || isnan(x), F(NAN), res);
}

F logImpl(F x) { return logSpecials(x, logCore(x, F(0.0), 0)); }

/// log1p(x): u = 1 + x; log(u) plus the correction c/u for the rounding of
/// u (c computed exactly as 1 - (u - x) or x - (u - 1)).
F log1pImpl(F x) {
  F u = F(1.0) + x;
  F c = sel(u >= F(2.0), F(1.0) - (u - x), x - (u - F(1.0)));
  F res = logCore(sel(u > F(0.0), u, F(1.0)), c, 0);
  res = sel(x == F(0.0), x, res);
  res = sel(x == F(INFINITY), x, res);
  res = sel(x == F(-1.0), F(-INFINITY), res);
  return sel(x < F(-1.0) || isnan(x), F(NAN), res);
}

/// log2 and log10 (the same steps with different constants):
///  1. x = 2^k(1 + f); hi = f - hfsq with the low 32 bits cleared,
///     lo = (f - hi) - hfsq + s·(hfsq + R), so hi + lo = log(1 + f).
///  2. Multiply by 1/ln2 (1/ln10) split in a 33-bit head and a tail, add k
///     (k·log10(2) for log10) with an error-free sum.
F logBaseImpl(F x, bool ten) {
  Decomposed d = decompose(sel(x > F(0.0) && isfinite(x), x, F(1.0)));
  LogParts p = logParts(d.f);
  F hi = fromBits(bits(p.f - p.hfsq) & I(int64_t(0xffffffff00000000ULL)));
  F lo = ((p.f - hi) - p.hfsq) + p.sR;
  double ivHi = ten ? INV_LN10S_HI : INV_LN2S_HI, ivLo = ten ? INV_LN10S_LO : INV_LN2S_LO;
  F valHi = hi * F(ivHi);
  F valLo = (lo + hi) * F(ivLo) + lo * F(ivHi);
  F y = ten ? d.k * F(LOG10_2S_HI) : d.k;
  if (ten)
    valLo = valLo + d.k * F(LOG10_2S_LO);
  F w = y + valHi;
  valLo = valLo + ((y - w) + valHi);
  return logSpecials(x, valLo + w);
}

//===----------------------------------------------------------------------===//
// Trigonometric functions
//===----------------------------------------------------------------------===//

/// Minimax coefficients of the float64 sin/cos kernels on |r| ≤ π/4 + 2^-20,
/// derived by scripts/minimax.py (Remez exchange with mpmath, relative error
/// of the result; each coefficient then rounded to the nearest double):
///   sin r ≈ r + r³·S(r²), relative error < 2^-56.4 with these doubles;
///   cos r ≈ 1 − r²/2 + r⁴·C(r²), relative error < 2^-59.7.
constexpr double SIN_MINIMAX[6] = {-0x1.5555555555548p-3, 0x1.111111110f7d0p-7,
                                   -0x1.a01a019bfdedap-13, 0x1.71de3567d2379p-19,
                                   -0x1.ae5e5a90b0733p-26, 0x1.5d8fd16d1fc32p-33};
constexpr double COS_MINIMAX[6] = {0x1.555555555554bp-5,  -0x1.6c16c16c14f91p-10,
                                   0x1.a01a019c844d0p-16, -0x1.27e4f7eac2fdfp-22,
                                   0x1.1ee9d7b3ad7b9p-29, -0x1.8fa4996416df1p-37};

/// c[0] + x·(c[1] + x·(...)) with one GLSL Fma per step. Only for polynomial
/// tails whose error analysis holds whether Fma is fused (NVIDIA: one DFMA
/// instruction instead of a multiply and an add) or rounds twice (lavapipe):
/// either way each step is within two roundings, as a plain Horner step.
F hornerFma(F x, const double *c, int n) {
  F acc(c[n - 1]);
  for (int i = n - 1; i-- > 0;)
    acc = F(mlir::math::FmaOp::create(*gB, x.v, acc.v, F(c[i]).v));
  return acc;
}
F fmaF(F a, F b, F c) { return F(mlir::math::FmaOp::create(*gB, a.v, b.v, c.v)); }

/// sin(hi + lo) for |hi| ≲ π/4: hi + (hi·z·S(z) + lo·(1 - z/2)), z = hi²,
/// S the minimax polynomial above (lo·cos(hi) approximated by lo·(1 − z/2):
/// |lo| ≤ 2^-53|hi| + 2^-68, so the z²/24 dropped is < 0.01 ulp).
DD sinKernelParts(DD r) {
  F z = r.hi * r.hi;
  F w = F(1.0) - F(0.5) * z; // shared with cosKernelParts after cse
  return {r.hi, fmaF(r.hi * z, hornerFma(z, SIN_MINIMAX, 6), r.lo * w)};
}
F sinKernel(DD r) {
  DD p = sinKernelParts(r);
  return p.hi + p.lo;
}

/// cos(hi + lo) for |hi| ≲ π/4: w = 1 - z/2 and its exact rounding error
/// ((1 - w) - z/2), plus z²·C(z) (minimax above) - hi·lo.
DD cosKernelParts(DD r) {
  F z = r.hi * r.hi;
  F hz = F(0.5) * z;
  F w = F(1.0) - hz;
  return {w, ((F(1.0) - w) - hz) + fmaF(z * z, hornerFma(z, COS_MINIMAX, 6), -(r.hi * r.lo))};
}
F cosKernel(DD r) {
  DD p = cosKernelParts(r);
  return p.hi + p.lo;
}

/// x = q·π/2 + (hi + lo), q ∈ {0..3} (mod 4), by Cody–Waite with π/2 in
/// five exact 27-bit parts and a sixth, accumulated with two-sums. Exact
/// to ~2^-100 relative for |x| < 2^26·π/2 (≈ 1.05e8); beyond, k·part is
/// rounded, so reducePio2Exact (the LLVM backend's branch-free reduction)
/// uses it only below 2^26 and reducePio2PayneHanek above.
struct Reduced {
  DD r;
  I q;
};
Reduced reducePio2(F x) {
  F kf = roundeven(x * F(TWO_OVER_PI));
  F t = x - kf * F(PIO2_PARTS[0]);
  F lo(0.0);
  for (int i = 1; i < 6; ++i) {
    DD s = twoSum(t, -(kf * F(PIO2_PARTS[i])));
    t = s.hi;
    lo = lo + s.lo;
  }
  DD r = twoSum(t, lo);
  F q = kf - F(4.0) * floor(kf * F(0.25));
  return {r, toI(q)};
}

/// The bits of 2/π = Σ b_i·2^-i, most significant first, in 64-bit words
/// after one word of zeros (b_i = 0 for i ≤ 0): word w holds b_(64w−63) ..
/// b_(64w). Generated by scripts/payne_hanek.py (mpmath). The largest
/// float64 exponent (e = 971) reads words 16 to 19.
constexpr uint64_t TWO_OVER_PI_BITS[21] = {
    0x0000000000000000ULL, 0xa2f9836e4e441529ULL, 0xfc2757d1f534ddc0ULL,
    0xdb6295993c439041ULL, 0xfe5163abdebbc561ULL, 0xb7246e3a424dd2e0ULL,
    0x06492eea09d1921cULL, 0xfe1deb1cb129a73eULL, 0xe88235f52ebb4484ULL,
    0xe99c7026b45f7e41ULL, 0x3991d639835339f4ULL, 0x9c845f8bbdf9283bULL,
    0x1ff897ffde05980fULL, 0xef2f118b5a0a6d1fULL, 0x6d367ecf27cb09b7ULL,
    0x4f463f669e5fea2dULL, 0x7527bac7ebe5f17bULL, 0x3d0739f78a5292eaULL,
    0x6bfb5fb11f8d5d08ULL, 0x56033046fc7b6babULL, 0xf0cfbc209af4361dULL,
};
/// The smallest |x| the Payne–Hanek reduction accepts: its exponent e
/// (x = m·2^e, m a 53-bit integer) must be ≥ −63 so the window of 2/π's
/// bits starts inside the table; 2^16 (e = −36) leaves a margin and is
/// below both callers' bounds (1e5 for float32, 1.6e6 for float64).
constexpr double PAYNE_HANEK_MIN = 0x1p16;

/// Payne–Hanek reduction of a finite float64 x with |x| ≥ PAYNE_HANEK_MIN:
/// x = q·π/2 + (hi + lo), q ∈ {0..3}, |hi| ≤ π/4, with exact integer
/// arithmetic (no fused multiply-add; Int64 only, like the rest of the
/// float64 library).
///  1. |x| = m·2^e, m < 2^53 an integer. In y = |x|·2/π = Σ m·b_i·2^(e−i),
///     the terms with i ≤ e − 2 are multiples of 4 and drop out of y mod 4,
///     so only the bits b_(e−1) .. b_(e+190) are needed: W, a 192-bit
///     integer with y ≡ m·W·2^-190 (mod 4), dropping < 2^53·2^-190 = 2^-137.
///  2. W is read from TWO_OVER_PI_BITS: words w .. w+3 (selected by the
///     word index, 17 candidates), from their bit s on.
///  3. m·W exactly in 24-bit limbs (m in three, W in eight; every partial
///     product < 2^48, every column sum with its carry < 2^51), keeping the
///     low 192 bits: bits 190–191 are y mod 4, the 190 below its fraction.
///  4. Rounded to the nearest integer: a fraction ≥ 1/2 is replaced by its
///     complement 2^190 − F (exact, in the limbs) with q + 1 and a negative
///     sign, so the fraction's limbs are never cancelled in floating point.
///  5. The limbs (exact doubles, each scaled by an exact power of two) are
///     summed by two-sums into hi + lo (relative error ≈ 2^-104), times
///     PIO2_HI + PIO2_LO by a two-product.
/// Accuracy: scripts/payne_hanek.py finds that no double is closer than
/// 2^-60.9 to a nonzero multiple of π/2 (at 6381956970095103·2^797, the
/// figure published by Muller, "Elementary Functions", ch. 11), so the
/// reduced argument is ≥ 2^-61.6 in y's units and the 2^-137 dropped is a
/// relative error < 2^-75: the result's relative error is ≈ 2^-75.
Reduced reducePio2PayneHanek(F x) {
  I xb = bits(x);
  I mant = (xb & I(int64_t(0x000fffffffffffffLL))) | I(int64_t(1) << 52);
  I be = (xb >> I(52)) & I(0x7ff);
  // Window start: b_i is bit i + 63 of the table (counting from the first
  // word's most significant bit), so b_(e−1) is bit j = e + 62 = be − 1013
  // (e = be − 1075), at word j/64, offset j mod 64.
  I j = be - I(1013);
  I w = j >> I(6), s = j & I(63);
  constexpr int nWords = sizeof(TWO_OVER_PI_BITS) / sizeof(TWO_OVER_PI_BITS[0]);
  I t[4] = {I(0), I(0), I(0), I(0)};
  for (int c = 0; c + 3 < nWords; ++c) {
    B is = w == I(c);
    for (int a = 0; a < 4; ++a)
      t[a] = sel(is, I(int64_t(TWO_OVER_PI_BITS[c + a])), t[a]);
  }
  // The window: 192 bits from bit s of t[0..3], as six 32-bit words (least
  // significant first). s = 32·s1 + s0: s1 selects which 32-bit halves of
  // t start the window, and each word is one dynamic right shift of two
  // adjacent halves concatenated, by 32 − s0 ∈ [1, 32]. Not the usual
  // (a << s) | (b >> (64 − s)), which LLVM's optimiser turns into an
  // llvm.fshl.i64 that its SPIR-V backend cannot select (--backend=llvm).
  const int64_t M32 = 0xffffffffLL;
  I h[8] = {I(0), I(0), I(0), I(0), I(0), I(0), I(0), I(0)};
  for (int a = 0; a < 4; ++a) {
    h[2 * a] = t[a] >> I(32);
    h[2 * a + 1] = t[a] & I(M32);
  }
  B s1 = (s & I(32)) == I(32);
  I s0 = s & I(31);
  I g[7] = {I(0), I(0), I(0), I(0), I(0), I(0), I(0)};
  for (int i = 0; i < 7; ++i)
    g[i] = sel(s1, h[i + 1], h[i]);
  I win[6] = {I(0), I(0), I(0), I(0), I(0), I(0)};
  for (int i = 0; i < 6; ++i)
    win[5 - i] = (((g[i] << I(32)) | g[i + 1]) >> (I(32) - s0)) & I(M32);
  const int64_t M24 = 0xffffff;
  auto limb = [&](int lo) -> I { // bits lo .. lo+23 of the window
    int idx = lo / 32, off = lo % 32;
    I v = win[idx] >> I(off);
    if (off + 24 > 32)
      v = v | (win[idx + 1] << I(32 - off));
    return v & I(M24);
  };
  I wl[8] = {limb(0),   limb(24),  limb(48),  limb(72),
             limb(96),  limb(120), limb(144), limb(168)};
  I ml[3] = {mant & I(M24), (mant >> I(24)) & I(M24), mant >> I(48)};
  // Columns of m·W below bit 192, carried into 24-bit limbs.
  I r[8] = {I(0), I(0), I(0), I(0), I(0), I(0), I(0), I(0)};
  I carry(0);
  for (int k = 0; k < 8; ++k) {
    I col = carry;
    for (int a = 0; a < 3; ++a)
      if (k - a >= 0)
        col = col + ml[a] * wl[k - a];
    r[k] = col & I(M24);
    carry = col >> I(24);
  }
  I q = r[7] >> I(22);
  B up = ((r[7] >> I(21)) & I(1)) == I(1);
  // The fraction F = (r[7] mod 2^22)·2^168 + ... + r[0] or 2^190 − F.
  r[7] = r[7] & I(0x3fffff);
  I borrow(1); // 2^190 − F = (~F + 1) in 190 bits
  for (int k = 0; k < 8; ++k) {
    I mask(k == 7 ? 0x3fffff : M24);
    I n = (mask - r[k]) + borrow;
    borrow = n >> (k == 7 ? I(22) : I(24));
    r[k] = sel(up, n & mask, r[k]);
  }
  q = q + sel(up, I(1), I(0));
  // hi + lo = F·2^-190 from the top limb down (all limbs ≥ 0).
  F hi = toF(r[7]) * F(0x1p-22), lo(0.0);
  for (int k = 6; k >= 0; --k) {
    DD sum = twoSum(hi, toF(r[k]) * F(std::ldexp(1.0, 24 * k - 190)));
    hi = sum.hi;
    lo = lo + sum.lo;
  }
  DD f = twoSum(hi, lo);
  DD p = twoProd(f.hi, F(PIO2_HI));
  DD red = twoSum(p.hi, p.lo + (f.hi * F(PIO2_LO) + f.lo * F(PIO2_HI)));
  // Sign: negative for a rounded-up fraction, flipped again for x < 0
  // (then x ≡ −q·π/2 − r).
  B neg = up ^ signbit(x);
  F sgn = sel(neg, F(-1.0), F(1.0));
  q = sel(signbit(x), I(0) - q, q) & I(3);
  return {{sgn * red.hi, sgn * red.lo}, q};
}

/// The medium-range reduction's bound: |x| ≤ 1.6e6 keeps |k| = |round(x·2/π)|
/// ≤ 1018592 < 2^20, so every k·part below with at most 33 bits is exact.
constexpr double TRIG_MEDIUM_BOUND = 1.6e6;
/// π/2 = P1 + P2 + P3 + P4 + (< 2^-142), from scripts/minimax.py: P1 on the
/// grid 2^-32 (33 bits), P2 on the grid 2^-53 (21 bits), P3 with 33
/// significant bits, P4 rounded to 53 bits.
constexpr double PIO2_MEDIUM[4] = {0x1.921fb54400000p+0, 0x1.0b46200000000p-34,
                                   -0x1.cb3b399d00000p-55, -0x1.d1fc8f8cbb5bfp-89};

/// Medium-range Cody–Waite reduction for |x| ≤ TRIG_MEDIUM_BOUND:
/// x = q·π/2 + (hi + lo) with an absolute error below 2^-118.
///  1. k = round(x·2/π) by adding and subtracting 1.5·2^52 (|x·2/π| < 2^51),
///     possibly one off the nearest, so |hi| ≤ π/4 + 2^-32.
///  2. t = x − k·P1 − k·P2: both products are exact (≤ 53 bits); both
///     differences are exact, being on the grid 2^-53 (x ≥ 0.5 is on it
///     when k ≠ 0) with magnitude < 1.
///  3. t − k·P3 (exact product) by a two-sum, − k·P4 (< 2^-67, rounded:
///     error < 2^-120) added to the low part; lo is left unnormalised
///     (|lo| ≤ ulp(hi)/2 + 2^-67), which the kernels accept.
/// Needed accuracy: scripts/minimax.py finds, from the continued fractions
/// of 2^(e−52)·2/π, that no double in [1, 2^21) is closer than 2^-60.5 to
/// a nonzero multiple of π/2, so hi + lo has relative error < 2^-57.
/// Cost: 17 float64 instructions (with the conversion of k), against ≈ 60
/// for reducePio2.
Reduced reducePio2Medium(F x) {
  const double *P = PIO2_MEDIUM;
  F kf = (x * F(TWO_OVER_PI) + F(0x1.8p52)) - F(0x1.8p52);
  F t = x + kf * F(-P[0]);
  t = t + kf * F(-P[1]);
  DD s = twoSum(t, kf * F(-P[2]));
  F lo = s.lo + kf * F(-P[3]);
  return {{s.hi, lo}, toI(kf) & I(3)};
}

/// Reductions already built in the current block, by argument: sin, cos
/// and tan of one value share one reduction (one scf.if) even without cse —
/// at -O0 two ifs on the same condition also trip LLVM 22's SPIR-V
/// structurizer (--backend=llvm: "Branch must appear in a block"). Set by
/// the pass for the duration of its run.
llvm::DenseMap<mlir::Value, Reduced> *gTrigReductions = nullptr;
/// Whether float64 sin/cos/tan take the medium-range reduction in an scf.if
/// (the pass's float32-trig option; off for the LLVM backend, as float32's).
bool gTrigBranches = true;

/// The reduction of x shared with an earlier sin/cos/tan of x in the same
/// block (which then dominates this use), or built by `make`.
Reduced sharedReduction(F x, Reduced (*make)(F)) {
  if (gTrigReductions) {
    auto it = gTrigReductions->find(x.v);
    if (it != gTrigReductions->end() &&
        it->second.q.v.getParentBlock() == gB->getInsertionBlock())
      return it->second;
  }
  Reduced red = make(x);
  if (gTrigReductions)
    gTrigReductions->insert({x.v, red});
  return red;
}

/// The module the pass runs on, where the out-of-line Payne–Hanek
/// reduction is created on first use (set by the pass for its run).
mlir::gpu::GPUModuleOp gMathModule;
/// That function, once created in gMathModule.
mlir::func::FuncOp gPayneHanekFunc;
/// Its name: nvc's reserved prefix, like the frontend's @nvc_math_*.
constexpr llvm::StringLiteral PAYNE_HANEK_FUNC = "nvc_reduce_pio2_payne_hanek_f64";

/// reducePio2PayneHanek of a float64 x, as a call of one private function per
/// module instead of ~640 operations inlined at every sin/cos/tan: the rare
/// branch (|x| beyond the fast reductions) does not need them inline, and
/// inlining them made compile time and .spv size double for kernels with
/// several trig calls. The function takes any x (infinite or NaN x are
/// reduced as PAYNE_HANEK_MIN, so the caller must mask hi) and returns
/// vector<3xf64> (hi, lo, q as a float; q ∈ {0..3} is exact): a SPIR-V
/// function returns one value, and convert-func-to-spirv rejects a
/// func.func with several results. The LLVM backend keeps its branch-free
/// reduction inline (reducePio2Exact) and never calls this.
Reduced reducePio2PayneHanekCall(F x) {
  assert(gMathModule && "set by ExpandMathLibraryPass::runOnOperation");
  mlir::ImplicitLocOpBuilder &b = *gB;
  mlir::Type f64 = b.getF64Type();
  auto vecTy = mlir::VectorType::get({3}, f64);
  if (!gPayneHanekFunc) {
    gPayneHanekFunc = mlir::func::FuncOp::create(gMathModule.getLoc(), PAYNE_HANEK_FUNC,
                                                 b.getFunctionType({f64}, {vecTy}));
    gPayneHanekFunc.setPrivate();
    // At the module's end; renamed (uniqued) should a kernel have the name.
    mlir::SymbolTable(gMathModule).insert(gPayneHanekFunc);
    mlir::Block *entry = gPayneHanekFunc.addEntryBlock();
    mlir::ImplicitLocOpBuilder fb(gMathModule.getLoc(), entry, entry->begin());
    BuilderScope scope(fb);
    Float64Scope f64Scope;
    F a(entry->getArgument(0));
    Reduced red = reducePio2PayneHanek(sel(isfinite(a), a, F(PAYNE_HANEK_MIN)));
    F q = toF(red.q);
    mlir::Value packed = mlir::vector::FromElementsOp::create(fb, 
        vecTy, mlir::ValueRange{red.r.hi.v, red.r.lo.v, q.v});
    mlir::func::ReturnOp::create(fb, packed);
  }
  mlir::Value packed = mlir::func::CallOp::create(b, gPayneHanekFunc, mlir::ValueRange{x.v})
                           .getResult(0);
  auto part = [&](int64_t i) {
    return F(mlir::vector::ExtractOp::create(b, packed, llvm::ArrayRef<int64_t>{i}));
  };
  return {{part(0), part(1)}, I(mlir::arith::FPToSIOp::create(b, b.getI64Type(), part(2).v))};
}

/// The reduction of a float64 x that is large (|x| > TRIG_MEDIUM_BOUND),
/// infinite or NaN, by Payne–Hanek (out of line), with hi = NaN for infinite
/// or NaN x (so the kernels return NaN without a select on the result).
Reduced reducePio2Huge(F x) {
  Reduced red = reducePio2PayneHanekCall(x);
  red.r.hi = sel(isfinite(x), red.r.hi, x - x);
  return red;
}

/// The reduction of any float64 x without branches (the LLVM backend):
/// reducePio2 for |x| < 2^26 (exact there), Payne–Hanek above, both
/// computed and selected; hi = NaN for infinite or NaN x.
Reduced reducePio2Exact(F x) {
  B fin = isfinite(x);
  B small = fabs(x) < F(0x1p26);
  Reduced c = reducePio2(sel(small, x, F(0.0)));
  Reduced p = reducePio2PayneHanek(sel(small || !fin, F(PAYNE_HANEK_MIN), x));
  F hi = sel(small, c.r.hi, p.r.hi);
  return {{sel(fin, hi, x - x), sel(small, c.r.lo, p.r.lo)}, sel(small, c.q, p.q)};
}

/// float64 x = q·π/2 + (hi + lo): the medium-range reduction for |x| ≤
/// TRIG_MEDIUM_BOUND, else (large, infinite or NaN x) the exact one, in an
/// scf.if so the common case executes only the medium-range code.
Reduced reducePio2F64Uncached(F x) {
  if (!gTrigBranches)
    return reducePio2Exact(x);
  mlir::ImplicitLocOpBuilder &b = *gB;
  mlir::Type f64 = b.getF64Type();
  B medium = fabs(x) <= F(TRIG_MEDIUM_BOUND);
  auto ifOp = mlir::scf::IfOp::create(b, mlir::TypeRange{f64, f64, b.getI64Type()}, medium.v,
                                        /*withElseRegion=*/true);
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Reduced r = reducePio2Medium(x);
    mlir::scf::YieldOp::create(b, mlir::ValueRange{r.r.hi.v, r.r.lo.v, r.q.v});
    b.setInsertionPointToStart(ifOp.elseBlock());
    Reduced e = reducePio2Huge(x);
    mlir::scf::YieldOp::create(b, mlir::ValueRange{e.r.hi.v, e.r.lo.v, e.q.v});
  }
  return {{F(ifOp.getResult(0)), F(ifOp.getResult(1))}, I(ifOp.getResult(2))};
}
Reduced reducePio2F64(F x) { return sharedReduction(x, reducePio2F64Uncached); }

/// sin or cos of the reduced argument, selected by quadrant q (+1 for cos).
F trigFromQuadrant(Reduced red, bool cosine) {
  I q = cosine ? red.q + I(1) : red.q;
  F s = sinKernel(red.r), c = cosKernel(red.r);
  F v = sel((q & I(1)) == I(1), c, s);
  return sel((q & I(2)) == I(2), -v, v);
}

F sinImpl(F x) {
  F res = trigFromQuadrant(reducePio2F64(x), false);
  return sel(x == F(0.0), x, res); // sin(-0) = -0
}

F cosImpl(F x) { return trigFromQuadrant(reducePio2F64(x), true); }

/// tan = sin/cos of the reduced argument, or -cos/sin in odd quadrants,
/// with both kernels and the quotient as double-doubles.
F tanImpl(F x) {
  Reduced red = reducePio2F64(x);
  DD sp = sinKernelParts(red.r), cp = cosKernelParts(red.r);
  DD s = twoSum(sp.hi, sp.lo), c = twoSum(cp.hi, cp.lo);
  B odd = (red.q & I(1)) == I(1);
  DD num{sel(odd, c.hi, s.hi), sel(odd, c.lo, s.lo)};
  DD den{sel(odd, s.hi, c.hi), sel(odd, s.lo, c.lo)};
  DD q = divDD(num, den);
  F res = sel(odd, -(q.hi + q.lo), q.hi + q.lo);
  return sel(x == F(0.0), x, res);
}

//===----------------------------------------------------------------------===//
// float32 sin, cos, tan (computed in float32)
//===----------------------------------------------------------------------===//

/// The float32 fast path covers |x| ≤ 1e5, so k = round(x·2/π) < 2^16 and
/// every k·part below is exact.
constexpr double F32_TRIG_FAST_BOUND = 1.0e5;
/// π/2 for float32 Cody–Waite: six parts on the grids 2^-7, 2^-15, ...,
/// 2^-47 (at most 8 significant bits each, so k·part is exact for
/// |k| < 2^16) and a rounded seventh; their sum is π/2 to 2^-74.
constexpr double PIO2_F32_PARTS[7] = {0x1.92p+0,   0x1p-11,    -0x1.28p-18,    -0x1.78p-25,
                                      0x1.08p-34,  0x1.a4p-41, -0x1.ee59dap-50};
constexpr double TWO_OVER_PI_F32 = 0x1.45f306p-1;

/// Float32 Cody–Waite reduction for |x| ≤ F32_TRIG_FAST_BOUND, all in
/// float32: x = q·π/2 + (hi + lo) with an absolute error below 2^-60.
///  1. k = round(x·2/π) (possibly one off the exact nearest, so |hi| may
///     exceed π/4 by k·2^-24; the kernels' series cover that).
///  2. t = x - k·P1 - k·P2 - k·P3: every product is exact and every
///     difference fits in 24 bits (|t| < 2 on the grid 2^-23 or coarser
///     with ulp(x)), so t is exact without error-free transformations.
///  3. - k·P4, - k·P5, - k·P6 by two-sums collecting the rounding errors,
///     - k·P7 (< 2^-32) added to them; hi + lo by a fast two-sum.
/// Must run inside a Float32Scope.
Reduced reducePio2F32Fast(F x) {
  const double *P = PIO2_F32_PARTS;
  // round-to-nearest-even of |x·2/π| < 2^22 by adding and subtracting
  // 1.5·2^23 (no copysign, which LLVM's SPIR-V backend cannot select for
  // float32).
  F kf = (x * F(TWO_OVER_PI_F32) + F(0x1.8p23)) - F(0x1.8p23);
  F t = x - kf * F(P[0]);
  t = t - kf * F(P[1]);
  t = t - kf * F(P[2]);
  DD s = twoSum(t, -(kf * F(P[3])));
  F lo = s.lo;
  for (int i = 4; i < 6; ++i) {
    s = twoSum(s.hi, -(kf * F(P[i])));
    lo = lo + s.lo;
  }
  lo = lo - kf * F(P[6]);
  F hi = s.hi + lo;
  F rlo = lo - (hi - s.hi);
  F q = kf - F(4.0) * floor(kf * F(0.25));
  return {{hi, rlo}, toI(q)};
}

/// The float32 reduction of x, shared with an earlier sin/cos/tan of x in the
/// same block.
Reduced reducePio2F32Uncached(F x);
Reduced reducePio2F32(F x) { return sharedReduction(x, reducePio2F32Uncached); }

/// The float32 reduction of x (float32, inside a Float32Scope): the fast
/// float32 path when |x| ≤ F32_TRIG_FAST_BOUND, else (large, infinite or
/// NaN x) float64's exact reduction rounded to a float32 pair, in an
/// scf.if so the common case executes only float32 code.
Reduced reducePio2F32Uncached(F x) {
  mlir::ImplicitLocOpBuilder &b = *gB;
  mlir::Type f32 = b.getF32Type(), f64 = b.getF64Type();
  B fast = fabs(x) <= F(F32_TRIG_FAST_BOUND);
  auto ifOp = mlir::scf::IfOp::create(b, mlir::TypeRange{f32, f32, b.getI64Type()}, fast.v,
                                        /*withElseRegion=*/true);
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Reduced r = reducePio2F32Fast(x);
    mlir::scf::YieldOp::create(b, mlir::ValueRange{r.r.hi.v, r.r.lo.v, r.q.v});

    b.setInsertionPointToStart(ifOp.elseBlock());
    Float64Scope f64Scope;
    F xd(mlir::arith::ExtFOp::create(b, f64, x.v));
    Reduced red = reducePio2PayneHanekCall(xd);
    mlir::Value hi = mlir::arith::TruncFOp::create(b, f32, red.r.hi.v);
    F hiD(mlir::arith::ExtFOp::create(b, f64, hi));
    mlir::Value lo = mlir::arith::TruncFOp::create(b, f32, ((red.r.hi - hiD) + red.r.lo).v);
    mlir::scf::YieldOp::create(b, mlir::ValueRange{hi, lo, red.q.v});
  }
  return {{F(ifOp.getResult(0)), F(ifOp.getResult(1))}, I(ifOp.getResult(2))};
}

/// float32 sin(hi + lo), |hi| ≲ π/4: hi + (hi·z·P(z) + lo·(1 - z/2)),
/// z = hi², P Taylor to hi^11 (truncation < 2^-36 relative).
DD sinKernelParts32(DD r) {
  F z = r.hi * r.hi;
  static const std::vector<double> c = [] {
    std::vector<double> v = factorialSeries(3, 5, true);
    for (auto &x : v)
      x = -x;
    return v;
  }();
  return {r.hi, (r.hi * z) * horner(z, c) + r.lo * (F(1.0) - F(0.5) * z)};
}

/// float32 cos(hi + lo): w = 1 - z/2 and its exact rounding error, plus
/// z²·Q(z) (Taylor to hi^12, truncation < 2^-36) - hi·lo.
DD cosKernelParts32(DD r) {
  F z = r.hi * r.hi;
  static const std::vector<double> c = factorialSeries(4, 5, true);
  F hz = F(0.5) * z;
  F w = F(1.0) - hz;
  return {w, ((F(1.0) - w) - hz) + (z * z * horner(z, c) - r.hi * r.lo)};
}

/// sin (cos) from the kernels' values by quadrant q (q + 1).
F quadrantSelect(I q, F s, F c, bool cosine) {
  if (cosine)
    q = q + I(1);
  F v = sel((q & I(1)) == I(1), c, s);
  return sel((q & I(2)) == I(2), -v, v);
}

F sinF32Impl(F x) {
  Float32Scope scope;
  Reduced red = reducePio2F32(x);
  DD sp = sinKernelParts32(red.r), cp = cosKernelParts32(red.r);
  F res = quadrantSelect(red.q, sp.hi + sp.lo, cp.hi + cp.lo, false);
  res = sel(x == F(0.0), x, res);
  return sel(isfinite(x), res, x - x);
}

F cosF32Impl(F x) {
  Float32Scope scope;
  Reduced red = reducePio2F32(x);
  DD sp = sinKernelParts32(red.r), cp = cosKernelParts32(red.r);
  F res = quadrantSelect(red.q, sp.hi + sp.lo, cp.hi + cp.lo, true);
  return sel(isfinite(x), res, x - x);
}

/// float32 tan: sin/cos of the reduced argument (-cos/sin in odd
/// quadrants), both as float32 pairs and the quotient by divDD.
F tanF32Impl(F x) {
  Float32Scope scope;
  Reduced red = reducePio2F32(x);
  DD sp = sinKernelParts32(red.r), cp = cosKernelParts32(red.r);
  DD s = twoSum(sp.hi, sp.lo), c = twoSum(cp.hi, cp.lo);
  B odd = (red.q & I(1)) == I(1);
  DD num{sel(odd, c.hi, s.hi), sel(odd, c.lo, s.lo)};
  DD den{sel(odd, s.hi, c.hi), sel(odd, s.lo, c.lo)};
  DD q = divDD(num, den);
  F res = sel(odd, -(q.hi + q.lo), q.hi + q.lo);
  res = sel(x == F(0.0), x, res);
  return sel(isfinite(x), res, x - x);
}

/// sinpi/cospi: k = round(2x) and r = x - k/2 are exact, so π·r is formed
/// as a double-double (two-product with π's head, plus r·π's tail) and the
/// kernels do the rest; q = k mod 4.
Reduced reducePi(F x) {
  x = sel(fabs(x) < F(0x1p53), x, F(0.0)); // larger floats are even integers
  F kf = roundeven(F(2.0) * x);
  F r = x - F(0.5) * kf;
  DD t = twoProd(r, F(PI_HI));
  DD pr = twoSum(t.hi, t.lo + r * F(PI_LO));
  F q = kf - F(4.0) * floor(kf * F(0.25));
  return {pr, toI(q)};
}

F sinpiImpl(F x) {
  F res = trigFromQuadrant(reducePi(sel(isfinite(x), x, F(0.0))), false);
  res = sel(fabs(x) >= F(0x1p53), F(0.0), res);
  res = sel(x == F(0.0), x, res);
  return sel(isfinite(x), res, x - x);
}

F cospiImpl(F x) {
  F res = trigFromQuadrant(reducePi(sel(isfinite(x), x, F(0.0))), true);
  return sel(isfinite(x), res, x - x);
}

//===----------------------------------------------------------------------===//
// Inverse trigonometric functions
//===----------------------------------------------------------------------===//

/// atan(v + vLo) for v ∈ [0, 1] as table head + rest:
///  1. j = round(16v) (0 below 3/32), c = j/16; u = (v - c)/(1 + v·c), so
///     atan(v) = atan(c) + atan(u), |u| ≤ 3/32.
///  2. atan(u) = u + u·z·P(z) (Taylor to u^21), plus vLo/(1 + v²).
///  3. atan(c) from a table of double-doubles (selected by j).
DD atanCore(F v, F vLo) {
  F jf = sel(v < F(3.0 / 32), F(0.0), roundeven(v * F(16.0)));
  F c = jf * F(0.0625);
  F u = (v - c) / (F(1.0) + v * c);
  F z = u * u;
  static const std::vector<double> p = oddReciprocals(10, true); // -1/3, 1/5, ...
  F at = u + (u * z) * horner(z, p);
  at = at + vLo / (F(1.0) + v * v);
  F tHi(0.0), tLo(0.0);
  for (int j = 1; j <= 16; ++j) {
    B is = jf == F(double(j));
    tHi = sel(is, F(ATAN_J16[j][0]), tHi);
    tLo = sel(is, F(ATAN_J16[j][1]), tLo);
  }
  return {tHi, tLo + at};
}

/// The angle of the point (|x|, |y|) given as double-doubles, reflected to
/// [0, π] when x is negative (xNeg):
///  1. q = min/max as a double-double; (t, rest) = atanCore(q).
///  2. θ = base + s·(t + rest) with base ∈ {0, π/2, π} and s = ±1 chosen by
///     whether |y| > |x| and the sign of x; base + s·t by two-sum.
F angle(DD y, DD x, B xNeg) {
  B swap = y.hi > x.hi;
  DD num{sel(swap, x.hi, y.hi), sel(swap, x.lo, y.lo)};
  DD den{sel(swap, y.hi, x.hi), sel(swap, y.lo, x.lo)};
  DD q = divDD(num, den);
  DD a = atanCore(q.hi, sel(q.hi < F(0x1p-1000), F(0.0), q.lo));
  // (!swap, x≥0) → 0,+; (swap, x≥0) → π/2,-; (swap, x<0) → π/2,+;
  // (!swap, x<0) → π,-.
  F baseHi = sel(swap, F(PIO2_HI), sel(xNeg, F(PI_HI), F(0.0)));
  F baseLo = sel(swap, F(PIO2_LO), sel(xNeg, F(PI_LO), F(0.0)));
  F sgn = sel(swap ^ xNeg, F(-1.0), F(1.0));
  DD h = twoSum(baseHi, sgn * a.hi);
  return h.hi + (h.lo + (baseLo + sgn * a.lo));
}

I ilogb(F x);

F atanImpl(F x) {
  F ax = fabs(x);
  F res = copysign(angle({ax, F(0.0)}, {F(1.0), F(0.0)}, constB(false)), x);
  res = sel(x == F(0.0), x, res);
  return sel(isnan(x), x, res);
}

F atan2Impl(F y, F x) {
  F ay = fabs(y), ax = fabs(x);
  // Keep the two-products in range: scale both by the same power of two.
  F m = fmax(ax, ay);
  I e = sel(m > F(0.0) && isfinite(m), ilogb(sel(m > F(0.0), m, F(1.0))), I(0));
  B xNeg = signbit(x);
  F res = copysign(angle({scale(ay, I(0) - e), F(0.0)}, {scale(ax, I(0) - e), F(0.0)}, xNeg), y);
  // Scaling by 2^-e rounds an operand that becomes subnormal, and more than
  // once (see scale). That loses the result only when it is |y|/|x| itself:
  // for q = |y|/|x| < 2^-30 and x > 0, atan(q) = q·(1 - q²/3 + …) differs
  // from q by < 2^-60 relative, so the correctly rounded q is within
  // 0.5 ulp + 2^-7 ulp. (Near π/2 or π the tiny part does not matter.)
  F q = ay / ax;
  res = sel(xNeg, res, sel(q < F(0x1p-30), copysign(q, y), res));
  B bothZero = ay == F(0.0) && ax == F(0.0);
  res = sel(bothZero, copysign(sel(xNeg, F(PI_HI), F(0.0)), y), res);
  B bothInf = isinf(x) && isinf(y);
  res = sel(bothInf, copysign(sel(xNeg, F(0x1.2d97c7f3321d2p+1), F(0x1.921fb54442d18p-1)), y),
            res);
  return sel(isnan(x) || isnan(y), x + y, res);
}

/// √(1 - x²) for |x| ≤ 1 as a double-double.
DD sqrtOneMinusSquare(F ax) {
  DD p = twoProd(ax, ax);
  DD d = twoSum(F(1.0), -p.hi);
  return sqrtDD({d.hi, d.lo - p.lo});
}

/// asin(x) = atan2(x, √(1 - x²)), acos(x) = atan2(√(1 - x²), x), with the
/// square root as a double-double.
F asinImpl(F x) {
  F ax = fabs(x);
  DD s = sqrtOneMinusSquare(sel(ax <= F(1.0), ax, F(0.0)));
  F res = copysign(angle({ax, F(0.0)}, s, constB(false)), x);
  res = sel(x == F(0.0), x, res);
  return sel(ax > F(1.0) || isnan(x), F(NAN), res);
}

F acosImpl(F x) {
  F ax = fabs(x);
  DD s = sqrtOneMinusSquare(sel(ax <= F(1.0), ax, F(0.0)));
  F res = angle(s, {ax, F(0.0)}, x < F(0.0));
  return sel(ax > F(1.0) || isnan(x), F(NAN), res);
}

//===----------------------------------------------------------------------===//
// Hyperbolic functions and their inverses
//===----------------------------------------------------------------------===//

/// sinh: Taylor to x^19 below 1; (E - 1/E)/2 with E = e^|x| up to 22;
/// e^|x|/2 (exp's 2^k scaled by one less) above.
F sinhImpl(F x) {
  F t = fabs(x);
  F z = t * t;
  static const std::vector<double> c = factorialSeries(3, 9, false); // 1/3!, 1/5!, ...
  F small = t + (t * z) * horner(z, c);
  Scaled s = expCore(clampF(t, 0, 800), F(0.0));
  F E = scale(s.m, s.k);
  F mid = F(0.5) * (E - F(1.0) / E);
  F big = scale(s.m, s.k - I(1));
  F res = sel(t < F(1.0), small, sel(t < F(22.0), mid, big));
  return sel(isnan(x), x, copysign(res, x));
}

/// cosh: 1 + z·Q(z) (Taylor to x^18) below 1; (E + 1/E)/2 up to 22;
/// e^|x|/2 above.
F coshImpl(F x) {
  F t = fabs(x);
  F z = t * t;
  static const std::vector<double> c = factorialSeries(2, 9, false); // 1/2!, 1/4!, ...
  F small = F(1.0) + z * horner(z, c);
  Scaled s = expCore(clampF(t, 0, 800), F(0.0));
  F E = scale(s.m, s.k);
  F mid = F(0.5) * (E + F(1.0) / E);
  F big = scale(s.m, s.k - I(1));
  F res = sel(t < F(1.0), small, sel(t < F(22.0), mid, big));
  return sel(isnan(x), x, res);
}

/// tanh: Taylor to x^43 below 0.55; 1 - 2/(expm1(2|x|) + 2) up to 22; 1
/// above; the sign of x.
F tanhImpl(F x) {
  F t = fabs(x);
  F z = t * t;
  static const std::vector<double> c(TANH_C.begin() + 1, TANH_C.end());
  F small = t + (t * z) * horner(z, c);
  F e = expm1Impl(F(2.0) * clampF(t, 0, 30));
  F mid = F(1.0) - F(2.0) / (e + F(2.0));
  F res = sel(t < F(0.55), small, sel(t < F(22.0), mid, F(1.0)));
  return sel(isnan(x), x, copysign(res, x));
}

/// asinh: Taylor to x^21 below 1/8; log(t + √(t² + 1)) with the argument
/// as a double-double up to 2^28; log(2t) above (exponent bumped exactly).
F asinhImpl(F x) {
  F t = fabs(x);
  F z = t * t;
  static const std::vector<double> c = [] {
    std::vector<double> v;
    long double a = 1;
    for (int n = 1; n <= 10; ++n) {
      a *= -(2.0L * n - 1) / (2.0L * n);
      v.push_back(static_cast<double>(a / (2 * n + 1)));
    }
    return v;
  }();
  F small = t + (t * z) * horner(z, c);
  F tm = sel(t < F(0x1p28), t, F(1.0));
  DD sq = twoProd(tm, tm);
  DD w = twoSum(sq.hi, F(1.0));
  DD s = sqrtDD({w.hi, w.lo + sq.lo});
  DD y = twoSum(tm, s.hi);
  F mid = logCore(y.hi, y.lo + s.lo, 0);
  F big = logCore(sel(t < F(0x1p28) || isinf(t), F(1.0), t), F(0.0), 1);
  F res = sel(t < F(0.125), small, sel(t < F(0x1p28), mid, big));
  res = sel(isinf(x), t, res);
  return sel(isnan(x), x, copysign(res, x));
}

/// acosh: log(x + √(x² - 1)) with the argument as a double-double below
/// 2^28; log(2x) above; NaN below 1.
F acoshImpl(F x) {
  F xm = sel(x < F(0x1p28) && x >= F(1.0), x, F(1.0));
  DD sq = twoProd(xm, xm);
  DD w = twoSum(sq.hi, F(-1.0));
  DD s = sqrtDD({w.hi, w.lo + sq.lo});
  DD y = twoSum(xm, s.hi);
  F mid = logCore(y.hi, y.lo + s.lo, 0);
  F big = logCore(sel(x >= F(0x1p28) && isfinite(x), x, F(1.0)), F(0.0), 1);
  F res = sel(x < F(0x1p28), mid, big);
  res = sel(x == F(INFINITY), x, res);
  return sel(x < F(1.0) || isnan(x), F(NAN), res);
}

/// atanh: Taylor to x^21 below 1/8; log((1 + t)/(1 - t))/2 with the
/// quotient as a double-double; ±inf at ±1, NaN beyond.
F atanhImpl(F x) {
  F t = fabs(x);
  F z = t * t;
  static const std::vector<double> c = oddReciprocals(10, false); // 1/3, 1/5, ...
  F small = t + (t * z) * horner(z, c);
  F tm = sel(t < F(1.0), t, F(0.5));
  DD q = divDD(twoSum(F(1.0), tm), twoSum(F(1.0), -tm));
  F mid = F(0.5) * logCore(q.hi, q.lo, 0);
  F res = sel(t < F(0.125), small, mid);
  res = sel(t == F(1.0), F(INFINITY), res);
  res = copysign(res, x);
  return sel(t > F(1.0) || isnan(x), F(NAN), res);
}

//===----------------------------------------------------------------------===//
// Algebraic functions, fmod, trunc, pow
//===----------------------------------------------------------------------===//

/// cbrt: |x| = 2^(3q)·m, m ∈ [1, 8); a linear guess, four Newton steps, and
/// one correction with the residual y³ - m computed exactly.
F cbrtImpl(F x) {
  F t = fabs(x);
  B sub = t < F(0x1p-1022);
  F ts = sel(sub, t * F(0x1p54), t);
  I b = bits(ts);
  I e = (b >> I(52)) - I(1023);
  I q = (e + I(3300)) / I(3) - I(1100);
  I r = e - I(3) * q;
  F m1 = fromBits((b & I(int64_t(0x000fffffffffffffLL))) | I(int64_t(0x3ff0000000000000LL)));
  F m = m1 * sel(r == I(0), F(1.0), sel(r == I(1), F(2.0), F(4.0)));
  F y = (F(0.7413) + F(0.2587) * m1) *
        sel(r == I(0), F(1.0), sel(r == I(1), F(1.2599210498948732), F(1.5874010519681994)));
  for (int i = 0; i < 4; ++i)
    y = y - (y * y * y - m) / (F(3.0) * y * y);
  DD y2 = twoProd(y, y);
  DD y3 = twoProd(y2.hi, y);
  F res = (y3.hi - m) + (y3.lo + y2.lo * y);
  y = y - res / (F(3.0) * y * y);
  F out = copysign(scale(y, q - sel(sub, I(18), I(0))), x);
  return sel(isfinite(x) && !(x == F(0.0)), out, x);
}

/// hypot: a = max, b = min of |x|, |y|, both scaled by 2^-e (e the exponent
/// of a); a² + b² as a double-double, its square root corrected once,
/// scaled back. inf if either is infinite, even with a NaN.
F hypotImpl(F x, F y) {
  F ax = fabs(x), ay = fabs(y);
  F a = fmax(ax, ay), b = fmin(ax, ay);
  B tiny = a < F(0x1p-900);
  F as = a * sel(tiny, F(0x1p600), F(1.0)), bs = b * sel(tiny, F(0x1p600), F(1.0));
  I e = (bits(as) >> I(52)) - I(1023);
  e = sel(e > I(1022), I(1022), e);
  F as2 = as * pow2(I(0) - e), bs2 = bs * pow2(I(0) - e);
  DD p1 = twoProd(as2, as2), p2 = twoProd(bs2, bs2);
  DD s = twoSum(p1.hi, p2.hi);
  DD h = sqrtDD({s.hi, s.lo + p1.lo + p2.lo});
  F res = scale(h.hi + h.lo, e - sel(tiny, I(600), I(0)));
  res = sel(b == F(0.0), a, res);
  res = sel(isnan(x) || isnan(y), x + y, res);
  return sel(isinf(x) || isinf(y), F(INFINITY), res);
}

/// ilogb for finite nonzero x (subnormals included).
I ilogb(F x) {
  B sub = fabs(x) < F(0x1p-1022);
  F xs = sel(sub, x * F(0x1p54), x);
  return ((bits(xs) >> I(52)) & I(0x7ff)) - I(1023) - sel(sub, I(54), I(0));
}

/// fmod: exact long division on floats: while r ≥ |y|, subtract the
/// largest |y|·2^j ≤ r (exact by Sterbenz's lemma); at most one iteration
/// per binade between x and y. NaN for infinite x, zero y or a NaN.
F fmodImpl(F x, F y) {
  F ax = fabs(x), ay = fabs(y);
  B valid = isfinite(x) && isfinite(y) && ay > F(0.0);
  F r0 = sel(valid, ax, F(0.0));
  F b = sel(valid, ay, F(1.0));
  mlir::Type f64 = gB->getF64Type();
  mlir::Type i64 = gB->getI64Type();
  // The iteration count is capped (2100 > 1023 + 1074 binades) so that no
  // input can make the loop run away.
  auto loop = mlir::scf::WhileOp::create(*gB, 
      mlir::TypeRange{f64, i64}, mlir::ValueRange{r0.v, I(0).v},
      [&](mlir::OpBuilder &ob, mlir::Location loc, mlir::ValueRange args) {
        mlir::ImplicitLocOpBuilder ib(loc, ob);
        BuilderScope scope(ib);
        F r(args[0]);
        I n(args[1]);
        mlir::scf::ConditionOp::create(ib, (r >= b && n < I(2100)).v, args);
      },
      [&](mlir::OpBuilder &ob, mlir::Location loc, mlir::ValueRange args) {
        mlir::ImplicitLocOpBuilder ib(loc, ob);
        BuilderScope scope(ib);
        F r(args[0]);
        I n(args[1]);
        F t = scale(b, ilogb(r) - ilogb(b));
        t = sel(t > r, t * F(0.5), t);
        F next = r - t;
        mlir::scf::YieldOp::create(ib, mlir::ValueRange{next.v, (n + I(1)).v});
      });
  F res = copysign(F(loop.getResult(0)), x);
  res = sel(isinf(y) && isfinite(x), x, res);
  return sel(isnan(x) || isnan(y) || isinf(x) || ay == F(0.0), F(NAN), res);
}

F truncImpl(F x) { return sel(x < F(0.0), ceil(x), floor(x)); }

/// pow, for float32 arguments only: e^(y·log|x|) in float64 is within
/// 2^-40 relative whenever the float32 result is finite; plus C99's special
/// cases (Annex F.9.4.4).
F powSpecials(F x, F y, F mag);
F powF32Impl(F x, F y) {
  F ax = fabs(x);
  F l = logCore(sel(ax > F(0.0) && isfinite(ax), ax, F(1.0)), F(0.0), 0);
  Scaled s = expCore(clampF(y * l, -800, 800), F(0.0));
  return powSpecials(x, y, scale(s.m, s.k));
}

/// |x|^y's sign and C99's special cases (Annex F.9.4.4) around the
/// magnitude `mag` computed for finite nonzero x.
F powSpecials(F x, F y, F mag) {
  F ax = fabs(x);
  B yInt = floor(y) == y;
  B odd = yInt && cmp(CmpFPredicate::UNE, floor(y * F(0.5)) * F(2.0), y) && isfinite(y);
  F res = sel(x < F(0.0), sel(odd, -mag, mag), mag);
  res = sel(x < F(0.0) && !yInt, F(NAN), res);
  F zeroPos = sel(y < F(0.0), F(INFINITY), F(0.0)); // x = ±0
  res = sel(ax == F(0.0), sel(odd, copysign(zeroPos, x), zeroPos), res);
  F infPos = sel(y < F(0.0), F(0.0), F(INFINITY)); // x = ±inf
  res = sel(isinf(x), sel(odd && x < F(0.0), -infPos, infPos), res);
  // y = ±inf: inf for |x| < 1 with -inf or |x| > 1 with +inf, else 0.
  F yInf = sel(ax == F(1.0), F(1.0), sel((ax < F(1.0)) ^ (y > F(0.0)), F(INFINITY), F(0.0)));
  res = sel(isinf(y), yInf, res);
  res = sel(isnan(x) || isnan(y), x + y, res);
  return sel(y == F(0.0) || x == F(1.0), F(1.0), res);
}

//===----------------------------------------------------------------------===//
// Error functions
//===----------------------------------------------------------------------===//

/// erfc around a_j = 5/8 + j/4 (j = 0..7, covering [0.5, 2.5)): Taylor
/// coefficients to (x - a)^17 (truncation < 2^-68 relative for |x - a| ≤
/// 1/8); c0 and c1 as double-doubles, then c2..c17.
constexpr double ERFC_TAYLOR[8][20] = {
    {0x1.81cd2465e1d96p-2, 0x1.f25f4f6fdf70bp-56, -0x1.86e9694134b9ep-1, 0x1.3bda1314b1d68p-55, 0x1.e8a3c39181e85p-2, 0x1.c8105021682e3p-5, -0x1.6963c8a39d692p-3, 0x1.c1242dfffc503p-6, 0x1.52b2668e8627dp-5, -0x1.c7cd9c1ca7367p-7, -0x1.b62f4a7484034p-8, 0x1.dc3b46fdc32b4p-9, 0x1.81148d81da2abp-11, -0x1.63796d17c397ep-11, -0x1.55121d5901343p-15, 0x1.a17211d2c836ep-14, -0x1.d91470c8a466fp-19, -0x1.939d347c232ffp-17, 0x1.6aa4e3a711af9p-20, 0x1.49770e8321830p-20}, // a = 0.625, trunc 3.5e-23
    {0x1.ba36dab91c0e9p-3, 0x1.3c896e9a97c59p-58, -0x1.0cab61f084b93p-1, -0x1.098a511a778e7p-56, 0x1.d62beb64e8441p-2, -0x1.7c9d756a115bbp-4, -0x1.cc60567d78c2bp-4, 0x1.1350f4b222ac7p-4, 0x1.53bb4a5af4fbep-7, -0x1.30ac21937fa54p-6, 0x1.e3f4d17a9ac97p-10, 0x1.aae22e15f782dp-9, -0x1.d6e44e4c09455p-11, -0x1.9900077d94d8ap-12, 0x1.94ae412712f8bp-13, 0x1.e70fe4fe69605p-16, -0x1.e7cc73fe79191p-16, -0x1.b2508d667800cp-23, 0x1.ca3f682939adbp-19, -0x1.616de491f24b4p-22}, // a = 0.875, trunc 8.6e-23
    {0x1.c9296beb09cf1p-4, -0x1.5224acd170beep-59, -0x1.45e99bcbb7915p-2, -0x1.7bcd0125a8155p-56, 0x1.6ea6cf452e838p-2, -0x1.4cb3cf0aa0b9bp-3, -0x1.ca5083167a246p-6, 0x1.f65d15f1cf8d7p-5, -0x1.fd1c6c11eda72p-7, -0x1.3acc78420e9d3p-7, 0x1.8b43c43f205b7p-8, 0x1.79b04d104b47ap-12, -0x1.2e527649b7b04p-10, 0x1.731a0a163486bp-13, 0x1.28de963721690p-13, -0x1.9edd4cdd5c251p-15, -0x1.67a9d4aaf087dp-17, 0x1.0367fc36cf467p-17, 0x1.5ed4bc6465270p-23, -0x1.d5624e9c83f34p-21}, // a = 1.125, trunc 5.1e-23
    {0x1.a8973c4b5c03ep-5, 0x1.d27662c1d9dc2p-59, -0x1.5ce595c455b0ap-3, -0x1.c317415c2c6e1p-59, 0x1.dfbbadedf5d2ep-3, -0x1.4374d82e04c67p-3, 0x1.f3b8d52d35665p-6, 0x1.f572c4c8c7b0cp-6, -0x1.6b16f52c58b2bp-6, 0x1.73ffa9b859606p-10, 0x1.1740474706a1cp-8, -0x1.9da3d48ffd0a3p-10, -0x1.534f6c4dc679bp-12, 0x1.6392df39d614dp-12, -0x1.e13333b2abeefp-16, -0x1.5e43917418c74p-15, 0x1.921e058bbf683p-17, 0x1.8ef85de5e68c4p-19, -0x1.003a4c53a9bfbp-19, -0x1.47195b8efbff3p-26}, // a = 1.375, trunc 2.2e-22
    {0x1.612d893085125p-6, -0x1.7847afe4f2a7bp-62, -0x1.499d478bca735p-4, -0x1.31c41d17378e2p-60, 0x1.0bcfca21947dbp-3, -0x1.d6631e1a28e9ep-4, 0x1.974c03686729dp-5, 0x1.17d430bd57df4p-9, -0x1.d857f2c4bc9b6p-7, 0x1.954ab0f57a01ep-8, 0x1.2e43eef270fc5p-11, -0x1.71cd78555df62p-10, 0x1.75457224274f8p-12, 0x1.07892ddcb78e9p-13, -0x1.70f93e04bd30dp-14, 0x1.1e9ab9843baf7p-18, 0x1.63faf4af253acp-17, -0x1.7b7c269186d0fp-19, -0x1.642a3ebd7f6c7p-21, 0x1.d7053a05189e1p-22}, // a = 1.625, trunc 3.9e-23
    {0x1.0678442cc256fp-7, -0x1.77b62199d8601p-61, -0x1.12ceb37ff9bc3p-5, -0x1.a3b0b09d34761p-59, 0x1.01a1c847fa207p-4, -0x1.143d1c6f4f093p-4, 0x1.5a316520b81bap-5, -0x1.779b1e57043ccp-7, -0x1.0d099c7b29ddep-8, 0x1.42fcbaa85e8aap-8, -0x1.76ff57db443cap-10, -0x1.7bda79657b833p-12, 0x1.991c209f22659p-12, -0x1.353eeafcf9fccp-14, -0x1.2e9cb5a4b81e1p-15, 0x1.5d07bf672bc0cp-16, -0x1.b5c64438cd3e2p-21, -0x1.3e58631192517p-19, 0x1.5d85ba2b5deb1p-21, 0x1.fac46f7904537p-24}, // a = 1.875, trunc 6.5e-22
    {0x1.5bde729a6b60fp-9, 0x1.999ec7becc5c7p-65, -0x1.94624e78e0fafp-7, 0x1.41864737c78ffp-61, 0x1.ada873606f0aap-6, -0x1.0ea475da3be7fp-5, 0x1.afe553fa44f40p-6, -0x1.9973b489fa221p-7, 0x1.dd78ee1541166p-10, 0x1.ea03bb2493671p-10, -0x1.6aa2c0b920d39p-10, 0x1.2fdb2fcf76069p-12, 0x1.01788a2adcda8p-13, -0x1.8dd7aaa44262bp-14, 0x1.f70c69dddafe1p-17, 0x1.1c63c54b0b820p-17, -0x1.31565abd2c590p-18, 0x1.017888d12dbc3p-22, 0x1.f59282e76d4cfp-22, -0x1.3394c90b4480ep-23}, // a = 2.125, trunc 3.6e-22
    {0x1.9a7c305336484p-11, 0x1.6394dd2ff0093p-65, -0x1.06918b6355624p-8, -0x1.21b463b8e3a00p-62, 0x1.37ccd585f564bp-7, -0x1.c1ec102e364f1p-7, 0x1.ae59615f8eb1ap-7, -0x1.11dae47350ddep-7, 0x1.982b274b81788p-9, -0x1.0283e0b81b24ap-13, -0x1.377c452e88a90p-11, 0x1.61ec70a692e42p-12, -0x1.cae81a7d269ecp-15, -0x1.092767732524fp-15, 0x1.5cf9e49762523p-16, -0x1.a5c9bfe4a433fp-19, -0x1.c216855d38a39p-20, 0x1.edf0f55348160p-21, -0x1.4cf23ca2728b8p-24, -0x1.56cd2967635d6p-24}, // a = 2.375, trunc 2.1e-21
};
constexpr double LN_SQRTPI_HI = 0x1.250d048e7a1bdp-1, LN_SQRTPI_LO = 0x1.7abf2ad8d5088p-58;
constexpr double TWO_OVER_SQRTPI_M1 = 0x1.06eba8214db69p-3;
const std::vector<double> ERF_Q = {TWO_OVER_SQRTPI_M1, -0x1.812746b0379e7p-2, 0x1.ce2f21a042be2p-4, -0x1.b82ce31288b51p-6, 0x1.565bcd0e6a53fp-8, -0x1.c02db40040b86p-11, 0x1.f9a326f9b89b7p-14, -0x1.f4d25c3e0c2ebp-17, 0x1.b9e6c9dc651a3p-20, -0x1.5f742ec43e71ap-23, 0x1.fcc5720624c1cp-27, -0x1.51d7181c5d36dp-30, 0x1.9e6ad5e55a730p-34, -0x1.d8453cb0c46eap-38, 0x1.f683ae4a97007p-42};

/// erf and erfc of |x| (t = |x|, finite or not) as hi + lo pieces:
///  - t < 0.5: erf = t + t·Q(t²), Q the Taylor series of erf(t)/t - 1 to
///    t^28; erfc = (1 - t) + (-t·Q) with 1 - t as an exact two-sum.
///  - 0.5 ≤ t < 2.5: erfc = c0 + c1·h + h²·P(h), h = t - a_j exact, with
///    c0 + c1·h summed as double-doubles (two-product, two-sum).
///  - t ≥ 2.5: erfc = e^(-t² - ln√π) / K(t), K the continued fraction
///    t + (1/2)/(t + 1/(t + (3/2)/(t + ...))) to 48 levels, evaluated from
///    the bottom (error < 2^-60 for t ≥ 2.5); t² and the exponent as
///    double-doubles; the 2^k scaling last (one rounding if subnormal).
/// In the last two ranges erf = 1 - erfc (≤ 0.48), by a two-sum.
struct ErfParts {
  DD erfc; // erfc(t) = hi + lo
  F erf;   // erf(t)
};
ErfParts erfParts(F t) {
  // t < 0.5
  F ts = sel(t < F(0.5), t, F(0.0));
  F tq = ts * horner(ts * ts, ERF_Q);
  F erfSmall = ts + tq;
  DD om = twoSum(F(1.0), -ts);
  DD erfcSmall = {om.hi, om.lo - tq};
  // 0.5 ≤ t < 2.5
  F tm = sel(t >= F(0.5) && t < F(2.5), t, F(1.0));
  I j = toI(floor((tm - F(0.5)) * F(4.0)));
  j = sel(j > I(7), I(7), sel(j < I(0), I(0), j));
  auto coef = [&](int n) {
    F c(ERFC_TAYLOR[0][n]);
    for (int i = 1; i < 8; ++i)
      c = sel(j == I(i), F(ERFC_TAYLOR[i][n]), c);
    return c;
  };
  F a = F(0.625) + toF(j) * F(0.25);
  F h = tm - a;
  F p = coef(19);
  for (int n = 18; n >= 4; --n)
    p = coef(n) + h * p;
  DD c1h = twoProd(coef(2), h);
  DD s = twoSum(coef(0), c1h.hi);
  F tail = coef(1) + c1h.lo + coef(3) * h + (h * h) * p;
  DD erfcMid = twoSum(s.hi, s.lo + tail);
  // t ≥ 2.5 (t clamped to 28: erfc underflows to 0 above 27.3)
  F tl = sel(t >= F(2.5), fmin(t, F(28.0)), F(3.0));
  DD sq = twoProd(tl, tl);
  DD arg = twoSum(-sq.hi, F(-LN_SQRTPI_HI));
  // expCore's steps, keeping 1 + e as a double-double.
  F kf = roundeven(arg.hi * F(INV_LN2));
  F r = (arg.hi - kf * F(LN2_HI)) - kf * F(LN2_LO) + (arg.lo - sq.lo - F(LN_SQRTPI_LO));
  static const std::vector<double> inv = expSeries(13);
  F em = r + r * (r * horner(r, inv));
  F m = F(1.0) + em;
  DD mm{m, (F(1.0) - m) + em};
  // The last level of K with its rounding error (1/(2t²) ≤ 0.08 of K).
  F k1 = tl;
  for (int n = 48; n >= 2; --n)
    k1 = tl + F(0.5 * n) / k1;
  DD kk = twoSum(tl, F(0.5) / k1);
  DD qq = divDD(mm, kk);
  F erfcLarge = scale(qq.hi + qq.lo, toI(kf));
  DD erfcBig = {sel(t < F(2.5), erfcMid.hi, erfcLarge), sel(t < F(2.5), erfcMid.lo, F(0.0))};
  DD om2 = twoSum(F(1.0), -erfcBig.hi);
  F erfBig = om2.hi + (om2.lo - erfcBig.lo);
  B small = t < F(0.5);
  return {{sel(small, erfcSmall.hi, erfcBig.hi), sel(small, erfcSmall.lo, erfcBig.lo)},
          sel(small, erfSmall, erfBig)};
}

F erfImpl(F x) {
  F t = fabs(x);
  F res = copysign(erfParts(t).erf, x);
  return sel(isnan(x), x, res);
}

/// erfc(x) for x < 0 is 2 - erfc(|x|).
F erfcImpl(F x) {
  DD c = erfParts(fabs(x)).erfc;
  F res = sel(x < F(0.0), (F(2.0) - c.hi) - c.lo, c.hi + c.lo);
  return sel(isnan(x), x, res);
}

//===----------------------------------------------------------------------===//
// lgamma
//===----------------------------------------------------------------------===//

/// lgamma around a_j = 1 + j/4 (j = 0..8, covering [0.875, 3.125)):
/// Taylor coefficients to (t - a)^20; c0 and c1 as double-doubles.
constexpr double LGAMMA_TAYLOR[9][23] = {
    {0x0.0p+0, 0x0.0p+0, -0x1.2788cfc6fb619p-1, 0x1.6cb90701fbfabp-58, 0x1.a51a6625307d3p-1, -0x1.9a4d55beab2d7p-2, 0x1.151322ac7d848p-2, -0x1.a8b9c17aa6149p-3, 0x1.5b40cb100c306p-3, -0x1.2703a1dcea3aep-3, 0x1.010b36af86397p-3, -0x1.c806706d57db4p-4, 0x1.9a01e385d5f8fp-4, -0x1.748c33114c6d6p-4, 0x1.556ad63243bc4p-4, -0x1.3b1d971fc5985p-4, 0x1.2496df8320c5fp-4, -0x1.11133476e7fe0p-4, 0x1.00010064cdeb2p-4, -0x1.e1e2d311e8abdp-5, 0x1.c71ce3a20b419p-5, -0x1.af28a1b5688a0p-5, 0x1.9999b3352d5bap-5},
    {-0x1.92857d38caf41p-4, -0x1.d1f2d031dc189p-58, -0x1.d1d32879af85dp-3, 0x1.dc8e13c13fe24p-57, 0x1.328429d927c67p-1, -0x1.c533afa1c090bp-3, 0x1.dad1b9fd7bfc9p-4, -0x1.1de1433c297c1p-4, 0x1.71ef365f26954p-5, -0x1.f39b6d9e5e340p-6, 0x1.5ae76b3cdadf2p-6, -0x1.eb3c295bcc743p-7, 0x1.60db24cf5a9f1p-7, -0x1.004ab83b2293ep-7, 0x1.77a0e4fa9a41fp-8, -0x1.1547622ba34f5p-8, 0x1.9bde41c3fa371p-9, -0x1.337dd262d73b2p-9, 0x1.cd34e942683eep-10, -0x1.5b3fadcadfe54p-10, 0x1.065c4139a7d9fp-10, -0x1.8dadb7e3bc8cbp-11, 0x1.2e3bdc1969385p-11},
    {-0x1.eeb95b094c191p-4, -0x1.346863f58b075p-58, 0x1.2aed059bd608ap-5, 0x1.cd3d2ca77b63ap-63, 0x1.de9e64df22ef3p-2, -0x1.1ae55b180726cp-3, 0x1.e0f840dad61dap-5, -0x1.da59d5374a543p-6, 0x1.f9ca39daa929cp-7, -0x1.1a8ba4f0ea597p-7, 0x1.456f1ad666a3bp-8, -0x1.7edb812f6426ep-9, 0x1.c9735ae9db2c1p-10, -0x1.148a319eec639p-10, 0x1.517c5a1579f10p-11, -0x1.9eff1d1c8bdc2p-12, 0x1.00c41c13e4c1cp-12, -0x1.3f6dff22ac1c2p-13, 0x1.8f3619541742cp-14, -0x1.f4ea079c9c87ap-15, 0x1.3b5e73f18d398p-15, -0x1.8e583480fb843p-16, 0x1.f88eb43555368p-17},
    {-0x1.59b4fd6875a6ep-4, -0x1.8611cf72ebf19p-59, 0x1.fad2d675283d3p-3, -0x1.d2a10e7fb96c4p-57, 0x1.87385c3c034c4p-2, -0x1.7f95d3d17c5a9p-4, 0x1.112f9cdb80001p-5, -0x1.c69a305c523afp-7, 0x1.9aef3265ad3bap-8, -0x1.8689d06703a1fp-9, 0x1.7f89d0ae7b841p-10, -0x1.815ca05ec2476p-11, 0x1.89b15e2032e26p-12, -0x1.974f608c4cee3p-13, 0x1.a994c51d9dceep-14, -0x1.c0387313908e9p-15, 0x1.db2a482ca867dp-16, -0x1.fa81f90aac7d0p-17, 0x1.0f3ad2a30cbddp-17, -0x1.23aa5c5c29295p-18, 0x1.3ac2ad4576ac1p-19, -0x1.54c1bcd201f4bp-20, 0x1.71f0788f51fdfp-21},
    {0x0.0p+0, 0x0.0p+0, 0x1.b0ee6072093cep-2, 0x1.6cb90701fbfabp-58, 0x1.4a34cc4a60fa6p-2, -0x1.13e001a557607p-4, 0x1.51322ac7d8483p-6, -0x1.e404fc218f5f2p-8, 0x1.7add6eadb6c30p-9, -0x1.38ac5c2bf8e08p-10, 0x1.0b36af86396e9p-11, -0x1.d3fd4c76d2fc8p-13, 0x1.a127b0f17d65ap-14, -0x1.78de5bd7c81efp-15, 0x1.580dcee66eb02p-16, -0x1.3cbc963ce2243p-17, 0x1.2597a39f34aacp-18, -0x1.11b2eb7679541p-19, 0x1.0064cdeb22f0fp-20, -0x1.e2600d93cfd2fp-22, 0x1.c76bbb3f07a4dp-23, -0x1.af5a6cbbf8a97p-24, 0x1.99b93c2070b0fp-25},
    {0x1.ff797bba88502p-4, -0x1.c3103ce9106b2p-60, 0x1.2524cf7b2db82p-1, 0x1.dd89eb56b65efp-55, 0x1.1d5a3f376e453p-2, -0x1.9eb4cd8bc9996p-5, 0x1.bb1c5a5dbe4e6p-7, -0x1.171c930caa33fp-8, 0x1.80a7c9ffae851p-10, -0x1.181e9b4111495p-11, 0x1.a73e8ce90dc1bp-13, -0x1.4816011331d69p-14, 0x1.0326b7c455be6p-15, -0x1.9f4390a691809p-17, 0x1.5068db1b02160p-18, -0x1.12f1467fdc88ep-19, 0x1.c4a6f528763ecp-21, -0x1.76d73a2fbebc2p-22, 0x1.37f89bf46387cp-23, -0x1.04c48024475afp-24, 0x1.b59187a5b7ccbp-26, -0x1.7053609e988f1p-27, 0x1.36f0ff06b31f5p-28},
    {0x1.2383e809a67e8p-2, -0x1.823fe323a5c09p-56, 0x1.680425af12b5ep-1, -0x1.46eb6bf0197a4p-58, 0x1.f62057f7296c9p-3, -0x1.427f4cc53f5f0p-5, 0x1.31b4c4359dfe5p-7, -0x1.56b48947b3c37p-9, 0x1.a54d1cabdc3cbp-11, -0x1.123653d59f542p-12, 0x1.72e00847c2976p-14, -0x1.01a8f9b0dc4c5p-15, 0x1.6d28afc05c362p-17, -0x1.06a7f5bd53c7ap-18, 0x1.7e47380f10b93p-20, -0x1.18c7d311ca707p-21, 0x1.9f9496545387ep-23, -0x1.3578545be1e7ap-24, 0x1.cf535ee7ae586p-26, -0x1.5c6358273c0e7p-27, 0x1.06f9a2904a954p-28, -0x1.8e5818c2258dbp-30, 0x1.2e9858378d0cdp-31},
    {0x1.e69eac73eab05p-2, -0x1.057db2faf97ffp-58, 0x1.a346fec1dc587p-1, -0x1.4057e9ed7047bp-57, 0x1.c012ae051644fp-3, -0x1.01a88b861cc80p-5, 0x1.b696cf9da0419p-8, -0x1.ba7d3b200ea5ep-10, 0x1.ea8360b790b08p-12, -0x1.20595481ee00bp-13, 0x1.60b2b1f2d8450p-15, -0x1.bbab5d0cd2621p-17, 0x1.1cde8d902e2cdp-18, -0x1.7396f7d7363ccp-20, 0x1.eaa8798a09fddp-22, -0x1.4719c8ef0ad35p-23, 0x1.b7942367b8171p-25, -0x1.294b757169597p-26, 0x1.94549d2c93d67p-28, -0x1.143a905f7f988p-29, 0x1.7aef16761fb9ep-31, -0x1.04d10fb06a3aap-32, 0x1.6821c690ce009p-34},
    {0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56, 0x1.d8773039049e7p-1, 0x1.6cb90701fbfabp-58, 0x1.94699894c1f4dp-3, -0x1.a4d55beab2d6fp-6, 0x1.44c8ab1f6120ep-8, -0x1.29ad8a1fd7160p-10, 0x1.2c40cac30b6d4p-12, -0x1.41a1307669758p-14, 0x1.66d5f0c72dd18p-16, -0x1.9c1b55f6d156bp-18, 0x1.e385d5f8f3027p-20, -0x1.2051247daaa48p-21, 0x1.5c3cc88cad668p-23, -0x1.a8e501ce72ed4p-25, 0x1.055a7aa261947p-26, -0x1.43b4cad086017p-28, 0x1.9337ac8bc3ce8p-30, -0x1.f8aec7b7c4274p-32, 0x1.3d25dfaccc413p-33, -0x1.90078eedb77cep-35, 0x1.fa286d7175a73p-37},
};
constexpr double HALF_LN_2PI_HI = 0x1.d67f1c864beb5p-1, HALF_LN_2PI_LO = -0x1.65b5a1b7ff5dfp-55;
/// B_2k/(2k(2k-1)), k = 1..9: Stirling's series in 1/x.
const std::vector<double> STIRLING = {0x1.5555555555555p-4, -0x1.6c16c16c16c17p-9, 0x1.a01a01a01a01ap-11, -0x1.3813813813814p-11, 0x1.b951e2b18ff23p-11, -0x1.f6ab0d9993c7dp-10, 0x1.a41a41a41a41ap-8, -0x1.e4286cb0f5398p-6, 0x1.6fe96381e0680p-3};
constexpr double LN_PI_HI = 0x1.250d048e7a1bdp+0, LN_PI_LO = 0x1.7abf2ad8d5088p-57;

/// log(x) as a double-double (relative error ≈ 2^-59) for finite x > 0:
/// logCore's pieces with f²/2 by a two-product and f - f²/2 by a two-sum,
/// k·ln2_hi exact, the rest (s·(hfsq + R), k·ln2_lo) in the low part.
DD logDD(F x) {
  Decomposed d = decompose(x);
  LogParts p = logParts(d.f);
  DD f2 = twoProd(d.f, d.f);
  DD t = twoSum(d.f, -(F(0.5) * f2.hi));
  F low = (t.lo - F(0.5) * f2.lo) + (p.sR + d.k * F(LN2_LO));
  DD s = twoSum(d.k * F(LN2_HI), t.hi);
  return twoSum(s.hi, s.lo + low);
}

/// lgamma(t) for t ∈ [0.875, 3.125) from the centred Taylor series (exact
/// zeros at 1 and 2), as a double-double; also its derivative (roughly).
struct LgammaTaylor {
  DD v;
  F d;
};
LgammaTaylor centredTaylor(F t, const double (*tab)[23]) {
  I j = toI(roundeven((t - F(1.0)) * F(4.0)));
  j = sel(j > I(8), I(8), sel(j < I(0), I(0), j));
  auto coef = [&](int n) {
    F c(tab[0][n]);
    for (int i = 1; i < 9; ++i)
      c = sel(j == I(i), F(tab[i][n]), c);
    return c;
  };
  F h = t - (F(1.0) + toF(j) * F(0.25));
  F p = coef(22);
  for (int n = 21; n >= 4; --n)
    p = coef(n) + h * p;
  DD c1h = twoProd(coef(2), h);
  DD s = twoSum(coef(0), c1h.hi);
  F tail = coef(1) + c1h.lo + coef(3) * h + (h * h) * p;
  return {twoSum(s.hi, s.lo + tail), coef(2) + F(2.0) * coef(4) * h};
}
LgammaTaylor lgammaTaylor(F t) { return centredTaylor(t, LGAMMA_TAYLOR); }

/// lgamma(x) for x > -0.125 (not 0), as a double-double:
///  - x < 0.875: lgamma(1 + x) - log|x|, 1 + x by a two-sum (its error
///    times the derivative added);
///  - x < 3.125: the Taylor series;
///  - x < 16: log((x-1)(x-2)···(x-n)) + lgamma(x - n), n = floor(x) - 2,
///    the product as a double-double (factors exact);
///  - above: Stirling, x·(log x - 1) - log(x)/2 + ln(2π)/2 + Σ
///    B_2k/(2k(2k-1)x^(2k-1)), log x as a double-double; x > 2^900 is
///    scaled by 2^-128 for the two-product (the small terms vanish there).
DD lgammaPos(F x) {
  // x < 0.875
  F xs = sel(x < F(0.875), x, F(0.5));
  DD u = twoSum(F(1.0), xs);
  LgammaTaylor a = lgammaTaylor(u.hi);
  DD la = logDD(fabs(xs));
  DD r1 = twoSum(a.v.hi, -la.hi);
  DD small{r1.hi, r1.lo + (a.v.lo + a.d * u.lo - la.lo)};
  // 0.875 ≤ x < 16
  F xm = sel(x >= F(0.875) && x < F(16.0), x, F(1.5));
  F nf = fmax(floor(xm) - F(2.0), F(0.0));
  nf = sel(xm < F(3.125), F(0.0), nf);
  F t = xm - nf;
  LgammaTaylor b = lgammaTaylor(t);
  DD P{F(1.0), F(0.0)};
  for (int i = 1; i <= 13; ++i) {
    DD q = twoProd(P.hi, xm - F(double(i)));
    F lo = q.lo + P.lo * (xm - F(double(i)));
    B use = F(double(i)) <= nf;
    P = {sel(use, q.hi, P.hi), sel(use, lo, P.lo)};
  }
  DD lp = logDD(P.hi);
  F lpLo = lp.lo + P.lo / P.hi;
  DD r2 = twoSum(lp.hi, b.v.hi);
  DD mid{sel(nf > F(0.0), r2.hi, b.v.hi),
         sel(nf > F(0.0), r2.lo + lpLo + b.v.lo, b.v.lo)};
  // x ≥ 16 (inf → clamped; the caller selects inf)
  F xl = sel(x >= F(16.0), fmin(x, F(0x1p1020)), F(16.0));
  B big = xl > F(0x1p900);
  F xsc = sel(big, xl * F(0x1p-128), xl);
  DD L = logDD(xl);
  DD D = twoSum(L.hi, F(-1.0));
  F dlo = D.lo + L.lo;
  DD T = twoProd(xsc, D.hi);
  F tlo = T.lo + xsc * dlo;
  F iv = F(1.0) / xl;
  F S = iv * horner(iv * iv, STIRLING);
  F smallTerms = sel(big, F(0.0), (F(HALF_LN_2PI_HI) - F(0.5) * L.hi) + S);
  DD U = twoSum(T.hi, smallTerms);
  F ulo = U.lo + tlo + sel(big, F(0.0), F(HALF_LN_2PI_LO) - F(0.5) * L.lo);
  F bigScale = sel(big, F(0x1p128), F(1.0));
  DD large{U.hi * bigScale, ulo * bigScale};
  B isSmall = x < F(0.875), isMid = x < F(16.0);
  return {sel(isSmall, small.hi, sel(isMid, mid.hi, large.hi)),
          sel(isSmall, small.lo, sel(isMid, mid.lo, large.lo))};
}

/// lgamma(x) = log|Γ(x)|. For x ≤ -0.125, by reflection:
/// log(π/|x·sinpi(x)|) - lgamma(-x), the product as a double-double.
/// Poles (0 and negative integers) give +inf (Python raises ValueError).
F lgammaImpl(F x) {
  F ax = fabs(x);
  B neg = x <= F(-0.125);
  DD pos = lgammaPos(sel(neg, ax, sel(isfinite(x) && !(x == F(0.0)), x, F(1.0))));
  F s = fabs(sinpiImpl(sel(neg && isfinite(x), ax, F(0.5))));
  DD q = twoProd(sel(neg, ax, F(1.0)), s);
  B qOk = q.hi > F(0x1p-1000);
  DD lq = logDD(sel(qOk, q.hi, F(1.0)));
  DD lt = twoSum(F(LN_PI_HI), -lq.hi);
  F ltLo = lt.lo + F(LN_PI_LO) - lq.lo - q.lo / q.hi;
  DD r = twoSum(lt.hi, -pos.hi);
  F negRes = r.hi + (r.lo + ltLo - pos.lo);
  negRes = sel(qOk, negRes, F(INFINITY));
  F res = sel(neg, negRes, pos.hi + pos.lo);
  res = sel(x == F(0.0) || isinf(x), F(INFINITY), res);
  return sel(isnan(x), x, res);
}

/// Γ around a_j = 1 + j/4 (j = 0..8): Taylor coefficients to (t - a)^20;
/// c0 and c1 as double-doubles.
constexpr double GAMMA_TAYLOR[9][23] = {
    {0x1.0000000000000p+0, 0x0.0p+0, -0x1.2788cfc6fb619p-1, 0x1.6cb90701fbfabp-58, 0x1.fa658c23b1578p-1, -0x1.d0a118f324b63p-1, 0x1.f6a51055096b5p-1, -0x1.f6c80ec38b67bp-1, 0x1.fc7e0a6eb310bp-1, -0x1.fdf3f157b7a39p-1, 0x1.ff07b5a17ff6cp-1, -0x1.ff803d68a0bd4p-1, 0x1.ffc0841d585a3p-1, -0x1.ffe018c484f47p-1, 0x1.fff00b768f1c4p-1, -0x1.fff8035584e02p-1, 0x1.fffc012f95041p-1, -0x1.fffe0062af588p-1, 0x1.ffff002146257p-1, -0x1.ffff800b0d91ap-1, 0x1.ffffc003b10f7p-1, -0x1.ffffe0013af5fp-1, 0x1.fffff0006908bp-1},
    {0x1.d013fc47eeeeap-1, 0x1.e6ce29429451bp-56, -0x1.a6398b8ba7ab9p-3, 0x1.e12d8c7decc53p-57, 0x1.21d4e80718127p-1, -0x1.4d98f557aa446p-2, 0x1.4f1d1274008a3p-2, -0x1.0073e4afb4f08p-2, 0x1.a8fe0bd448e3cp-3, -0x1.540b7ef75b898p-3, 0x1.119fc5128421bp-3, -0x1.b68be954ddac0p-4, 0x1.5f4ef89fd8b66p-4, -0x1.193b5a1d03db4p-4, 0x1.c2251dedb01b9p-5, -0x1.68312ae88281bp-5, 0x1.2030104759cbap-5, -0x1.cd21740a29122p-6, 0x1.70eb035e7a909p-6, -0x1.2723f1d5da8d1p-6, 0x1.d83ae0342bc2fp-7, -0x1.79c94ea2557dbp-7, 0x1.2e3aea549e127p-7},
    {0x1.c5bf891b4ef6bp-1, -0x1.618f13eb7ca89p-55, 0x1.08ea88ee561b1p-5, 0x1.fbccaad5388ebp-59, 0x1.a8c4dba620d57p-2, -0x1.b77ac1ca2eba5p-4, 0x1.283bd374eb2a9p-3, -0x1.3d88cfe50606ep-4, 0x1.e022b7434f056p-5, -0x1.374fd5cc92307p-5, 0x1.a752c6af0044ap-6, -0x1.1a2c297b7dc36p-6, 0x1.7991dd6395dfcp-7, -0x1.f7fc564f09ebap-8, 0x1.504eb103f42dbp-8, -0x1.c0a23192daff3p-9, 0x1.2b2f00c575b1dp-9, -0x1.8efc5deb2c878p-10, 0x1.0a0540a8e162cp-10, -0x1.62b7cd1613cebp-11, 0x1.d8f9fae0fb91cp-12, -0x1.3b5349029a951p-12, 0x1.a4709ea6f9b7cp-13},
    {0x1.d68f5d0f97142p-1, 0x1.dc37db819e529p-60, 0x1.d1cd74df2c579p-3, -0x1.f55b5f6535d8ap-58, 0x1.845fc5d28f665p-2, 0x1.9c8117858d309p-9, 0x1.65a8e078005e8p-4, -0x1.7bf5bc4a73e67p-6, 0x1.6197961e23d4dp-6, -0x1.57a777aa452f6p-7, 0x1.aafcb1b9349a7p-8, -0x1.de0b1121daccap-9, 0x1.14c08e91d8ae7p-9, -0x1.3c25fd7eb6f72p-10, 0x1.6a338893e002cp-11, -0x1.9e428c82e9790p-12, 0x1.d9c6cb20561edp-13, -0x1.0ed60ae7e8f3ap-13, 0x1.359bfb168d977p-14, -0x1.61e5dbe591041p-15, 0x1.947f6ec6d9fb9p-16, -0x1.ce507ec8fd175p-17, 0x1.0830e92a90d62p-17},
    {0x1.0000000000000p+0, 0x0.0p+0, 0x1.b0ee6072093cep-2, 0x1.6cb90701fbfabp-58, 0x1.a5b978b96bebfp-2, 0x1.4e239984650acp-4, 0x1.301fbb0f25a92p-4, -0x1.17f3740fe2a71p-12, 0x1.6d7eeac9ea41bp-7, -0x1.75e6e90492e64p-9, 0x1.13c449c85323dp-9, -0x1.e21f1c831a17dp-11, 0x1.011ad2de73ab0p-11, -0x1.f94a72c9a4c51p-13, 0x1.fe564144f8db4p-14, -0x1.fdf7bd70f9704p-15, 0x1.feed0811f7c96p-16, -0x1.ff331a546f7f6p-17, 0x1.ff7d2d99e3b9dp-18, -0x1.ffa71db0af252p-19, 0x1.ffc51beea98fdp-20, -0x1.ffd89e67e358bp-21, 0x1.ffe5c25848889p-22},
    {0x1.220c7dacf5552p+0, 0x1.98206ce4ce598p-54, 0x1.4c2200ac4a891p-1, -0x1.b63aaf775bd99p-55, 0x1.00bbbf25f42c2p-1, 0x1.45553ac1369edp-3, 0x1.552d86e559a16p-4, 0x1.d186930bcbb0dp-7, 0x1.255c569f13bb1p-7, -0x1.052e0e9881836p-15, 0x1.fc375fc9a0a60p-11, -0x1.deb30a19a7335p-13, 0x1.2d9ae5e26fd27p-13, -0x1.d9c02360ddb0fp-15, 0x1.bd8978a35f7dap-16, -0x1.857b4f30698e7p-17, 0x1.5d2e15b79b3fep-18, -0x1.360fbff7ebf6cp-19, 0x1.140afc08a548ep-20, -0x1.eaecd69fc71ffp-22, 0x1.b495819978ad1p-23, -0x1.842d7e345c4cep-24, 0x1.591dc06570bfap-25},
    {0x1.544fa6d47b390p+0, -0x1.2569de13afcdbp-59, 0x1.de9585f1a7093p-1, 0x1.2e0c1c1880a4dp-55, 0x1.4f224d4b7e01cp-1, 0x1.03f6d2fa4f4f9p-2, 0x1.c138b89492c57p-4, 0x1.d0a9bc49352b9p-6, 0x1.5489cc6ba9e97p-7, 0x1.a55ed20e77990p-10, 0x1.8b8fcdab80c4fp-11, 0x1.08875c39f8b5bp-18, 0x1.013c8f32a46a0p-14, -0x1.ad8d5ec643e55p-17, 0x1.e6ccdb916398fp-18, -0x1.57a151808dc3dp-19, 0x1.227caaac5c165p-20, -0x1.c8b55d767a4eap-22, 0x1.706244b192be0p-23, -0x1.2649eb5e11fc7p-24, 0x1.d789546f4fc78p-26, -0x1.79517626ecaaep-27, 0x1.2dfaa0b4c056cp-28},
    {0x1.9bbd716da431ap+0, -0x1.e5f4f1fee9578p-55, 0x1.512ca0189d3d3p+0, 0x1.b09ae0fef495ap-54, 0x1.c8472a50088f6p-1, 0x1.8a0389a4e2d47p-2, 0x1.3f65c8c716877p-3, 0x1.7edabc2edb537p-5, 0x1.dda714d4959c2p-7, 0x1.a7286b493a5b5p-9, 0x1.df5a3d7c8d7cfp-11, 0x1.16605772a4ee3p-13, 0x1.917a1758192c1p-15, 0x1.f50c2f8963750p-21, 0x1.8e34055a1692ep-19, -0x1.1ac97ab11c89dp-21, 0x1.2d94e58787bbbp-22, -0x1.7e3fac0c5c888p-24, 0x1.270cbd2f0dd61p-25, -0x1.a4aa4a2984307p-27, 0x1.34a10db7010c3p-28, -0x1.c00a40de38101p-30, 0x1.46506017d74a4p-31},
    {0x1.0000000000000p+1, 0x0.0p+0, 0x1.d8773039049e7p+0, 0x1.6cb90701fbfabp-57, 0x1.3f18547938453p+0, 0x1.2665a2bdcf38bp-1, 0x1.d73187d1582e8p-3, 0x1.2defd42705e3dp-4, 0x1.691f1cf9aab71p-6, 0x1.6516ec8f419d1p-8, 0x1.6343551826c2cp-10, 0x1.15a5dc3630bf5p-12, 0x1.00b449ce69f12p-14, 0x1.1d665e68521c0p-17, 0x1.42f39ed5058bdp-19, 0x1.7a0f4ffdac1f1p-24, 0x1.ea9541fcb2448p-24, -0x1.184909ded7ea8p-26, 0x1.284d15d0e9da1p-27, -0x1.4f80b65b5a42cp-29, 0x1.dfe3dfa6ab1f9p-31, -0x1.3827939c8e474p-32, 0x1.a47e0ca5fb7edp-34},
};

/// Γ(x) for x > -0.125 (x ≠ 0), as a double-double times 2^-200 (so that
/// Γ up to x ≈ 185 stays finite for the reflection):
///  - x < 0.875: Γ(1 + x)/x (1 + x by a two-sum, its error times the
///    derivative added);
///  - x < 3.125: the Taylor series;
///  - above: (x-1)(x-2)···(x-n)·Γ(x - n), n = floor(x) - 2 ≤ 184, the
///    product as a double-double (factors exact), started at 2^-200.
DD gammaPosScaled(F x) {
  F xs = sel(x < F(0.875), x, F(0.5));
  DD u = twoSum(F(1.0), xs);
  LgammaTaylor a = centredTaylor(u.hi, GAMMA_TAYLOR);
  DD g1{a.v.hi, a.v.lo + a.d * u.lo};
  DD small = divDD(g1, DD{xs, F(0.0)});
  F xm = sel(x >= F(0.875), fmin(x, F(186.0)), F(1.5));
  F nf = fmax(floor(xm) - F(2.0), F(0.0));
  nf = sel(xm < F(3.125), F(0.0), nf);
  LgammaTaylor b = centredTaylor(xm - nf, GAMMA_TAYLOR);
  DD P{F(0x1p-200), F(0.0)};
  for (int i = 1; i <= 184; ++i) {
    F fct = xm - F(double(i));
    DD q = twoProd(P.hi, fct);
    F lo = q.lo + P.lo * fct;
    B use = F(double(i)) <= nf;
    P = {sel(use, q.hi, P.hi), sel(use, lo, P.lo)};
  }
  DD pg = twoProd(P.hi, b.v.hi);
  F pgLo = pg.lo + (P.hi * b.v.lo + P.lo * b.v.hi);
  B isSmall = x < F(0.875);
  return {sel(isSmall, small.hi * F(0x1p-200), pg.hi), sel(isSmall, small.lo * F(0x1p-200), pgLo)};
}

/// Γ(x). For x ≤ -1/8, reflection: -π/(x·sinpi(x)·Γ(-x)) with the
/// denominator and the quotient as double-doubles. ±0 give ±inf,
/// negative integers and -inf NaN (Python's math.gamma raises ValueError
/// there; kernels return what C's tgamma and Numba's CUDA target return).
F gammaImpl(F x) {
  F ax = fabs(x);
  B neg = x <= F(-0.125);
  DD g = gammaPosScaled(sel(neg, ax, sel(isfinite(x) && !(x == F(0.0)), x, F(1.0))));
  F pos = (g.hi + g.lo) * F(0x1p100) * F(0x1p100);
  F xn = sel(neg && isfinite(x), x, F(-0.5));
  F s = sinpiImpl(xn);
  DD xsn = twoProd(xn, s);
  DD den = twoProd(xsn.hi, g.hi);
  F denLo = den.lo + (xsn.hi * g.lo + xsn.lo * g.hi);
  DD q = divDD(DD{F(-PI_HI), F(-PI_LO)}, DD{den.hi, denLo});
  F negRes = (q.hi + q.lo) * F(0x1p-100) * F(0x1p-100);
  negRes = sel(ax >= F(190.0), copysign(F(0.0), s), negRes);
  F res = sel(neg, negRes, pos);
  res = sel(x > F(171.7), F(INFINITY), res);
  res = sel(x == F(0.0), copysign(F(INFINITY), x), res);
  res = sel(x < F(0.0) && (floor(x) == x), F(NAN), res);
  return sel(isnan(x), x, res);
}


//===----------------------------------------------------------------------===//
// pow (float64)
//===----------------------------------------------------------------------===//

/// log(x) as a double-double with relative error ≈ 2^-66 for finite x > 0:
/// x = 2^k(1 + f), s = f/(2 + f) as a double-double (2 + f by a two-sum,
/// divDD), log(1 + f) = 2s + (2/3)s³ + s·R(s²) with 2s and (2/3)s³ as
/// double-doubles (two-products) and R = Σ_{n≥2} 2s^(2n)/(2n+1)
/// (≤ 2·10^-4 of the result); plus k·ln2 as k·ln2_hi (exact) + k·ln2_lo.
DD logDDFine(F x) {
  Decomposed d = decompose(x);
  DD den = twoSum(F(2.0), d.f);
  DD sd = divDD(DD{d.f, F(0.0)}, den);
  DD z = twoProd(sd.hi, sd.hi);
  F zz = z.hi + (z.lo + F(2.0) * sd.hi * sd.lo);
  DD s3 = twoProd(sd.hi, z.hi); // s³ ≈ s3 + (s·z.lo + 3s²·s_lo)
  F s3lo = s3.lo + sd.hi * z.lo + F(3.0) * z.hi * sd.lo;
  // (2/3)·s³ with 2/3 as a double-double
  constexpr double TWO3_HI = 0x1.5555555555555p-1, TWO3_LO = 0x1.5555555555555p-55;
  DD t3 = twoProd(s3.hi, F(TWO3_HI));
  F t3lo = t3.lo + s3.hi * F(TWO3_LO) + s3lo * F(TWO3_HI);
  static const std::vector<double> c = [] {
    std::vector<double> v;
    for (int n = 2; n <= 12; ++n)
      v.push_back(static_cast<double>(2.0L / (2 * n + 1)));
    return v;
  }();
  F rest = (sd.hi * zz) * (zz * horner(zz, c));
  // 2s + t3 + rest, then + k·ln2
  DD a = twoSum(F(2.0) * sd.hi, t3.hi);
  F alo = a.lo + F(2.0) * sd.lo + t3lo + rest;
  DD kh = twoSum(d.k * F(LN2_HI), a.hi);
  return twoSum(kh.hi, kh.lo + (alo + d.k * F(LN2_LO)));
}

/// pow(x, y) for float64: |x|^y = e^(y·log|x|) with log|x| from logDDFine,
/// y·log|x| as a double-double (two-product), and e^(hi + lo) with the
/// reduced argument r and 1 + expm1(r) kept as double-doubles; scaled by
/// 2^k last (one rounding if subnormal). Sign and special cases as for
/// float32 (powSpecials).
F powF64Impl(F x, F y) {
  F ax = fabs(x);
  DD L = logDDFine(sel(ax > F(0.0) && isfinite(ax), ax, F(1.0)));
  F p = y * L.hi;
  B over = p > F(800.0), under = p < F(-800.0);
  F yc = sel(over || under || isnan(p) || fabs(y) > F(0x1p990), F(0.0), y);
  DD yl = twoProd(yc, L.hi);
  DD w = twoSum(yl.hi, yl.lo + yc * L.lo);
  F kf = roundeven(w.hi * F(INV_LN2));
  F t = w.hi - kf * F(LN2_HI); // exact
  DD r = twoSum(t, w.lo - kf * F(LN2_LO));
  static const std::vector<double> inv = expSeries(14);
  F tail = r.hi * (r.hi * horner(r.hi, inv));
  F em = r.hi + tail;
  F emLo = ((r.hi - em) + tail);
  F m = F(1.0) + em;
  F mLo = ((F(1.0) - m) + em) + emLo + r.lo * m;
  F mag = scale(m + mLo, toI(kf));
  mag = sel(over, F(INFINITY), sel(under, F(0.0), mag));
  return powSpecials(x, y, mag);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

using Impl = std::function<F(const std::vector<F> &)>;

/// An implementation; `f32Only` ones are not accurate enough for float64.
/// `f32Impl`, where given, replaces `impl` for float32 operations (their
/// arguments extended to float64, the result rounded to float32).
struct Entry {
  Impl impl;
  bool f32Only = false;
  Impl f32Impl = nullptr;
};

const std::map<std::string, Entry> &implementations() {
  static const std::map<std::string, Entry> table = {
      {"exp", {[](auto &a) { return expImpl(a[0]); }, false,
               [](auto &a) { return expF32Impl(a[0]); }}},
      {"exp2", {[](auto &a) { return exp2Impl(a[0]); }}},
      {"exp10", {[](auto &a) { return exp10Impl(a[0]); }}},
      {"expm1", {[](auto &a) { return expm1Impl(a[0]); }}},
      {"log", {[](auto &a) { return logImpl(a[0]); }}},
      {"log1p", {[](auto &a) { return log1pImpl(a[0]); }}},
      {"log2", {[](auto &a) { return logBaseImpl(a[0], false); }}},
      {"log10", {[](auto &a) { return logBaseImpl(a[0], true); }}},
      {"sin", {[](auto &a) { return sinImpl(a[0]); }}},
      {"cos", {[](auto &a) { return cosImpl(a[0]); }}},
      {"tan", {[](auto &a) { return tanImpl(a[0]); }}},
      {"sinpi", {[](auto &a) { return sinpiImpl(a[0]); }}},
      {"cospi", {[](auto &a) { return cospiImpl(a[0]); }}},
      {"asin", {[](auto &a) { return asinImpl(a[0]); }}},
      {"acos", {[](auto &a) { return acosImpl(a[0]); }}},
      {"atan", {[](auto &a) { return atanImpl(a[0]); }}},
      {"atan2", {[](auto &a) { return atan2Impl(a[0], a[1]); }}},
      {"sinh", {[](auto &a) { return sinhImpl(a[0]); }}},
      {"cosh", {[](auto &a) { return coshImpl(a[0]); }}},
      {"tanh", {[](auto &a) { return tanhImpl(a[0]); }}},
      {"asinh", {[](auto &a) { return asinhImpl(a[0]); }}},
      {"acosh", {[](auto &a) { return acoshImpl(a[0]); }}},
      {"atanh", {[](auto &a) { return atanhImpl(a[0]); }}},
      {"cbrt", {[](auto &a) { return cbrtImpl(a[0]); }}},
      {"hypot", {[](auto &a) { return hypotImpl(a[0], a[1]); }}},
      {"fmod", {[](auto &a) { return fmodImpl(a[0], a[1]); }}},
      {"trunc", {[](auto &a) { return truncImpl(a[0]); }}},
      {"roundeven", {[](auto &a) { return roundeven(a[0]); }}},
      {"pow", {[](auto &a) { return powF32Impl(a[0], a[1]); }, true}},
      {"pow64", {[](auto &a) { return powF64Impl(a[0], a[1]); }}},
      {"erf", {[](auto &a) { return erfImpl(a[0]); }}},
      {"erfc", {[](auto &a) { return erfcImpl(a[0]); }}},
      {"lgamma", {[](auto &a) { return lgammaImpl(a[0]); }}},
      {"gamma", {[](auto &a) { return gammaImpl(a[0]); }}},
  };
  return table;
}

/// float32 operations GLSL.std.450 provides exactly (or as exactly as the
/// device's sqrt): left to the math-to-SPIR-V conversion.
bool isNativeF32(const std::string &name) {
  static const std::set<std::string> native = {"sqrt",  "rsqrt",     "absf", "floor",
                                               "ceil",  "round",     "fma",  "copysign"};
  return native.count(name) > 0;
}

/// float32 operations GLSL.std.450 has (driver-defined accuracy).
bool isGLSLF32(const std::string &name) {
  static const std::set<std::string> glsl = {
      "sin",  "cos",  "tan",  "exp",   "log",   "asin",  "acos", "atan", "sinh",
      "cosh", "tanh", "asinh", "acosh", "atanh", "pow", "roundeven"};
  return glsl.count(name) > 0;
}

/// Replaces math-library operations with nvc's implementations.
///  1. Collect math-dialect operations on f32/f64 that have an
///     implementation here, and calls of `@nvc_math_<name>_<f32|f64>`
///     (functions the math dialect lacks, declared by the frontend).
///  2. Skip float32 operations with the `afn` fast-math flag (libdevice's
///     fast_*: the device's built-in), operations GLSL.std.450 does
///     exactly, and (targets without float64) those GLSL.std.450 has.
///  3. Build the float64 implementation in place (float32 operands are
///     extended first and the result rounded once) and replace the op.
///  4. Report operations with no implementation and no built-in; erase the
///     unused `@nvc_math_*` declarations.
struct ExpandMathLibraryPass
    : public mlir::PassWrapper<ExpandMathLibraryPass,
                               mlir::OperationPass<mlir::gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandMathLibraryPass)
  ExpandMathLibraryPass() = default;
  ExpandMathLibraryPass(const ExpandMathLibraryPass &other) : PassWrapper(other) {}
  /// False for targets without float64: float32 functions then use the
  /// GLSL built-ins (nvc has no float32-only implementations yet).
  Option<bool> useFloat64{*this, "use-float64",
                          llvm::cl::desc("the target has float64 (false: float32 functions "
                                         "keep the GLSL built-ins, as --no-float64)"),
                          llvm::cl::init(true)};
  /// --fastmath: float32 functions GLSL.std.450 has keep the built-in in
  /// every kernel (otherwise only in kernels marked nvc.fastmath).
  Option<bool> fastMath{*this, "fastmath",
                         llvm::cl::desc("float32 functions GLSL.std.450 has keep the built-in "
                                        "in every kernel (--fastmath)"),
                         llvm::cl::init(false)};
  Option<bool> float32Trig{*this, "float32-trig",
                            llvm::cl::desc("compute float32 sin/cos/tan in float32 and give "
                                           "float64 sin/cos/tan a medium-range fast path in "
                                           "an scf.if (false: float32 in float64, float64 "
                                           "without the branch; the LLVM backend)"),
                            llvm::cl::init(true)};
  llvm::StringRef getArgument() const override { return "nvc-expand-math-library"; }
  llvm::StringRef getDescription() const override {
    return "Replace math operations with nvc's own float32/float64 implementations";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::math::MathDialect,
                    mlir::scf::SCFDialect, mlir::vector::VectorDialect>();
  }

  /// Whether `op` is compiled with fastmath (--fastmath, or its kernel is
  /// decorated fastmath=True and so marked nvc.fastmath).
  bool inFastMath(mlir::Operation *op) const {
    if (fastMath)
      return true;
    auto func = op->getParentOfType<mlir::func::FuncOp>();
    return func && func->hasAttr(abi::kFastmathAttr);
  }

  void runOnOperation() override {
    llvm::SmallVector<std::pair<mlir::Operation *, std::string>> work;
    getOperation().walk([&](mlir::Operation *op) {
      std::string name;
      if (auto call = llvm::dyn_cast<mlir::func::CallOp>(op)) {
        llvm::StringRef callee = call.getCallee();
        if (!callee.consume_front("nvc_math_") || callee.size() < 5)
          return;
        name = callee.drop_back(4).str(); // "_f32" / "_f64"
      } else {
        llvm::StringRef opName = op->getName().getStringRef();
        if (!opName.consume_front("math."))
          return;
        name = opName == "powf" ? "pow" : opName.str();
      }
      if (op->getNumResults() != 1)
        return;
      mlir::Type t = op->getResult(0).getType();
      if (t.isF32() || t.isF64())
        work.push_back({op, name});
    });
    bool failed = false;
    llvm::DenseMap<mlir::Value, Reduced> trigReductions;
    gTrigReductions = &trigReductions;
    gTrigBranches = float32Trig;
    gMathModule = getOperation();
    gPayneHanekFunc = {};
    llvm::scope_exit resetCache([] {
      gTrigReductions = nullptr;
      gTrigBranches = true;
      gMathModule = {};
      gPayneHanekFunc = {};
    });
    for (auto &[op, name] : work) {
      bool f32 = op->getResult(0).getType().isF32();
      bool isCall = llvm::isa<mlir::func::CallOp>(op);
      if (f32 && !isCall)
        if (auto fm = op->getAttrOfType<mlir::arith::FastMathFlagsAttr>("fastmath"))
          if (mlir::arith::bitEnumContainsAny(fm.getValue(), mlir::arith::FastMathFlags::afn))
            continue;
      if (isNativeF32(name))
        continue;
      if (f32 && !useFloat64 && !isCall && isGLSLF32(name))
        continue;
      if (f32 && !isCall && isGLSLF32(name) && name != "roundeven" && inFastMath(op))
        continue; // fastmath: the device's built-in, as libdevice's fast_*

      if (name == "pow" && !f32)
        name = "pow64"; // float32 keeps the cheaper single-double pow
      auto it = implementations().find(name);
      if (f32 && !useFloat64 && it != implementations().end()) {
        // A limit of the source's precision policy, not a compiler fault.
        mlir::InFlightDiagnostic diag = op->emitError();
        diag.getUnderlyingDiagnostic()->getMetadata().push_back(
            mlir::DiagnosticArgument(abi::kSourceErrorTag));
        diag << "float32 " << name
                        << "() has no GLSL.std.450 built-in, and nvc's math library computes it "
                           "in float64, which --no-float64 targets do not have";
        failed = true;
        continue;
      }
      if (it == implementations().end() || (!f32 && it->second.f32Only) ||
          (f32 && !useFloat64)) {
        op->emitError() << (f32 ? "float32 " : "float64 ") << name
                        << "() is not implemented yet in nvc's math library";
        failed = true;
        continue;
      }
      mlir::ImplicitLocOpBuilder b(op->getLoc(), op);
      BuilderScope scope(b);
      if (f32 && !isCall && float32Trig) {
        // float32 sin, cos and tan are computed in float32 (float64 only for
        // |x| > 1e5, inside an scf.if).
        F (*f32Impl)(F) = name == "sin"   ? sinF32Impl
                          : name == "cos" ? cosF32Impl
                          : name == "tan" ? tanF32Impl
                                          : nullptr;
        if (f32Impl) {
          op->getResult(0).replaceAllUsesWith(f32Impl(F(op->getOperand(0))).v);
          op->erase();
          continue;
        }
      }
      std::vector<F> args;
      for (mlir::Value v : op->getOperands())
        args.push_back(f32 ? F(mlir::arith::ExtFOp::create(b, b.getF64Type(), v)) : F(v));
      const Impl &impl = f32 && it->second.f32Impl ? it->second.f32Impl : it->second.impl;
      mlir::Value out = impl(args).v;
      if (f32)
        out = mlir::arith::TruncFOp::create(b, b.getF32Type(), out);
      op->getResult(0).replaceAllUsesWith(out);
      op->erase();
    }
    llvm::SmallVector<mlir::func::FuncOp> decls;
    getOperation().walk([&](mlir::func::FuncOp f) {
      if (f.isDeclaration() && f.getName().starts_with("nvc_math_") &&
          mlir::SymbolTable::symbolKnownUseEmpty(f, getOperation()))
        decls.push_back(f);
    });
    for (auto f : decls)
      f.erase();
    if (failed)
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createExpandMathLibraryPass(bool useFloat64, bool fastMath,
                                                        bool float32Trig) {
  auto pass = std::make_unique<ExpandMathLibraryPass>();
  pass->useFloat64 = useFloat64;
  pass->fastMath = fastMath;
  pass->float32Trig = float32Trig;
  return pass;
}

} // namespace nvc
