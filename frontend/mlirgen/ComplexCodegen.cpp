//===- ComplexCodegen.cpp - Code for complex math functions ----------------===//
//
// The complex functions of ComplexMath.h. Each follows CPython's cmath
// (Modules/cmathmodule.c, the behavioural reference): for finite arguments
// its algorithm, with its guards against spurious overflow and underflow;
// for an infinite or NaN part its 7×7 special-value table, indexed by the
// class (−inf, negative, −0, +0, positive, +inf, NaN) of each part. Where
// CPython raises ValueError (C99 Annex G's "invalid" or "divide-by-zero",
// e.g. cmath.exp(1 + inf j), cmath.log(0)) or OverflowError (a finite
// argument whose result overflows), no Python value exists; nvc returns the
// value C99 Annex G specifies (glibc's, which the tests use as reference).
//
// Both the finite and the special path are computed and the result
// selected, so the code has no branches. sin, cos, tan, asin and atan are
// reduced to sinh, cosh, tanh, asinh and atanh of i·z, as CPython does.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/ComplexCodegen.h"

#include "frontend/sema/Builtins.h"
#include "frontend/sema/ComplexMath.h"
#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Math/IR/Math.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>

namespace nvc {

namespace {

/// One entry of a special-value table; `used` is false where the entry is
/// never looked up (both parts finite, or computed instead).
struct Special {
  double re, im;
  bool used;
};

constexpr Special U{0, 0, false};
constexpr Special C(double re, double im) { return {re, im, true}; }
constexpr double N = NAN, INF = INFINITY, P = M_PI, P12 = M_PI / 2, P14 = M_PI / 4,
                 P34 = 3 * M_PI / 4;

using Table = Special[7][7];

// Rows: class of the real part; columns: class of the imaginary part; in
// the order −inf, negative, −0, +0, positive, +inf, NaN. The values are
// CPython 3.11's where it returns one, C99 Annex G's (glibc's) where it
// raises ValueError; both were read off the implementations by calling them
// on each class pair (tests/e2e/kernels/cmath_special.py checks them all).

const Table kAcos = {
    {C(P34, INF), C(P, INF), C(P, INF), C(P, -INF), C(P, -INF), C(P34, -INF), C(N, INF)},
    {C(P12, INF), U, U, U, U, C(P12, -INF), C(N, N)},
    {C(P12, INF), U, U, U, U, C(P12, -INF), C(P12, N)},
    {C(P12, INF), U, U, U, U, C(P12, -INF), C(P12, N)},
    {C(P12, INF), U, U, U, U, C(P12, -INF), C(N, N)},
    {C(P14, INF), C(0., INF), C(0., INF), C(0., -INF), C(0., -INF), C(P14, -INF), C(N, INF)},
    {C(N, INF), C(N, N), C(N, N), C(N, N), C(N, N), C(N, -INF), C(N, N)}};

const Table kAcosh = {
    {C(INF, -P34), C(INF, -P), C(INF, -P), C(INF, P), C(INF, P), C(INF, P34), C(INF, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P14), C(INF, -0.), C(INF, -0.), C(INF, 0.), C(INF, 0.), C(INF, P14), C(INF, N)},
    {C(INF, N), C(N, N), C(N, N), C(N, N), C(N, N), C(INF, N), C(N, N)}};

const Table kAsinh = {
    {C(-INF, -P14), C(-INF, -0.), C(-INF, -0.), C(-INF, 0.), C(-INF, 0.), C(-INF, P14),
     C(-INF, N)},
    {C(-INF, -P12), U, U, U, U, C(-INF, P12), C(N, N)},
    {C(-INF, -P12), U, U, U, U, C(-INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P14), C(INF, -0.), C(INF, -0.), C(INF, 0.), C(INF, 0.), C(INF, P14), C(INF, N)},
    {C(INF, N), C(N, N), C(N, -0.), C(N, 0.), C(N, N), C(INF, N), C(N, N)}};

const Table kAtanh = {
    {C(-0., -P12), C(-0., -P12), C(-0., -P12), C(-0., P12), C(-0., P12), C(-0., P12), C(-0., N)},
    {C(-0., -P12), U, U, U, U, C(-0., P12), C(N, N)},
    {C(-0., -P12), U, U, U, U, C(-0., P12), C(-0., N)},
    {C(0., -P12), U, U, U, U, C(0., P12), C(0., N)},
    {C(0., -P12), U, U, U, U, C(0., P12), C(N, N)},
    {C(0., -P12), C(0., -P12), C(0., -P12), C(0., P12), C(0., P12), C(0., P12), C(0., N)},
    {C(0., -P12), C(N, N), C(N, N), C(N, N), C(N, N), C(0., P12), C(N, N)}};

// cosh, exp, sinh, tanh and rect compute ±inf × (finite nonzero) (marked U
// in the infinite rows) from the signs of cos and sin.
const Table kCosh = {
    {C(INF, N), U, C(INF, 0.), C(INF, -0.), U, C(INF, N), C(INF, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(N, 0.), U, U, U, U, C(N, 0.), C(N, 0.)},
    {C(N, 0.), U, U, U, U, C(N, 0.), C(N, 0.)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(INF, N), U, C(INF, -0.), C(INF, 0.), U, C(INF, N), C(INF, N)},
    {C(N, N), C(N, N), C(N, 0.), C(N, 0.), C(N, N), C(N, N), C(N, N)}};

const Table kExp = {
    {C(0., 0.), U, C(0., -0.), C(0., 0.), U, C(0., 0.), C(0., 0.)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(INF, N), U, C(INF, -0.), C(INF, 0.), U, C(INF, N), C(INF, N)},
    {C(N, N), C(N, N), C(N, -0.), C(N, 0.), C(N, N), C(N, N), C(N, N)}};

const Table kLog = {
    {C(INF, -P34), C(INF, -P), C(INF, -P), C(INF, P), C(INF, P), C(INF, P34), C(INF, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P12), U, U, U, U, C(INF, P12), C(N, N)},
    {C(INF, -P14), C(INF, -0.), C(INF, -0.), C(INF, 0.), C(INF, 0.), C(INF, P14), C(INF, N)},
    {C(INF, N), C(N, N), C(N, N), C(N, N), C(N, N), C(INF, N), C(N, N)}};

const Table kSinh = {
    {C(INF, N), U, C(-INF, -0.), C(-INF, 0.), U, C(INF, N), C(INF, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(-0., N), U, U, U, U, C(-0., N), C(0., N)},
    {C(0., N), U, U, U, U, C(0., N), C(0., N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(INF, N), U, C(INF, -0.), C(INF, 0.), U, C(INF, N), C(INF, N)},
    {C(N, N), C(N, N), C(N, -0.), C(N, 0.), C(N, N), C(N, N), C(N, N)}};

const Table kSqrt = {
    {C(INF, -INF), C(0., -INF), C(0., -INF), C(0., INF), C(0., INF), C(INF, INF), C(N, INF)},
    {C(INF, -INF), U, U, U, U, C(INF, INF), C(N, N)},
    {C(INF, -INF), U, U, U, U, C(INF, INF), C(N, N)},
    {C(INF, -INF), U, U, U, U, C(INF, INF), C(N, N)},
    {C(INF, -INF), U, U, U, U, C(INF, INF), C(N, N)},
    {C(INF, -INF), C(INF, -0.), C(INF, -0.), C(INF, 0.), C(INF, 0.), C(INF, INF), C(INF, N)},
    {C(INF, -INF), C(N, N), C(N, N), C(N, N), C(N, N), C(INF, INF), C(N, N)}};

const Table kTanh = {
    {C(-1., 0.), U, C(-1., -0.), C(-1., 0.), U, C(-1., 0.), C(-1., 0.)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(-0., N), U, U, U, U, C(-0., N), C(N, N)},
    {C(0., N), U, U, U, U, C(0., N), C(N, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(1., 0.), U, C(1., -0.), C(1., 0.), U, C(1., 0.), C(1., 0.)},
    {C(N, N), C(N, N), C(N, -0.), C(N, 0.), C(N, N), C(N, N), C(N, N)}};

// rect(r, phi): rows are the class of r, columns that of phi. rect is not
// in C99; CPython's "spirit of C99" rules (rect(r, t) behaves as
// exp(log(r) + i t)), with its table's values where it raises.
const Table kRect = {
    {C(INF, N), U, C(-INF, 0.), C(-INF, -0.), U, C(INF, N), C(INF, N)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(0., 0.), U, U, U, U, C(0., 0.), C(0., 0.)},
    {C(0., 0.), U, U, U, U, C(0., 0.), C(0., 0.)},
    {C(N, N), U, U, U, U, C(N, N), C(N, N)},
    {C(INF, N), U, C(INF, -0.), C(INF, 0.), U, C(INF, N), C(INF, N)},
    {C(N, N), C(N, N), C(N, 0.), C(N, 0.), C(N, N), C(N, N), C(N, N)}};

uint64_t bitsOf(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

using V = mlir::Value;
using Pred = mlir::arith::CmpFPredicate;

/// Complex code of one float type: arithmetic helpers, the type's limits
/// (CPython's DBL_* constants, or FLT_* for complex64), and the functions.
class Emitter {
public:
  Emitter(MathEmitter &e, const Type &part, ast::Location at)
      : e(e), b(e.builder), l(e.loc), part(part), t(e.lower(part)), at(at) {
    bool f32 = part.bits() == 32;
    maxValue = f32 ? FLT_MAX : DBL_MAX;
    minNormal = f32 ? FLT_MIN : DBL_MIN;
    mantDig = f32 ? FLT_MANT_DIG : DBL_MANT_DIG;
  }

  // --- arithmetic ---------------------------------------------------------
  V c(double v) { return mlir::arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, v)); }
  V add(V x, V y) { return mlir::arith::AddFOp::create(b, l, x, y); }
  V sub(V x, V y) { return mlir::arith::SubFOp::create(b, l, x, y); }
  V mul(V x, V y) { return mlir::arith::MulFOp::create(b, l, x, y); }
  V div(V x, V y) { return mlir::arith::DivFOp::create(b, l, x, y); }
  V neg(V x) { return mlir::arith::NegFOp::create(b, l, x); }
  V fabs(V x) { return mlir::math::AbsFOp::create(b, l, x); }
  /// |x| with the sign of y, ±0 and ±inf included (a NaN y counts as
  /// positive; no caller's result depends on it). Comparisons, not the sign
  /// bit: LLVM's SPIR-V backend cannot select a float32 copysign
  /// (--backend=llvm), and LLVM folds sign-bit tests and masks into one.
  V copysign(V x, V y) {
    V negative = either(lt(y, c(0)), lt(div(c(1), y), c(0))); // 1/-0 = -inf
    V ax = fabs(x);
    return sel(negative, neg(ax), ax);
  }
  V sel(V cond, V x, V y) { return mlir::arith::SelectOp::create(b, l, cond, x, y); }
  V cmp(Pred p, V x, V y) { return mlir::arith::CmpFOp::create(b, l, p, x, y); }
  V lt(V x, V y) { return cmp(Pred::OLT, x, y); }
  V le(V x, V y) { return cmp(Pred::OLE, x, y); }
  V gt(V x, V y) { return cmp(Pred::OGT, x, y); }
  V ge(V x, V y) { return cmp(Pred::OGE, x, y); }
  V eq(V x, V y) { return cmp(Pred::OEQ, x, y); }
  /// Python's x != y (true when either is NaN).
  V ne(V x, V y) { return cmp(Pred::UNE, x, y); }
  V both(V p, V q) { return mlir::arith::AndIOp::create(b, l, p, q); }
  V either(V p, V q) { return mlir::arith::OrIOp::create(b, l, p, q); }
  V isnan(V x) { return cmp(Pred::UNO, x, x); }
  V isinf(V x) { return eq(fabs(x), c(INFINITY)); }
  V isfinite(V x) { return lt(fabs(x), c(INFINITY)); }
  /// x · 2^k (exact: the scalings are far from overflow and underflow).
  V ldexp(V x, int k) { return mul(x, c(std::ldexp(1.0, k))); }
  ComplexParts sel(V cond, ComplexParts x, ComplexParts y) {
    return {sel(cond, x.re, y.re), sel(cond, x.im, y.im)};
  }

  /// A real math-library function ("cos", "atan2", ...) of this type.
  V fn(const std::string &name, std::vector<V> xs) {
    std::vector<Type> types(xs.size(), part);
    return emitMathBuiltin(e, "math." + name, xs, types, part, at).front();
  }

  // --- limits (CPython's CM_* constants) ---------------------------------
  double large() const { return maxValue / 4; }
  V largeC() { return c(large()); }
  V sqrtLargeC() { return c(std::sqrt(large())); }
  V logLargeC() { return c(std::log(large())); }
  V minC() { return c(minNormal); }
  int scaleUp() const { return 2 * (mantDig / 2) + 1; }
  int scaleDown() const { return -(scaleUp() + 1) / 2; }

  // --- special values -------------------------------------------------------

  /// CPython's special_type: 0 −inf, 1 negative, 2 −0, 3 +0, 4 positive,
  /// 5 +inf, 6 NaN, as an i32.
  V specialClass(V x) {
    mlir::Type i32 = b.getI32Type();
    auto k = [&](int v) -> V {
      return mlir::arith::ConstantOp::create(b, l, i32, b.getIntegerAttr(i32, v));
    };
    mlir::Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
    V bits = mlir::arith::BitcastOp::create(b, l, it, x);
    V zeroBits = mlir::arith::ConstantOp::create(b, l, it, b.getIntegerAttr(it, 0));
    V negative = mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt, bits,
                                             zeroBits);
    V cls = sel(negative, k(1), k(4));
    cls = sel(eq(x, c(0)), sel(negative, k(2), k(3)), cls);
    cls = sel(eq(x, c(INFINITY)), k(5), cls);
    cls = sel(eq(x, c(-INFINITY)), k(0), cls);
    return sel(isnan(x), k(6), cls);
  }

  /// table[class(x)][class(y)] as a chain of selects over the used entries
  /// (the most frequent value of each part is the default).
  ComplexParts lookup(const Table &table, V x, V y) {
    mlir::Type i32 = b.getI32Type();
    V seven = mlir::arith::ConstantOp::create(b, l, i32, b.getIntegerAttr(i32, 7));
    V index = mlir::arith::AddIOp::create(
        b, l, mlir::arith::MulIOp::create(b, l, specialClass(x), seven), specialClass(y));
    std::map<int, V> isIndex;
    auto indexIs = [&](int k) {
      auto it = isIndex.find(k);
      if (it != isIndex.end())
        return it->second;
      V ck = mlir::arith::ConstantOp::create(b, l, i32, b.getIntegerAttr(i32, k));
      return isIndex[k] = mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::eq,
                                                      index, ck);
    };
    auto component = [&](bool real) {
      std::map<uint64_t, int> counts;
      for (int k = 0; k < 49; ++k) {
        const Special &s = table[k / 7][k % 7];
        if (s.used)
          ++counts[bitsOf(real ? s.re : s.im)];
      }
      uint64_t common = 0;
      int best = -1;
      for (auto &[bitsValue, n] : counts)
        if (n > best)
          best = n, common = bitsValue;
      double commonValue;
      std::memcpy(&commonValue, &common, sizeof commonValue);
      V v = c(commonValue);
      for (int k = 0; k < 49; ++k) {
        const Special &s = table[k / 7][k % 7];
        double value = real ? s.re : s.im;
        if (s.used && bitsOf(value) != common)
          v = sel(indexIs(k), c(value), v);
      }
      return v;
    };
    V re = component(true);
    V im = component(false);
    return {re, im};
  }

  /// True where either part is infinite or NaN.
  V notFinite(ComplexParts z) { return mlir::arith::XOrIOp::create(b, l, allFinite(z), one()); }
  V allFinite(ComplexParts z) { return both(isfinite(z.re), isfinite(z.im)); }
  V one() {
    return mlir::arith::ConstantOp::create(b, l, b.getI1Type(), b.getBoolAttr(true));
  }

  /// ±inf × (finite nonzero): the functions whose result then comes from
  /// the signs of cos(y) and sin(y) rather than the table.
  V infTimesFinite(ComplexParts z) {
    return both(isinf(z.re), both(isfinite(z.im), ne(z.im, c(0))));
  }

  /// CPython's `z = special ? table : finite` for the common case.
  ComplexParts withSpecials(const Table &table, ComplexParts z, ComplexParts finite) {
    return sel(notFinite(z), lookup(table, z.re, z.im), finite);
  }

  /// complex64: products of a float32 part with exp/cosh/sinh are formed in
  /// float64 (where the float32 library computes those anyway).
  bool wide() const { return part.bits() == 32; }

  /// t · h(x), h = exp, cosh or sinh, in float64, rounded once to float32:
  /// h(x) overflowing float32 (|x| > 89) must not overflow t · h(x) for a
  /// small t (sin(1e-16 + 94j)); CPython's one-step guard (h(x-1) · e)
  /// covers only |x| ≤ log(MAX) + 1.
  V timesHyperbolic(V t, const std::string &h, V x) {
    Type f64 = Type::floating(64);
    V x64 = e.convert(x, part, f64), t64 = e.convert(t, part, f64);
    V h64 = emitMathBuiltin(e, "math." + h, {x64}, {f64}, f64, at).front();
    return e.convert(mul(t64, h64), f64, part);
  }

  // --- functions ------------------------------------------------------------

  ComplexParts exp(ComplexParts z) {
    V x = z.re, y = z.im;
    V cy = fn("cos", {y}), sy = fn("sin", {y});
    V re, im;
    if (wide()) {
      re = timesHyperbolic(cy, "exp", x);
      im = timesHyperbolic(sy, "exp", x);
    } else {
      // e^x may overflow where e^x cos y does not (exp(882 + 2e-241j) is
      // finite): with h = e^(x/2), (cos y · h) · h, finite for x < 2·log(MAX)
      // when cos y is small.
      V big = gt(x, logLargeC());
      V ex = fn("exp", {x});
      V h = fn("exp", {mul(x, c(0.5))});
      re = sel(big, mul(mul(cy, h), h), mul(ex, cy));
      im = sel(big, mul(mul(sy, h), h), mul(ex, sy));
    }
    // C99: exp(x ± 0i) = e^x ± 0i even where e^x overflows (CPython raises).
    im = sel(eq(y, c(0)), y, im);
    V xPos = gt(x, c(0));
    ComplexParts inf{sel(xPos, copysign(c(INFINITY), cy), copysign(c(0), cy)),
                     sel(xPos, copysign(c(INFINITY), sy), copysign(c(0), sy))};
    ComplexParts special = sel(infTimesFinite(z), inf, lookup(kExp, x, y));
    return sel(notFinite(z), special, {re, im});
  }

  /// cosh (sinh: `isSinh`); complex128 takes cosh x = cosh(x ∓ 1) · e where
  /// cosh x overflows (CPython's guard), complex64 timesHyperbolic.
  ComplexParts coshSinh(ComplexParts z, bool isSinh) {
    V x = z.re, y = z.im;
    V cy = fn("cos", {y}), sy = fn("sin", {y});
    const char *reFn = isSinh ? "sinh" : "cosh", *imFn = isSinh ? "cosh" : "sinh";
    V re, im;
    if (wide()) {
      re = timesHyperbolic(cy, reFn, x);
      im = timesHyperbolic(sy, imFn, x);
    } else {
      // cosh x = |sinh x| = e^|x| / 2 in float64 beyond log(MAX); with
      // h = e^(|x|/2), t · e^|x| / 2 stays finite where t is small.
      V big = gt(fabs(x), logLargeC());
      V h = fn("exp", {mul(fabs(x), c(0.5))});
      V sign = copysign(c(1), x);
      // (t · h) · (h / 2): a subnormal t is not halved before it is scaled.
      auto coshBig = [&](V t) { return mul(mul(t, h), mul(h, c(0.5))); };
      V reBig = isSinh ? mul(coshBig(cy), sign) : coshBig(cy);
      V imBig = isSinh ? coshBig(sy) : mul(coshBig(sy), sign);
      re = sel(big, reBig, mul(cy, fn(reFn, {x})));
      im = sel(big, imBig, mul(sy, fn(imFn, {x})));
    }
    // sin(±0) · (an overflowed inf) is a signed zero (C99), not NaN.
    im = sel(eq(y, c(0)), isSinh ? y : mul(y, copysign(c(1), x)), im);
    V xPos = gt(x, c(0));
    V infCos = copysign(c(INFINITY), cy), infSin = copysign(c(INFINITY), sy);
    ComplexParts inf = isSinh ? ComplexParts{sel(xPos, infCos, neg(infCos)), infSin}
                              : ComplexParts{infCos, sel(xPos, infSin, neg(infSin))};
    ComplexParts special =
        sel(infTimesFinite(z), inf, lookup(isSinh ? kSinh : kCosh, x, y));
    return sel(notFinite(z), special, {re, im});
  }

  ComplexParts tanh(ComplexParts z) {
    V x = z.re, y = z.im;
    V sy = fn("sin", {y}), cy = fn("cos", {y});
    V one = c(1);
    // |x| large: 1 - tanh(x)² ≈ 4 e^(-2|x|), and cosh x would overflow.
    V big = gt(fabs(x), logLargeC());
    ComplexParts far{copysign(one, x),
                     mul(mul(mul(c(4), sy), cy), fn("exp", {mul(c(-2), fabs(x))}))};
    V tx = fn("tanh", {x}), ty = fn("tan", {y});
    V cx = div(one, fn("cosh", {x}));
    V txty = mul(tx, ty);
    V denom = add(one, mul(txty, txty));
    ComplexParts near{div(mul(tx, add(one, mul(ty, ty))), denom), mul(mul(div(ty, denom), cx), cx)};
    ComplexParts inf{copysign(one, x), copysign(c(0), mul(mul(c(2), sy), cy))};
    ComplexParts special = sel(infTimesFinite(z), inf, lookup(kTanh, x, y));
    return sel(notFinite(z), special, sel(big, far, near));
  }

  /// f(z) = -i g(i z) for sin/sinh, tan/tanh, asin/asinh, atan/atanh.
  template <typename G> ComplexParts viaIz(ComplexParts z, G g) {
    ComplexParts s = g(ComplexParts{neg(z.im), z.re});
    return {s.im, neg(s.re)};
  }

  ComplexParts log(ComplexParts z) {
    V x = z.re, y = z.im;
    V ax = fabs(x), ay = fabs(y);
    V ln2 = c(M_LN2);
    V large = either(gt(ax, largeC()), gt(ay, largeC()));
    V reLarge = add(fn("log", {fn("hypot", {mul(ax, c(0.5)), mul(ay, c(0.5))})}), ln2);
    // |z| subnormal: scale by 2^mant so hypot keeps its precision.
    V tiny = both(lt(ax, minC()), lt(ay, minC()));
    V nonzero = either(gt(ax, c(0)), gt(ay, c(0)));
    V reTiny = sub(fn("log", {fn("hypot", {ldexp(ax, mantDig), ldexp(ay, mantDig)})}),
                   c(mantDig * M_LN2));
    reTiny = sel(nonzero, reTiny, c(-INFINITY));
    V h = fn("hypot", {ax, ay});
    // |z| near 1: log1p of |z|² - 1 computed without cancellation.
    V nearOne = both(le(c(0.71), h), le(h, c(1.73)));
    V am = sel(gt(ax, ay), ax, ay), an = sel(gt(ax, ay), ay, ax);
    V reNear = logNearOne(am, an);
    V re = sel(nearOne, reNear, fn("log", {h}));
    re = sel(tiny, reTiny, re);
    re = sel(large, reLarge, re);
    V im = fn("atan2", {y, x});
    return withSpecials(kLog, z, {re, im});
  }

  /// log|z| for |z| near 1 from am = max(|x|, |y|), an = min: log1p of
  /// (am - 1)(am + 1) + an², which does not cancel. complex64 evaluates it
  /// in float64, where the products of float32 parts are exact (in float32
  /// the cancellation in the sum costs up to ~2^-10 relative).
  V logNearOne(V am, V an) {
    if (part.bits() == 64)
      return mul(fn("log1p", {add(mul(sub(am, c(1)), add(am, c(1))), mul(an, an))}), c(0.5));
    Type f64 = Type::floating(64);
    mlir::Type t64 = e.lower(f64);
    auto k = [&](double v) -> V {
      return mlir::arith::ConstantOp::create(b, l, t64, b.getFloatAttr(t64, v));
    };
    V A = e.convert(am, part, f64), B = e.convert(an, part, f64);
    V q = add(mul(sub(A, k(1)), add(A, k(1))), mul(B, B));
    V r = emitMathBuiltin(e, "math.log1p", {q}, {f64}, f64, at).front();
    return e.convert(mul(r, k(0.5)), f64, part);
  }

  /// sqrt; `finite` skips the special values (arguments known finite).
  ComplexParts sqrt(ComplexParts z, bool finite = false) {
    V x = z.re, y = z.im;
    V ax = fabs(x), ay = fabs(y);
    // Both parts subnormal: scale up so hypot keeps its precision.
    V tiny = both(lt(ax, minC()), lt(ay, minC()));
    V axUp = ldexp(ax, scaleUp());
    V sTiny = ldexp(fn("sqrt", {add(axUp, fn("hypot", {axUp, ldexp(ay, scaleUp())}))}),
                    scaleDown());
    // s = 2 sqrt(x/8 + hypot(x/8, y/8)) cannot overflow.
    V ax8 = div(ax, c(8));
    V sNormal = mul(c(2), fn("sqrt", {add(ax8, fn("hypot", {ax8, div(ay, c(8))}))}));
    V s = sel(tiny, sTiny, sNormal);
    V d = div(ay, mul(c(2), s));
    V xNonNeg = ge(x, c(0));
    ComplexParts r{sel(xNonNeg, s, d), sel(xNonNeg, copysign(d, y), copysign(s, y))};
    r = sel(both(eq(x, c(0)), eq(y, c(0))), ComplexParts{c(0), y}, r);
    return finite ? r : withSpecials(kSqrt, z, r);
  }

  /// log(hypot(x/2, y/2)) + 2 ln 2 = log|z|, for |z| too large for hypot.
  V logLargeModulus(ComplexParts z) {
    return add(fn("log", {fn("hypot", {mul(z.re, c(0.5)), mul(z.im, c(0.5))})}),
               c(2 * M_LN2));
  }

  V isLarge(ComplexParts z) {
    return either(gt(fabs(z.re), largeC()), gt(fabs(z.im), largeC()));
  }

  ComplexParts acos(ComplexParts z) {
    V x = z.re, y = z.im;
    ComplexParts far{fn("atan2", {fabs(y), x}), neg(copysign(logLargeModulus(z), y))};
    ComplexParts s1 = sqrt({sub(c(1), x), neg(y)}, true);
    ComplexParts s2 = sqrt({add(c(1), x), y}, true);
    ComplexParts near{mul(c(2), fn("atan2", {s1.re, s2.re})),
                      fn("asinh", {sub(mul(s2.re, s1.im), mul(s2.im, s1.re))})};
    return withSpecials(kAcos, z, sel(isLarge(z), far, near));
  }

  ComplexParts acosh(ComplexParts z) {
    V x = z.re, y = z.im;
    ComplexParts far{logLargeModulus(z), fn("atan2", {y, x})};
    ComplexParts s1 = sqrt({sub(x, c(1)), y}, true);
    ComplexParts s2 = sqrt({add(x, c(1)), y}, true);
    ComplexParts near{fn("asinh", {add(mul(s1.re, s2.re), mul(s1.im, s2.im))}),
                      mul(c(2), fn("atan2", {s1.im, s2.re}))};
    return withSpecials(kAcosh, z, sel(isLarge(z), far, near));
  }

  ComplexParts asinh(ComplexParts z) {
    V x = z.re, y = z.im;
    ComplexParts far{copysign(logLargeModulus(z), x), fn("atan2", {y, fabs(x)})};
    ComplexParts s1 = sqrt({add(c(1), y), neg(x)}, true);
    ComplexParts s2 = sqrt({sub(c(1), y), x}, true);
    ComplexParts near{fn("asinh", {sub(mul(s1.re, s2.im), mul(s2.re, s1.im))}),
                      fn("atan2", {y, sub(mul(s1.re, s2.re), mul(s1.im, s2.im))})};
    return withSpecials(kAsinh, z, sel(isLarge(z), far, near));
  }

  ComplexParts atanh(ComplexParts z) {
    // atanh(z) = -atanh(-z) reduces to x >= 0.
    V negate = lt(z.re, c(0));
    V x = sel(negate, neg(z.re), z.re), y = sel(negate, neg(z.im), z.im);
    V ay = fabs(y);
    V one = c(1);
    // |z| large: atanh z ≈ 1/z ± iπ/2.
    V large = either(gt(x, sqrtLargeC()), gt(ay, sqrtLargeC()));
    V h = fn("hypot", {mul(x, c(0.5)), mul(y, c(0.5))});
    ComplexParts far{div(div(div(x, c(4)), h), h), copysign(c(M_PI / 2), y)};
    // x = 1, |y| tiny: the general formula loses everything.
    V atOne = both(eq(x, one), lt(ay, c(std::sqrt(minNormal))));
    ComplexParts nearOne{
        neg(fn("log", {div(fn("sqrt", {ay}), fn("sqrt", {fn("hypot", {ay, c(2)})}))})),
        copysign(mul(fn("atan2", {c(2), neg(ay)}), c(0.5)), y)};
    nearOne = sel(eq(ay, c(0)), ComplexParts{c(INFINITY), y}, nearOne);
    V omx = sub(one, x);
    ComplexParts general{
        mul(fn("log1p", {div(mul(c(4), x), add(mul(omx, omx), mul(ay, ay)))}), c(0.25)),
        neg(mul(fn("atan2", {mul(c(-2), y), sub(mul(omx, add(one, x)), mul(ay, ay))}),
                c(0.5)))};
    ComplexParts r = sel(large, far, sel(atOne, nearOne, general));
    r = sel(negate, ComplexParts{neg(r.re), neg(r.im)}, r);
    return withSpecials(kAtanh, z, r);
  }

  ComplexParts rect(V r, V phi) {
    V cp = fn("cos", {phi}), sp = fn("sin", {phi});
    // phi = ±0: (r, r·phi) exactly (CPython works around platforms' cos/sin).
    ComplexParts finite =
        sel(eq(phi, c(0)), ComplexParts{r, mul(r, phi)}, ComplexParts{mul(r, cp), mul(r, sp)});
    V rPos = gt(r, c(0));
    V infCos = copysign(c(INFINITY), cp), infSin = copysign(c(INFINITY), sp);
    ComplexParts inf{sel(rPos, infCos, neg(infCos)), sel(rPos, infSin, neg(infSin))};
    ComplexParts rz{r, phi};
    ComplexParts special = sel(infTimesFinite(rz), inf, lookup(kRect, r, phi));
    return sel(notFinite(rz), special, finite);
  }

  MathEmitter &e;
  mlir::OpBuilder &b;
  mlir::Location l;
  Type part;
  mlir::Type t;
  ast::Location at;
  double maxValue, minNormal;
  int mantDig;
};

} // namespace

ComplexParts emitComplexDivision(mlir::OpBuilder &b, mlir::Location l, ComplexParts a,
                                 ComplexParts d) {
  auto add = [&](V x, V y) -> V { return mlir::arith::AddFOp::create(b, l, x, y); };
  auto sub = [&](V x, V y) -> V { return mlir::arith::SubFOp::create(b, l, x, y); };
  auto mul = [&](V x, V y) -> V { return mlir::arith::MulFOp::create(b, l, x, y); };
  auto div = [&](V x, V y) -> V { return mlir::arith::DivFOp::create(b, l, x, y); };
  auto sel = [&](V c, V x, V y) -> V { return mlir::arith::SelectOp::create(b, l, c, x, y); };
  mlir::Type t = a.re.getType();
  V zero = mlir::arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, 0.0));
  V absRe = mlir::math::AbsFOp::create(b, l, d.re);
  V absIm = mlir::math::AbsFOp::create(b, l, d.im);
  // |d.re| >= |d.im| (false if either is NaN, which then gives NaN below):
  // ratio = d.im/d.re, ((a.re + a.im ratio)/denom, (a.im - a.re ratio)/denom).
  V realBigger = mlir::arith::CmpFOp::create(b, l, Pred::OGE, absRe, absIm);
  V r1 = div(d.im, d.re);
  V denom1 = add(d.re, mul(d.im, r1));
  V re1 = div(add(a.re, mul(a.im, r1)), denom1);
  V im1 = div(sub(a.im, mul(a.re, r1)), denom1);
  // otherwise ratio = d.re/d.im, ((a.re ratio + a.im)/denom, (a.im ratio - a.re)/denom).
  V r2 = div(d.re, d.im);
  V denom2 = add(mul(d.re, r2), d.im);
  V re2 = div(add(mul(a.re, r2), a.im), denom2);
  V im2 = div(sub(mul(a.im, r2), a.re), denom2);
  V re = sel(realBigger, re1, re2), im = sel(realBigger, im1, im2);
  V isZero = mlir::arith::AndIOp::create(
      b, l, mlir::arith::CmpFOp::create(b, l, Pred::OEQ, d.re, zero),
      mlir::arith::CmpFOp::create(b, l, Pred::OEQ, d.im, zero));
  return {sel(isZero, div(a.re, absRe), re), sel(isZero, div(a.im, absIm), im)};
}

