//===- Registration.cpp - nvc's passes in MLIR's pass registry -------------===//
//
// One entry per pass of passes/ (one file each), in the order of
// Pipeline.cpp. The pass classes are local to their files, so each is
// registered through its factory: mlir::registerPass(factory), which is what
// mlir::PassRegistration<T>(factory) does. The factories' arguments are the
// defaults of PipelineOptions; each is also a pass option (the factory sets
// it), so a test or a pipeline overrides it: -nvc-narrow-integers=
// "index-bits=64 version-loops=false".
//
//===----------------------------------------------------------------------===//
#include "passes/Registration.h"

#include "passes/Passes.h"

#include <mlir/Pass/PassRegistry.h>

namespace nvc {

void registerNvcPasses() {
  static const bool registered = [] {
    const PipelineOptions defaults;
    auto reg = [](const mlir::PassAllocatorFunction &factory) { mlir::registerPass(factory); };
    // Step 0: after inlining.
    reg([] { return createInlineWhenCallsPass("canonicalize"); });
    reg([] { return createDynamicSharedMemoryPass(/*llvmBackend=*/false); });
    // Step 1: structuring.
    reg([] { return createChainIntermediatesPass(); });
    reg([] { return createSplitGridBarriersPass(); });
    reg([] { return createExpandBufferSelectsPass(); });
    reg([] { return createLowerIndexSwitchPass(); });
    reg([] { return createCanonicalizeInsideOutPass(); });
    // Step 2: optimisations.
    reg([=] { return createFoldRangeChecksPass(defaults.indexBits); });
    reg([=] { return createNarrowIntegersPass(defaults.indexBits, /*versionLoops=*/true); });
    reg([] { return createLoopFusionPass(); });
    reg([] { return createUnrollLoopsPass(); });
    reg([] { return createPromotePrivateArraysPass(); });
    reg([=] { return createDistributeInvariantFactorPass(defaults.fastMath); });
    reg([] { return createPromoteAccumulatorPass(); });
    reg([] { return createSplitKernelGuardPass(); });
    reg([=] { return createCoarsenThreadsPass(defaults.coarsen); });
    reg([=] { return createCoarsenBarrierKernelsPass(defaults.coarsen); });
    reg([] { return createStageSharedPass(); });
    reg([=] { return createContractFMAPass(defaults.fpContract == FPContract::Fast); });
    reg([] { return createVectorizeStreamingPass(); });
    reg([] { return createUnrollGridStridePass(); });
    reg([] { return createPowerOfTwoDivisorPass(/*versionLoops=*/true); });
    // Step 3: float semantics, the math library, gpu.func kernels.
    reg([=] { return createFloatAtomicStoragePass(defaults.nativeFloatAtomicAdd); });
    reg([=] { return createCorrectlyRoundedFloat32Pass(defaults.fastMath); });
    reg([=] { return createConstantDivisorDivisionPass(defaults.fastMath); });
    reg([=] {
      return createExpandMathLibraryPass(defaults.mathInFloat64, defaults.fastMath,
                                         /*float32Trig=*/true);
    });
    reg([] { return createSignExtendByShiftsPass(); });
    reg([] { return createKernelFuncToGPUPass(); });
    reg([] { return createConvertMathUBToSPIRVPass(); });
    // Step 4: SPIR-V conversion.
    reg([=] { return createConvertKernelsToSPIRVPass(defaults.indexBits == 64); });
    // Step 5: the spirv.module.
    reg([=] { return createLowerKernelABIPass(defaults.localSize); });
    reg([] { return createMarkReadOnlyBuffersPass(); });
    reg([] { return createRelaxSubwordStoresPass(); });
    reg([] { return createDecorateNoContractionPass(); });
    reg([] { return createBuiltInCapabilitiesPass(); });
    // Float-controls variants (buildFloatControlsPipeline): no modes unless
    // given as options.
    reg([] { return createFloatControlsPass(FloatControlModes{}, {}); });
    // The LLVM backend (buildLLVMLoweringPipeline).
    reg([=] { return createLowerToLLVMSPIRVPass(defaults.localSize, defaults.indexBits); });
    return true;
  }();
  (void)registered;
}

} // namespace nvc
