//===- CorrectlyRoundedFloat32.cpp - IEEE float32 division and sqrt --------===//
//
// Python, NumPy and numba-cuda (without fastmath: PTX div.rn.f32 and
// sqrt.rn.f32) divide and take square roots of float32 values correctly
// rounded. Vulkan does not require it: OpFDiv may be 2.5 ulp off and GLSL
// Sqrt is "inherited from 1.0 / inversesqrt()"; NVIDIA's Vulkan driver
// (580, H200) computes 28 % of random float32 quotients up to 2 ulp off and
// 17 % of square roots 1 ulp off, while its float64 division and sqrt were
// correctly rounded in all of 2^20 random cases
// (bench/results/2026-11-30-h200-session4.json, "float32-division-sqrt-nvidia").
// This pass therefore computes each float32 `a / b` and `sqrt(a)` in
// float64 and rounds the result to float32: for +, −, ×, ÷ and √, rounding
// the float64 result of float32 operands to float32 gives the correctly
// rounded float32 result, because 53 ≥ 2·24 + 2 (Figueroa, "When is double
// rounding innocuous?", SIGNUM 1995). Results then match a CPU wherever the
// device's float64 division and sqrt are correctly rounded (lavapipe and
// NVIDIA are, for a run-time divisor; a constant one ConstantDivisorDivision
// handles).
//
// Left alone: kernels with fastmath permission (fastmath=True, marked
// nvc.fastmath, or every kernel under --fastmath), operations carrying the
// `afn` or `arcp` fast-math flags, and targets without float64
// (--no-float64), where the device's float32 operations are all there is.
// Runs at every optimisation level: it is what the language's semantics
// need, not an optimisation.
//
//===----------------------------------------------------------------------===//
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/IR/Builders.h>

#define DEBUG_TYPE "nvc-correctly-rounded-float32"

namespace nvc {
namespace {

using namespace mlir;

/// Whether `t` is float32 or a vector of float32.
bool isFloat32(Type t) {
  if (auto vector = dyn_cast<VectorType>(t))
    t = vector.getElementType();
  return t.isF32();
}

/// `t` with float64 in place of float32.
Type widened(Type t) {
  Type f64 = Float64Type::get(t.getContext());
  if (auto vector = dyn_cast<VectorType>(t))
    return vector.clone(f64);
  return f64;
}

struct CorrectlyRoundedFloat32Pass
    : public PassWrapper<CorrectlyRoundedFloat32Pass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CorrectlyRoundedFloat32Pass)
  CorrectlyRoundedFloat32Pass() = default;
  CorrectlyRoundedFloat32Pass(const CorrectlyRoundedFloat32Pass &other) : PassWrapper(other) {}

  StringRef getName() const override { return "CorrectlyRoundedFloat32"; }
  StringRef getArgument() const override { return "nvc-correctly-rounded-float32"; }
  StringRef getDescription() const override {
    return "Compute float32 division and sqrt in float64, rounded once to float32 (correctly "
           "rounded, as on a CPU), except under fastmath";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect>();
  }

  Option<bool> allKernels{*this, "fastmath",
                          llvm::cl::desc("every kernel has fastmath permission (--fastmath): "
                                         "leave all of them alone"),
                          llvm::cl::init(false)};

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (allKernels || func->hasAttr(abi::kFastmathAttr))
      return;
    SmallVector<Operation *> work;
    func.walk([&](Operation *op) {
      if (isa<arith::DivFOp, math::SqrtOp>(op) && isFloat32(op->getResult(0).getType()) &&
          !allowsApproximation(op))
        work.push_back(op);
    });
    for (Operation *op : work) {
      OpBuilder builder(op);
      Location loc = op->getLoc();
      Type type = op->getResult(0).getType(), wide = widened(type);
      SmallVector<Value> operands;
      for (Value v : op->getOperands())
        operands.push_back(arith::ExtFOp::create(builder, loc, wide, v));
      Value result;
      if (isa<arith::DivFOp>(op))
        result = arith::DivFOp::create(builder, loc, operands[0], operands[1]);
      else
        result = math::SqrtOp::create(builder, loc, operands[0]);
      op->getResult(0).replaceAllUsesWith(arith::TruncFOp::create(builder, loc, type, result));
      op->erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> createCorrectlyRoundedFloat32Pass(bool fastMath) {
  auto pass = std::make_unique<CorrectlyRoundedFloat32Pass>();
  pass->allKernels = fastMath;
  return pass;
}

} // namespace nvc