std::vector<mlir::Value> emitComplexFunction(MathEmitter &e, const std::string &q,
                                             const std::vector<std::vector<mlir::Value>> &args,
                                             const std::vector<Type> &argTypes,
                                             const Type &resultType, ast::Location loc) {
  auto unsupported = [&] {
    return CompileError(loc, fmt::format("{}() of a complex number is not supported yet", q));
  };
  const BuiltinInfo *b = lookupBuiltin(q);
  if (!b)
    throw unsupported();
  const Builtin id = b->id;
  if (id == Builtin::CmathRect) {
    Type part = resultType.complexPart();
    Emitter m(e, part, loc);
    ComplexParts r = m.rect(e.convert(args[0][0], argTypes[0], part),
                            e.convert(args[1][0], argTypes[1], part));
    return {r.re, r.im};
  }
  // The complex type the call computes in (ComplexMath.cpp's rule).
  Type zt = complexOperandType(argTypes[0]);
  if (args.size() == 2)
    zt = Type::complex(std::max(zt.bits(), complexOperandType(argTypes[1]).bits()));
  Type part = zt.complexPart();
  Emitter m(e, part, loc);
  auto operand = [&](size_t i) {
    if (argTypes[i].isComplex())
      return ComplexParts{e.convert(args[i][0], argTypes[i].complexPart(), part),
                          e.convert(args[i][1], argTypes[i].complexPart(), part)};
    return ComplexParts{e.convert(args[i][0], argTypes[i], part), m.c(0)};
  };
  ComplexParts z = operand(0);
  auto pair = [](ComplexParts r) { return std::vector<mlir::Value>{r.re, r.im}; };
  switch (id) {
  case Builtin::Abs:
  case Builtin::NpAbs:
  case Builtin::NpAbsolute:
    return {m.fn("hypot", {z.re, z.im})};
  case Builtin::CmathPhase:
    return {m.fn("atan2", {z.im, z.re})};
  case Builtin::CmathPolar:
    return {m.fn("hypot", {z.re, z.im}), m.fn("atan2", {z.im, z.re})};
  case Builtin::CmathIsnan:
    return {m.either(m.isnan(z.re), m.isnan(z.im))};
  case Builtin::CmathIsinf:
    return {m.either(m.isinf(z.re), m.isinf(z.im))};
  case Builtin::CmathIsfinite:
    return {m.allFinite(z)};
  case Builtin::CmathExp:
  case Builtin::NpExp:
    return pair(m.exp(z));
  case Builtin::CmathLog: {
    ComplexParts r = m.log(z);
    if (args.size() == 2)
      r = emitComplexDivision(e.builder, e.loc, r, m.log(operand(1)));
    return pair(r);
  }
  case Builtin::CmathLog10: {
    ComplexParts r = m.log(z);
    return {m.div(r.re, m.c(M_LN10)), m.div(r.im, m.c(M_LN10))};
  }
  case Builtin::CmathSqrt:
    return pair(m.sqrt(z));
  case Builtin::CmathCosh:
    return pair(m.coshSinh(z, false));
  case Builtin::CmathSinh:
    return pair(m.coshSinh(z, true));
  case Builtin::CmathTanh:
    return pair(m.tanh(z));
  case Builtin::CmathCos: // cos z = cosh(i z)
    return pair(m.coshSinh({m.neg(z.im), z.re}, false));
  case Builtin::CmathSin:
    return pair(m.viaIz(z, [&](ComplexParts w) { return m.coshSinh(w, true); }));
  case Builtin::CmathTan:
    return pair(m.viaIz(z, [&](ComplexParts w) { return m.tanh(w); }));
  case Builtin::CmathAcos:
    return pair(m.acos(z));
  case Builtin::CmathAcosh:
    return pair(m.acosh(z));
  case Builtin::CmathAsinh:
    return pair(m.asinh(z));
  case Builtin::CmathAsin:
    return pair(m.viaIz(z, [&](ComplexParts w) { return m.asinh(w); }));
  case Builtin::CmathAtanh:
    return pair(m.atanh(z));
  case Builtin::CmathAtan:
    return pair(m.viaIz(z, [&](ComplexParts w) { return m.atanh(w); }));
  default:
    break;
  }
  throw unsupported();
}

} // namespace nvc
