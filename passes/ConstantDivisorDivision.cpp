//===- ConstantDivisorDivision.cpp - Correctly rounded x / constant -------===//
//
// NVIDIA's Vulkan driver (580, H200) compiles a float64 division by a
// constant as a multiplication by the constant's reciprocal: `x / 3.0` was
// 1 ulp off NumPy for 1328 of 4096 random x, while a division by a run-time
// divisor was correctly rounded in all of them (main module and
// float-controls variants alike). numba-cuda divides correctly rounded
// (div.rn.f64), and so must nvc, so this pass computes `x / c` (c a finite,
// nonzero float64 constant that is not a power of two: those multiply
// exactly) itself, on |x| and m with the sign and scale applied at the end,
// and r = 1/m rounded, a compile-time constant (|c| written "|c|" below
// stands for m):
//  1. q0 = |x| · r, within about an ulp of the quotient Q;
//  2. e0 = |x| − q0·|c| exactly: q0·|c| as a Dekker product (|c| split at
//     compile time; no FMA, which Vulkan lets a device compute as a rounded
//     multiply and add, as lavapipe does), and |x| − p exact by Sterbenz;
//  3. q1 = q0 + e0·r, within half an ulp and a hair of Q: Q is q1 or one of
//     its neighbours;
//  4. e1 = |x| − q1·|c| exactly again, and q1 moves to its neighbour when
//     the quotient lies beyond half the gap to it (e1 > gap·|c|/2 above,
//     e1 < −gap·|c|/2 below; gaps and their products with |c| are exact).
//     x / c is never a midpoint (c is not a power of two), so there are no
//     ties.
// The steps divide by the mantissa m of |c| = m·2^s (m in [1, 2)), with |x|
// scaled into [2^-562, 2^512] first (by 2^∓512 where it is beyond 2^±512),
// and apply both scales at the end, in two exact halves while the quotient
// is normal; they then neither under- nor overflow. So only where
// |x / c| < 2^-1021 or > 2^1023 (and for zeros, infinities and NaN) is a
// division kept, by `x is NaN ? x : c`: the same quotient, but not a
// constant divisor to the driver, which then divides correctly rounded.
// Float32 divisions reach here as float64 ones (CorrectlyRoundedFloat32),
// rounded to float32 afterwards. Left alone:
// fastmath kernels and operations with the `arcp`/`afn` flags, which allow
// the reciprocal.
//
//===----------------------------------------------------------------------===//
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/Matchers.h>

#include <cmath>
#include <optional>

#define DEBUG_TYPE "nvc-constant-divisor-division"

