//===- KernelFuncToGPU.cpp - Turn kernel functions into gpu.func kernels ---===//
//
// MLIR generation emits kernels as `func.func` so that func-level passes
// (mem2reg, lift-cf-to-scf) can structure them. This pass then makes each
// one a `gpu.func` kernel for the GPU-to-SPIR-V conversion:
//  1. Create a gpu.func with the same name and type, marked `kernel` and
//     with an empty `spirv.entry_point_abi` (nvc's own ABI pass sets the
//     workgroup size later, as specialization constants).
//  2. Move the body over and replace each func.return with gpu.return.
//  3. Erase the func.func.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/IR/Builders.h>

#define DEBUG_TYPE "nvc-kernel-func-to-gpu"

namespace nvc {
namespace {

struct KernelFuncToGPUPass
    : public mlir::PassWrapper<KernelFuncToGPUPass, mlir::OperationPass<mlir::gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KernelFuncToGPUPass)
  llvm::StringRef getArgument() const override { return "nvc-kernel-func-to-gpu"; }
  llvm::StringRef getDescription() const override {
    return "Turn func.func kernels into gpu.func kernels";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::gpu::GPUDialect, mlir::spirv::SPIRVDialect>();
  }

  void runOnOperation() override {
    llvm::SmallVector<mlir::func::FuncOp> kernels;
    getOperation().walk([&](mlir::func::FuncOp f) {
      if (f->hasAttr(abi::kKernelAttr))
        kernels.push_back(f);
    });
    for (mlir::func::FuncOp func : kernels) {
      mlir::OpBuilder b(func);
      auto gpuFunc = mlir::gpu::GPUFuncOp::create(b, func.getLoc(), func.getName(),
                                                    func.getFunctionType());
      gpuFunc->setAttr(mlir::gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
      gpuFunc->setAttr(mlir::spirv::getEntryPointABIAttrName(),
                       mlir::spirv::getEntryPointABIAttr(&getContext()));
      for (llvm::StringRef attr :
           {abi::kPythonNameAttr, abi::kAssumesNoAliasAttr, abi::kArgNamesAttr,
            abi::kStagedSharedBytesAttr, abi::kGridSyncWordsAttr, abi::kCoarsenAttr,
            abi::kCoarsenYAttr, abi::kBufferAliasesAttr, abi::kDynamicSharedArgAttr,
            abi::kDynamicSharedDtypeAttr})
        if (auto value = func->getAttr(attr))
          gpuFunc->setAttr(attr, value);
      gpuFunc.getBody().getBlocks().clear();
      gpuFunc.getBody().takeBody(func.getBody());
      gpuFunc.walk([&](mlir::func::ReturnOp ret) {
        mlir::OpBuilder rb(ret);
        mlir::gpu::ReturnOp::create(rb, ret.getLoc());
        ret.erase();
      });
      func.erase();
    }
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createKernelFuncToGPUPass() {
  return std::make_unique<KernelFuncToGPUPass>();
}

} // namespace nvc
