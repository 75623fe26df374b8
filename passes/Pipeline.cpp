//===- Pipeline.cpp - nvc's pass pipeline, in one place --------------------===//
//
// The lowering from frontend MLIR to a serializable spirv.module, as a list:
//  0. Inline device functions into the kernels and drop them (symbol-dce).
//  1. Structure each kernel: mem2reg promotes locals to SSA values,
//     lift-cf-to-scf turns break/continue/return and short-circuit branches
//     into scf.while/scf.if (SPIR-V shaders need structured control flow),
//     canonicalize and cse clean up; a loop with several exits gets an
//     scf.index_switch, rewritten as scf.if (SPIR-V has no lowering for it).
//  2. Replace math operations with nvc's math library (ExpandMathLibrary);
//     make the kernels gpu.func entry points.
//     Float arrays updated by compare-and-swap atomics get integer storage
//     (FloatAtomicStorage).
//  3. Convert to SPIR-V: math (GLSL.std.450), ub (poison → OpUndef), then
//     MLIR's GPU-to-SPIR-V conversion with arith, memref, scf and cf, plus
//     nvc's atomics (ConvertKernelsToSPIRV, AtomicRMWToSPIRV).
//  4. nvc's kernel ABI, NoContraction decorations, and the minimal
//     version/capability/extension triple the module needs.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h>
#include <mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h>
#include <mlir/Conversion/UBToSPIRV/UBToSPIRV.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/Transforms/Passes.h>
#include <mlir/Transforms/Passes.h>

namespace nvc {

void buildLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options) {
  auto &inlining = pm.nest<mlir::gpu::GPUModuleOp>();
  inlining.addPass(mlir::createInlinerPass());
  inlining.addPass(mlir::createSymbolDCEPass());

  auto &kernels = pm.nest<mlir::gpu::GPUModuleOp>().nest<mlir::func::FuncOp>();
  kernels.addPass(mlir::createMem2Reg());
  kernels.addPass(mlir::createLiftControlFlowToSCFPass());
  kernels.addPass(createLowerIndexSwitchPass());
  kernels.addPass(mlir::createCanonicalizerPass());
  kernels.addPass(mlir::createCSEPass());
  kernels.addPass(createFloatAtomicStoragePass(options.nativeFloatAtomicAdd));

  auto &gpuModule = pm.nest<mlir::gpu::GPUModuleOp>();
  gpuModule.addPass(createExpandMathLibraryPass(options.mathInFloat64));
  gpuModule.addPass(createKernelFuncToGPUPass());
  gpuModule.addPass(mlir::createConvertMathToSPIRVPass());
  gpuModule.addPass(mlir::createUBToSPIRVConversionPass());

  pm.addPass(createConvertKernelsToSPIRVPass(options.indexBits == 64));

  auto &spirvModule = pm.nest<mlir::spirv::ModuleOp>();
  spirvModule.addPass(createLowerKernelABIPass(options.localSize));
  spirvModule.addPass(createDecorateNoContractionPass());
  spirvModule.addPass(mlir::createCanonicalizerPass());
  spirvModule.addPass(mlir::spirv::createSPIRVUpdateVCEPass());
}

} // namespace nvc
