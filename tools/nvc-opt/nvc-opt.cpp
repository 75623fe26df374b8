//===- nvc-opt.cpp - nvc's passes on .mlir files, as mlir-opt ---------------===//
//
// mlir-opt with nvc's passes (passes/Registration.h) and the dialects nvc's
// IR uses, for running one pass alone on hand-written or dumped IR
// (`nvc --emit=mlir --mlir-print-ir-after=PASS`) and for the .mlir lit tests
// of tests/lit/passes/ (docs/optimisation.md, "Testing a pass: nvc-opt"):
//
//   nvc-opt input.mlir -nvc-narrow-integers
//   nvc-opt input.mlir --pass-pipeline='builtin.module(gpu.module(func.func(
//       nvc-narrow-integers{index-bits=64})))'
//
// Besides nvc's passes, MLIR's own that nvc's pipeline runs are registered:
// the generic transforms (canonicalize, cse, mem2reg, inline, symbol-dce,
// loop-invariant-code-motion, …), lift-cf-to-scf, convert-math-to-spirv,
// convert-ub-to-spirv, convert-scf-to-cf, reconcile-unrealized-casts and
// spirv-update-vce, so that the text `nvc --print-pipeline` prints runs here
// as a --pass-pipeline.
//
//===----------------------------------------------------------------------===//
#include "passes/Registration.h"

#include <mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h>
#include <mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h>
#include <mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h>
#include <mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h>
#include <mlir/Conversion/UBToSPIRV/UBToSPIRV.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
#include <mlir/Dialect/Func/Extensions/InlinerExtension.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/LLVMIR/LLVMDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/Transforms/Passes.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/Dialect/Vector/IR/VectorOps.h>
#include <mlir/IR/DialectRegistry.h>
#include <mlir/Pass/PassRegistry.h>
#include <mlir/Tools/mlir-opt/MlirOptMain.h>
#include <mlir/Transforms/Passes.h>

int main(int argc, char **argv) {
  // The dialects of nvc's IR from the frontend to the end of both backends
  // (registerNvcDialects in frontend/mlirgen/MLIRGen.cpp loads the first
  // nine; VectorizeStreaming and ExpandMathLibrary make vector operations,
  // LowerToLLVMSPIRV the LLVM dialect's), and func's inliner interface,
  // which nvc's inlining needs as well.
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::spirv::SPIRVDialect, mlir::ub::UBDialect, mlir::vector::VectorDialect,
                  mlir::LLVM::LLVMDialect>();
  mlir::func::registerInlinerExtension(registry);

  nvc::registerNvcPasses();
  mlir::registerTransformsPasses();
  mlir::registerPass([] { return mlir::createLiftControlFlowToSCFPass(); });
  mlir::registerPass([] { return mlir::createConvertMathToSPIRVPass(); });
  mlir::registerPass([] { return mlir::createUBToSPIRVConversionPass(); });
  mlir::registerPass([] { return mlir::createSCFToControlFlowPass(); });
  mlir::registerPass([] { return mlir::createReconcileUnrealizedCastsPass(); });
  mlir::registerPass([] { return mlir::spirv::createSPIRVUpdateVCEPass(); });

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "nvc's passes and dialects (mlir-opt)\n", registry));
}