namespace nvc {
namespace {

using namespace mlir;

/// The value of `v` if it is a float64 constant (a scalar, a splat vector, or
/// the float64 extension of a float32 one).
std::optional<double> constantDivisor(Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    v = ext.getIn();
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  return std::nullopt;
}

/// Whether `c` is a finite nonzero float64 that is not ± a power of two (a
/// multiplication by a power of two's reciprocal rounds as the division
/// does, even when the reciprocal is subnormal).
bool needsCorrection(double c) {
  if (!std::isfinite(c) || c == 0.0)
    return false;
  int exponent = 0;
  return std::frexp(std::fabs(c), &exponent) != 0.5;
}

/// A constant of `type` (a scalar type, or a vector of it) whose elements
/// are `value`.
Value splatConstant(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto vector = dyn_cast<VectorType>(type))
    value = DenseElementsAttr::get(vector, value);
  return arith::ConstantOp::create(b, loc, type, value);
}

struct ConstantDivisorDivisionPass
    : public PassWrapper<ConstantDivisorDivisionPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConstantDivisorDivisionPass)
  ConstantDivisorDivisionPass() = default;
  ConstantDivisorDivisionPass(const ConstantDivisorDivisionPass &other) : PassWrapper(other) {}

  StringRef getName() const override { return "ConstantDivisorDivision"; }
  StringRef getArgument() const override { return "nvc-constant-divisor-division"; }
  StringRef getDescription() const override {
    return "Divide float64 values by a constant correctly rounded (reciprocal, fma remainder, "
           "fma correction), except under fastmath";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect>();
  }

  Option<bool> allKernels{*this, "fastmath",
                          llvm::cl::desc("every kernel has fastmath permission (--fastmath): "
                                         "leave all of them alone"),
                          llvm::cl::init(false)};

  /// Replaces `op` (x / c) by the steps above.
  void replace(arith::DivFOp op, double c) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type type = op.getType();
    Type intType = b.getI64Type();
    if (auto vector = dyn_cast<VectorType>(type))
      intType = vector.clone(b.getI64Type());
    auto k = [&](double v) { return splatConstant(b, loc, type, b.getF64FloatAttr(v)); };
    auto mul = [&](Value x, Value y) -> Value { return arith::MulFOp::create(b, loc, x, y); };
    auto add = [&](Value x, Value y) -> Value { return arith::AddFOp::create(b, loc, x, y); };
    auto sub = [&](Value x, Value y) -> Value { return arith::SubFOp::create(b, loc, x, y); };
    auto cmp = [&](arith::CmpFPredicate p, Value x, Value y) -> Value {
      return arith::CmpFOp::create(b, loc, p, x, y);
    };
    auto select = [&](Value cond, Value x, Value y) -> Value {
      return arith::SelectOp::create(b, loc, cond, x, y);
    };
    auto intConst = [&](int64_t v) {
      return splatConstant(b, loc, intType, b.getI64IntegerAttr(v));
    };
    auto selectInt = [&](Value cond, int64_t x, int64_t y) -> Value {
      return arith::SelectOp::create(b, loc, cond, intConst(x), intConst(y));
    };
    // 2^e for an integer e in [-1022, 1023], from its bits.
    auto pow2 = [&](Value e) -> Value {
      Value biased = arith::AddIOp::create(b, loc, e, intConst(1023));
      return arith::BitcastOp::create(b, loc, type,
                                      arith::ShLIOp::create(b, loc, biased, intConst(52)));
    };
    // |c| = m · 2^s with m in [1, 2): the steps divide by m, whose split and
    // reciprocal are safe for any c.
    int exponent = 0;
    const double ac = 2.0 * std::frexp(std::fabs(c), &exponent);
    const int64_t scale = exponent - 1;
    const double r = 1.0 / ac;
    // Dekker's split of m (2^27 + 1 = 134217729), exact halves.
    const double cs = 134217729.0 * ac, ch = cs - (cs - ac), cl = ac - ch;
    Value x = op.getLhs();
    Value absX = math::AbsFOp::create(b, loc, x);
    // |x| scaled by 2^∓512 into [2^-562, 2^512] when beyond 2^±512 (exact,
    // subnormals included), so that the exact steps neither under- nor
    // overflow; the scale goes into the final one.
    Value big = cmp(arith::CmpFPredicate::OGT, absX, k(0x1p512));
    Value small = cmp(arith::CmpFPredicate::OLT, absX, k(0x1p-512));
    Value ax = mul(absX, select(big, k(0x1p-512), select(small, k(0x1p512), k(1.0))));
    Value xScale = arith::SelectOp::create(b, loc, big, intConst(512), selectInt(small, -512, 0));
    // |x| − q·m, exactly (q·m = p + err, Dekker).
    auto remainder = [&](Value q) {
      Value qs = mul(k(134217729.0), q);
      Value qh = sub(qs, sub(qs, q)), ql = sub(q, qh);
      Value p = mul(q, k(ac));
      // A mantissa of at most 26 bits has no low half (3.0's; 0.1's has):
      // its terms are left out.
      Value err = sub(mul(qh, k(ch)), p);
      if (cl != 0.0)
        err = add(err, mul(qh, k(cl)));
      err = add(err, mul(ql, k(ch)));
      if (cl != 0.0)
        err = add(err, mul(ql, k(cl)));
      return sub(sub(ax, p), err);
    };
    Value q0 = mul(ax, k(r));
    Value q1 = add(q0, mul(remainder(q0), k(r)));
    Value e1 = remainder(q1);
    // q1's neighbours (q1 is positive and normal here): its bits ± 1.
    Value bits = arith::BitcastOp::create(b, loc, intType, q1);
    auto neighbour = [&](int64_t step) -> Value {
      return arith::BitcastOp::create(b, loc, type,
                                      arith::AddIOp::create(b, loc, bits, intConst(step)));
    };
    Value up = neighbour(1), down = neighbour(-1);
    Value halfGapUp = mul(mul(sub(up, q1), k(0.5)), k(ac));
    Value halfGapDown = mul(mul(sub(q1, down), k(0.5)), k(ac));
    Value q = select(cmp(arith::CmpFPredicate::OGT, e1, halfGapUp), up,
                     select(cmp(arith::CmpFPredicate::OLT, e1,
                                arith::NegFOp::create(b, loc, halfGapDown)),
                            down, q1));
    // × 2^(xScale − s) in two halves: each step's result lies between q and
    // the final quotient, so both are exact while that is normal.
    Value total = arith::SubIOp::create(b, loc, xScale, intConst(scale));
    Value half = arith::ShRSIOp::create(b, loc, total, intConst(1));
    Value rest = arith::SubIOp::create(b, loc, total, half);
    Value scaled = mul(mul(q, pow2(half)), pow2(rest));
    // The sign: x's (a comparison: -0.0 is out of range anyway) times c's.
    Value negative = cmp(arith::CmpFPredicate::OLT, x, k(0.0));
    Value neg = arith::NegFOp::create(b, loc, scaled);
    Value signed_ = c < 0 ? select(negative, scaled, neg) : select(negative, neg, scaled);
    // Zeros, infinities, NaN and quotients that are not normal (or reach
    // 2^1023) keep the division.
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, cmp(arith::CmpFPredicate::OGT, absX, k(0.0)),
                              cmp(arith::CmpFPredicate::OLE, absX, k(0x1.fffffffffffffp1023))),
        arith::AndIOp::create(b, loc, cmp(arith::CmpFPredicate::OGE, scaled, k(0x1p-1021)),
                              cmp(arith::CmpFPredicate::OLE, scaled, k(0x1p1023))));
    // The division there by a divisor that is c unless x is NaN (then the
    // quotient is NaN either way): not a constant to the driver, so NVIDIA
    // divides (correctly rounded, subnormal quotients included) instead of
    // multiplying by the reciprocal.
    Value xIsNaN = cmp(arith::CmpFPredicate::UNO, x, x);
    Value divided = arith::DivFOp::create(b, loc, x, select(xIsNaN, x, op.getRhs()));
    op.getResult().replaceAllUsesWith(select(inRange, signed_, divided));
    op.erase();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (allKernels || func->hasAttr(abi::kFastmathAttr))
      return;
    SmallVector<std::pair<arith::DivFOp, double>> work;
    func.walk([&](arith::DivFOp op) {
      Type t = op.getType();
      if (auto vector = dyn_cast<VectorType>(t))
        t = vector.getElementType();
      if (!t.isF64() || allowsApproximation(op))
        return;
      if (std::optional<double> c = constantDivisor(op.getRhs()); c && needsCorrection(*c))
        work.push_back({op, *c});
    });
    for (auto [op, c] : work)
      replace(op, c);
  }
};

} // namespace

std::unique_ptr<Pass> createConstantDivisorDivisionPass(bool fastMath) {
  auto pass = std::make_unique<ConstantDivisorDivisionPass>();
  pass->allKernels = fastMath;
  return pass;
}

} // namespace nvc
