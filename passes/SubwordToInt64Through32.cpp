//===- SubwordToInt64Through32.cpp - 8/16-bit to 64-bit integers via 32 bits -===//
//
// NVIDIA's driver (H200, Vulkan 1.4.312) miscompiles a sign or zero extension
// from an 8- or 16-bit integer straight to 64 bits when the narrow value comes
// from arithmetic that wrapped: `abs(x)` of an int16 -32768 (numba-cuda's
// result: -32768, an int16) is `OpISub %ushort 0 x` then `OpSConvert %ulong`,
// and reads 32768 there; the same with an intermediate 32-bit conversion is
// right (the driver keeps narrow integers in 32-bit registers and extends the
// register, not the narrow value). lavapipe is right either way. Found by the
// differential tester (tests/difftest/FOUND.md #25).
//  1. Walk every spirv.SConvert and spirv.UConvert (scalar or vector) from an
//     integer narrower than 32 bits to a 64-bit one.
//  2. Convert to the 32-bit integer of the same signedness first, then to 64
//     bits. Runs after the last canonicalisation, which would fold the two
//     conversions back into one.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

namespace nvc {
namespace {

/// `t` with its integer element type made 32 bits wide (same signedness).
mlir::Type with32BitElements(mlir::Type t) {
  auto element = mlir::cast<mlir::IntegerType>(mlir::getElementTypeOrSelf(t));
  mlir::Type wide = mlir::IntegerType::get(t.getContext(), 32, element.getSignedness());
  if (auto vec = mlir::dyn_cast<mlir::VectorType>(t))
    return mlir::VectorType::get(vec.getShape(), wide);
  return wide;
}

bool narrowTo64(mlir::Type from, mlir::Type to) {
  auto f = mlir::dyn_cast<mlir::IntegerType>(mlir::getElementTypeOrSelf(from));
  auto t = mlir::dyn_cast<mlir::IntegerType>(mlir::getElementTypeOrSelf(to));
  return f && t && f.getWidth() < 32 && t.getWidth() == 64;
}

struct SubwordToInt64Through32Pass
    : public mlir::PassWrapper<SubwordToInt64Through32Pass,
                               mlir::OperationPass<mlir::spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SubwordToInt64Through32Pass)
  llvm::StringRef getArgument() const override { return "nvc-subword-to-int64-through-32"; }
  llvm::StringRef getDescription() const override {
    return "Extend 8- and 16-bit integers to 64 bits through a 32-bit conversion";
  }

  template <typename ConvertOp> static void split(ConvertOp op) {
    mlir::Value in = op.getOperand();
    if (!narrowTo64(in.getType(), op.getType()))
      return;
    mlir::OpBuilder b(op);
    mlir::Value mid = ConvertOp::create(b, op.getLoc(), with32BitElements(in.getType()), in);
    op->setOperand(0, mid);
  }

  void runOnOperation() override {
    getOperation().walk([&](mlir::Operation *op) {
      if (auto s = mlir::dyn_cast<mlir::spirv::SConvertOp>(op))
        split(s);
      else if (auto u = mlir::dyn_cast<mlir::spirv::UConvertOp>(op))
        split(u);
    });
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createSubwordToInt64Through32Pass() {
  return std::make_unique<SubwordToInt64Through32Pass>();
}

} // namespace nvc
