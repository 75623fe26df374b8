//===- DecorateNoContraction.cpp - Keep float arithmetic exact -------------===//
//
// Without NoContraction, Vulkan drivers may fuse `a * b + c` into an FMA
// (NVIDIA's does), which rounds once instead of twice: a saxpy then differs
// from a CPU computation in the last bit. nvc's default is results that
// match the CPU, so:
//  1. Walk every spirv.FMul, FAdd, FSub, FNegate and FDiv (a driver may
//     otherwise turn x / h / h into x / (h·h), which overflows where the
//     quotients do not: cmath.atanh(1e300) gave 0 on NVIDIA).
//  2. Add the `no_contraction` decoration attribute, which the serializer
//     emits as OpDecorate NoContraction.
// FMAs that nvc wants are emitted explicitly (GLSL.std.450 Fma).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>

#define DEBUG_TYPE "nvc-decorate-no-contraction"

namespace nvc {
namespace {

struct DecorateNoContractionPass
    : public mlir::PassWrapper<DecorateNoContractionPass,
                               mlir::OperationPass<mlir::spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DecorateNoContractionPass)
  llvm::StringRef getArgument() const override { return "nvc-decorate-no-contraction"; }
  llvm::StringRef getDescription() const override {
    return "Decorate float arithmetic NoContraction";
  }

  void runOnOperation() override {
    mlir::UnitAttr unit = mlir::UnitAttr::get(&getContext());
    getOperation().walk([&](mlir::Operation *op) {
      if (mlir::isa<mlir::spirv::FMulOp, mlir::spirv::FAddOp, mlir::spirv::FSubOp,
                    mlir::spirv::FNegateOp, mlir::spirv::FDivOp>(op))
        op->setAttr("no_contraction", unit);
    });
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createDecorateNoContractionPass() {
  return std::make_unique<DecorateNoContractionPass>();
}

} // namespace nvc
