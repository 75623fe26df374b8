//===- ExtendSubwordIntegers.cpp - 8/16-bit to 64-bit integers by shifts -----===//
//
// NVIDIA's driver (H200, Vulkan 1.4.312) miscompiles a sign or zero extension
// from an 8- or 16-bit integer straight to 64 bits when the narrow value comes
// from arithmetic that wrapped: `abs(x)` of an int16 -32768 (numba-cuda's
// result: -32768, an int16) is `OpISub %ushort 0 x` then `OpSConvert %ulong`,
// and reads 32768 there: the driver keeps narrow integers in 32-bit registers
// and extends the register, not the narrow value. lavapipe is right. Found by
// the differential tester's modules run on the H200 (tests/difftest/FOUND.md
// #25). An extension through an intermediate 32-bit SConvert is right on
// NVIDIA but not on lavapipe, which compares a sign-extended int32 with a
// constant as if zero-extended (FOUND.md #15), so the extension is done in 64
// bits from the narrow value's own bits:
//  1. Walk every scalar spirv.SConvert and spirv.UConvert from an integer of
//     w < 32 bits to a 64-bit one.
//  2. Zero-extend to 64 bits (whatever the register holds above bit w-1 is
//     then cleared or shifted out), then for SConvert shift left by 64 - w and
//     arithmetically right by as much; for UConvert mask the low w bits.
//     Runs after the last canonicalisation, which would fold it back.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

namespace nvc {
namespace {

/// The width of `from` when it is a scalar integer narrower than 32 bits and
/// `to` a scalar 64-bit integer; else 0.
unsigned narrowTo64(mlir::Type from, mlir::Type to) {
  auto f = mlir::dyn_cast<mlir::IntegerType>(from);
  auto t = mlir::dyn_cast<mlir::IntegerType>(to);
  return f && t && f.getWidth() < 32 && t.getWidth() == 64 ? f.getWidth() : 0;
}

struct ExtendSubwordIntegersPass
    : public mlir::PassWrapper<ExtendSubwordIntegersPass,
                               mlir::OperationPass<mlir::spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExtendSubwordIntegersPass)
  llvm::StringRef getArgument() const override { return "nvc-extend-subword-integers"; }
  llvm::StringRef getDescription() const override {
    return "Extend 8- and 16-bit integers to 64 bits from their own bits (shifts or a mask)";
  }

  static void expand(mlir::Operation *op, bool isSigned) {
    mlir::Value in = op->getOperand(0);
    mlir::Type i64 = op->getResult(0).getType();
    const unsigned width = narrowTo64(in.getType(), i64);
    if (!width)
      return;
    mlir::OpBuilder b(op);
    mlir::Location loc = op->getLoc();
    auto constant = [&](uint64_t v) -> mlir::Value {
      return mlir::spirv::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, v));
    };
    mlir::Value wide = mlir::spirv::UConvertOp::create(b, loc, i64, in);
    mlir::Value result;
    if (isSigned) {
      mlir::Value shift = constant(64 - width);
      result = mlir::spirv::ShiftRightArithmeticOp::create(
          b, loc, mlir::spirv::ShiftLeftLogicalOp::create(b, loc, wide, shift), shift);
    } else {
      result = mlir::spirv::BitwiseAndOp::create(b, loc, wide, constant((uint64_t{1} << width) - 1));
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }

  void runOnOperation() override {
    llvm::SmallVector<std::pair<mlir::Operation *, bool>> conversions;
    getOperation().walk([&](mlir::Operation *op) {
      if (mlir::isa<mlir::spirv::SConvertOp>(op))
        conversions.push_back({op, true});
      else if (mlir::isa<mlir::spirv::UConvertOp>(op))
        conversions.push_back({op, false});
    });
    for (auto [op, isSigned] : conversions)
      expand(op, isSigned);
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createExtendSubwordIntegersPass() {
  return std::make_unique<ExtendSubwordIntegersPass>();
}

} // namespace nvc
