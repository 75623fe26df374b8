//===- ConvertKernelsToSPIRV.cpp - gpu.module to spirv.module -------------===//
//
// MLIR's convert-gpu-to-spirv, with nvc's conversions of atomics
// (AtomicRMWToSPIRV.cpp) and of dynamic shared arrays (DynamicSharedMemory.cpp)
// added: each gpu.module is converted in place
// to a spirv.module with the GPU, SCF, arith, memref and func patterns, for
// the module's spirv.target_env. Besides the kernels (gpu.func), a module may
// hold private func.func helpers that the kernels call (ExpandMathLibrary's
// out-of-line Payne–Hanek reduction); they become plain spirv.func.
//
//===----------------------------------------------------------------------===//
#include "passes/AtomicRMWToSPIRV.h"
#include "passes/DynamicSharedMemory.h"
#include "passes/Passes.h"

#include <mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h>
#include <mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h>
#include <mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h>
#include <mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h>
#include <mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h>
#include <mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h>
#include <mlir/IR/BuiltinOps.h>

#define DEBUG_TYPE "nvc-convert-kernels-to-spirv"

namespace nvc {
namespace {

/// Rewrites `arith.index_castui %b : i1 to index` as `arith.select %b, 1, 0`: MLIR's arith-to-SPIR-V patterns convert
/// index_cast from i1 but not index_castui, which the canonicalizer makes of
/// lift-cf-to-scf's switch on a loop's exit (index_castui of an extui of a
/// bool; tests/difftest/FOUND.md #8, tests/lit/index-castui-bool.py).
void widenBoolIndexCasts(mlir::Operation *root) {
  llvm::SmallVector<mlir::arith::IndexCastUIOp> casts;
  root->walk([&](mlir::arith::IndexCastUIOp op) {
    if (op.getIn().getType().isInteger(1))
      casts.push_back(op);
  });
  for (mlir::arith::IndexCastUIOp op : casts) {
    mlir::OpBuilder b(op);
    mlir::Value one = mlir::arith::ConstantIndexOp::create(b, op.getLoc(), 1);
    mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, op.getLoc(), 0);
    op.replaceAllUsesWith(
        mlir::arith::SelectOp::create(b, op.getLoc(), op.getIn(), one, zero).getResult());
    op.erase();
  }
}

struct ConvertKernelsToSPIRVPass
    : public mlir::PassWrapper<ConvertKernelsToSPIRVPass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConvertKernelsToSPIRVPass)
  ConvertKernelsToSPIRVPass() = default;
  ConvertKernelsToSPIRVPass(const ConvertKernelsToSPIRVPass &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const override { return "nvc-convert-kernels-to-spirv"; }
  llvm::StringRef getDescription() const override {
    return "Convert gpu.module kernels to spirv.module (convert-gpu-to-spirv with nvc's atomics)";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::scf::SCFDialect, mlir::spirv::SPIRVDialect>();
  }

  Option<bool> use64bitIndex{*this, "use-64bit-index",
                             llvm::cl::desc("64-bit integers for index values"),
                             llvm::cl::init(false)};

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    // Converted in place: unlike upstream convert-gpu-to-spirv, which
    // converts a copy and keeps the gpu.module for a host's launch
    // operations, nvc has no host code, and the copy of a long kernel cost
    // a sixth of the conversion (issue 25).
    llvm::SmallVector<mlir::Operation *> gpuModules;
    module.walk([&](mlir::gpu::GPUModuleOp gpuModule) { gpuModules.push_back(gpuModule); });
    for (mlir::Operation *gpuModule : gpuModules) {
      widenBoolIndexCasts(gpuModule);
      mlir::spirv::TargetEnvAttr targetAttr = mlir::spirv::lookupTargetEnvOrDefault(gpuModule);
      std::unique_ptr<mlir::ConversionTarget> target =
          mlir::SPIRVConversionTarget::get(targetAttr);
      mlir::SPIRVConversionOptions options;
      options.use64bitIndex = use64bitIndex;
      mlir::SPIRVTypeConverter typeConverter(targetAttr, options);
      mlir::RewritePatternSet patterns(&getContext());
      mlir::populateGPUToSPIRVPatterns(typeConverter, patterns);
      mlir::ScfToSPIRVContext scfContext;
      mlir::populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
      mlir::arith::populateArithToSPIRVPatterns(typeConverter, patterns);
      mlir::populateMemRefToSPIRVPatterns(typeConverter, patterns);
      mlir::populateVectorToSPIRVPatterns(typeConverter, patterns);
      mlir::populateFuncToSPIRVPatterns(typeConverter, patterns);
      mlir::populateBuiltinFuncToSPIRVPatterns(typeConverter, patterns);
      populateAtomicRMWToSPIRVPatterns(typeConverter, patterns);
      populateDynamicSharedToSPIRVPatterns(typeConverter, patterns);
      if (mlir::failed(mlir::applyFullConversion(gpuModule, *target, std::move(patterns))))
        return signalPassFailure();
    }
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createConvertKernelsToSPIRVPass(bool use64bitIndex) {
  auto pass = std::make_unique<ConvertKernelsToSPIRVPass>();
  pass->use64bitIndex = use64bitIndex;
  return pass;
}

} // namespace nvc
