//===- Pipeline.cpp - nvc's pass pipeline, in one place --------------------===//
//
// The lowering from frontend MLIR to a serializable spirv.module, as a list.
// Passes marked [opt] are optimisations: the table optimizationPasses() says
// from which -O level each runs and names its -fno-<name> switch; the others
// are what correctness needs and run at every level (-O0 runs only those).
//  0. Inline device functions into the kernels and drop them (symbol-dce):
//     SPIR-V cannot pass storage-buffer pointers to functions. Give each
//     kernel one dynamic shared array, sized by a hidden argument
//     (DynamicSharedMemory).
//  1. Keep launch chains' intermediates in registers (ChainIntermediates).
//     Structure each kernel: [opt] mem2reg promotes locals to SSA values,
//     lift-cf-to-scf turns break/continue/return and short-circuit branches
//     into scf.while/scf.if (SPIR-V shaders need structured control flow);
//     a loop with several exits gets an scf.index_switch, rewritten as
//     scf.if (SPIR-V has no lowering for it).
//  2. Optimise each kernel: [opt] canonicalize and cse clean up, [opt]
//     FoldRangeChecks folds the sign tests of Python's indexing and floor
//     division where the value is never negative, [opt]
//     LoopFusion fuses adjacent loops over the same counter, [opt]
//     UnrollLoops fully unrolls short constant loops over private arrays and
//     [opt] PromotePrivateArrays keeps arrays left with constant indices in
//     registers (each followed by canonicalize/cse to fold and merge), [opt]
//     under fastmath DistributeInvariantFactor turns c·(Σ aᵢ·bᵢ) into
//     Σ aᵢ·(c·bᵢ) for invariant c, bᵢ so that [opt]
//     loop-invariant-code-motion hoists the c·bᵢ with what else a loop does
//     not change, [opt]
//     PromoteAccumulator keeps a loop's global read-modify-write in a
//     register (after LICM has hoisted its address), [opt]
//     SplitKernelGuard takes a loop out of a kernel's bounds guard, [opt]
//     CoarsenThreads makes each invocation compute several outputs (not in
//     the LLVM backend), [opt] CoarsenBarrierKernels merges neighbouring
//     workgroups of a kernel with shared memory and barriers into one (not
//     in the LLVM backend), [opt] StageShared stages a uniform loop's array
//     reads in workgroup memory, [opt]
//     FMA contraction where fastmath/--fp-contract=fast permits it, [opt]
//     VectorizeStreaming gives each invocation of a streaming kernel four
//     elements as 16-byte vectors (not in the LLVM backend), [opt]
//     UnrollGridStride unrolls grid-stride loops by four, [opt]
//     PowerOfTwoDivisor multiplies by the exact reciprocal of a divisor that
//     is a power of two (versioning loops on a test of loop-invariant ones;
//     constant divisors only in the LLVM backend). These run
//     before the math library is expanded, so its error-free
//     transformations are never contracted.
//  3. Compute float32 division and sqrt in float64, rounded once
//     (CorrectlyRoundedFloat32: Vulkan lets devices round them loosely),
//     except under fastmath, and float64 division by a constant with a
//     corrected reciprocal (ConstantDivisorDivision); replace math operations with nvc's math
//     library (ExpandMathLibrary),
//     [opt] cse merges the range reductions of sin/cos/tan of one argument;
//     make the kernels gpu.func entry points.
//     Float arrays updated by compare-and-swap atomics get integer storage
//     (FloatAtomicStorage).
//  4. Convert to SPIR-V: math (GLSL.std.450), ub (poison → OpUndef), then
//     MLIR's GPU-to-SPIR-V conversion with arith, memref, scf and cf, plus
//     nvc's atomics (ConvertKernelsToSPIRV, AtomicRMWToSPIRV).
//  5. nvc's kernel ABI, [opt] NonWritable on the buffers a kernel never
//     writes (MarkReadOnlyBuffers; not in the LLVM backend), relaxed
//     semantics for emulated 8/16-bit stores (RelaxSubwordStores), NoContraction
//     decorations, [opt] canonicalize, and the minimal
//     version/capability/extension triple the module needs (update-vce from
//     its operations, BuiltInCapabilities from its built-in variables).
// The float-controls module variants are derived from a finished
// spirv.module (buildFloatControlsPipeline): FloatControls adds the execution
// modes DenormPreserve 32 and/or SignedZeroInfNanPreserve to every entry
// point but fastmath ones, then the triple is derived again.
// The LLVM backend (buildLLVMLoweringPipeline) shares steps 0-3, then lowers
// scf to cf and everything to the LLVM dialect (LowerToLLVMSPIRV); LLVM's O2
// pipeline optimises after that (compiler/LLVMBackend.cpp).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h>
#include <mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h>
#include <mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h>
#include <mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h>
#include <mlir/Conversion/UBToSPIRV/UBToSPIRV.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/Transforms/Passes.h>
#include <mlir/Transforms/Passes.h>

#include <algorithm>

namespace nvc {

llvm::ArrayRef<OptimizationPass> optimizationPasses() {
  static const OptimizationPass table[] = {
      {"mem2reg", "mem2reg", 1, "promote local variables to SSA values"},
      {"canonicalize", "canonicalize", 1,
       "fold constants and simplify operations (kernels and the SPIR-V module)"},
      {"cse", "cse", 1, "eliminate common subexpressions"},
      {"fold-range-checks", "nvc-fold-range-checks", 1,
       "fold integer tests that value ranges decide (negative-index wrap of never-negative "
       "indices)"},
      {"narrow-integers", "nvc-narrow-integers", 1,
       "compute 64-bit integers (@cuda.jit's) in 32 bits where ranges prove the result the "
       "same"},
      {"loop-fusion", "nvc-loop-fusion", 2,
       "fuse adjacent loops over the same iteration space when dependences allow"},
      {"unroll", "nvc-unroll-loops", 2,
       "fully unroll loops of a small constant trip count that index private arrays"},
      {"promote-private-arrays", "nvc-promote-private-arrays", 2,
       "keep private arrays indexed only by constants in registers (SSA values)"},
      {"distribute-invariant-factor", "nvc-distribute-invariant-factor", 2,
       "fastmath only: distribute a loop-invariant factor over a sum of products with "
       "invariant factors, so LICM hoists them"},
      {"licm", "loop-invariant-code-motion", 2,
       "hoist loop-invariant computations out of loops"},
      {"promote-accumulator", "nvc-promote-accumulator", 2,
       "keep a loop's read-modify-write of one array element in a register"},
      {"split-guard", "nvc-split-guard", 2,
       "run a bounds-guarded kernel's loop in every invocation, prologue and epilogue guarded"},
      {"coarsen", "nvc-coarsen-threads", 2,
       "compute several outputs of a 1-D grid per invocation, sharing their loops' reads"},
      {"coarsen-barriers", "nvc-coarsen-barrier-kernels", 2,
       "merge neighbouring workgroups of a kernel with shared memory and barriers into one, "
       "sharing the loads that are the same for all"},
      {"stage-shared", "nvc-stage-shared", 2,
       "stage a uniform loop's reads of invocation-independent array elements in workgroup memory"},
      {"fma-contraction", "nvc-contract-fma", 1,
       "fuse float a*b+c into FMAs where fastmath=True or --fp-contract=fast permits"},
      {"vectorize-streaming", "nvc-vectorize-streaming", 2,
       "give each invocation of a streaming kernel 4 elements, moved as 16-byte vectors"},
      {"unroll-grid-stride", "nvc-unroll-grid-stride", 2,
       "unroll grid-stride loops that load from storage buffers by four"},
      {"power-of-two-divisor", "nvc-power-of-two-divisor", 2,
       "divide by a power of two (constant, or loop-invariant and tested before the loop) "
       "with an exact multiplication"},
      {"readonly-buffers", "nvc-mark-readonly-buffers", 2,
       "decorate storage buffers a kernel never writes NonWritable (read-only data path)"},
  };
  return table;
}

namespace {

/// Whether the optional pass `name` (a row of optimizationPasses()) runs.
bool passEnabled(const PipelineOptions &options, llvm::StringRef name) {
  for (const OptimizationPass &p : optimizationPasses())
    if (name == p.name)
      return options.optLevel >= p.minLevel &&
             std::find(options.disabledPasses.begin(), options.disabledPasses.end(), name) ==
                 options.disabledPasses.end();
  llvm_unreachable("pass missing from optimizationPasses()");
}

/// Steps 0-3, shared by both backends; returns the gpu.module pass manager
/// that the backend's own passes continue (one nest, as --print-pipeline
/// shows it).
mlir::OpPassManager &buildKernelPreparation(mlir::PassManager &pm,
                                            const PipelineOptions &options,
                                            bool llvmBackend) {
  auto enabled = [&](llvm::StringRef name) { return passEnabled(options, name); };

  auto &inlining = pm.nest<mlir::gpu::GPUModuleOp>();
  // The inliner simplifies callees with canonicalize unless that is off
  // (MLIR's inline pass, skipped where it has nothing to do: RunWhenNeeded.cpp).
  inlining.addPass(createInlineWhenCallsPass(enabled("canonicalize") ? "canonicalize" : ""));
  inlining.addPass(mlir::createSymbolDCEPass());
  // Dynamic shared arrays: one per kernel, sized by a hidden argument
  // (correctness: they alias, and the SPIR-V lowering needs one variable).
  inlining.addPass(createDynamicSharedMemoryPass(llvmBackend));

  auto &kernels = pm.nest<mlir::gpu::GPUModuleOp>().nest<mlir::func::FuncOp>();
  // Launch chains: check and privatise their intermediates (correctness:
  // a dynamically sized intermediate cannot be lowered).
  // Variables holding views of several arrays: one access per buffer
  // (correctness: Vulkan cannot select between storage buffers).
  kernels.addPass(createExpandBufferSelectsPass());
  kernels.addPass(createChainIntermediatesPass());
  // Grid barriers: one dispatch per phase (correctness: Vulkan has no
  // grid-wide barrier inside a dispatch).
  kernels.addPass(createSplitGridBarriersPass());
  if (enabled("mem2reg"))
    kernels.addPass(mlir::createMem2Reg());
  kernels.addPass(mlir::createLiftControlFlowToSCFPass());
  kernels.addPass(createLowerIndexSwitchPass());
  if (enabled("canonicalize"))
    kernels.addPass(createCanonicalizeInsideOutPass());
  if (enabled("cse"))
    kernels.addPass(mlir::createCSEPass());
  if (enabled("fold-range-checks"))
    kernels.addPass(createFoldRangeChecksPass(options.indexBits));
  if (enabled("narrow-integers")) {
    kernels.addPass(createNarrowIntegersPass(options.indexBits, /*versionLoops=*/true));
    if (enabled("cse"))
      kernels.addPass(mlir::createCSEPass());
  }
  if (enabled("loop-fusion"))
    kernels.addPass(createLoopFusionPass());
  if (enabled("unroll")) {
    kernels.addPass(createUnrollLoopsPass());
    // Fold the unrolled copies' counters into constant indices.
    if (enabled("canonicalize"))
      kernels.addPass(createCanonicalizeInsideOutPass());
  }
  if (enabled("promote-private-arrays")) {
    kernels.addPass(createPromotePrivateArraysPass());
    if (enabled("canonicalize"))
      kernels.addPass(createCanonicalizeInsideOutPass());
    if (enabled("cse"))
      kernels.addPass(mlir::createCSEPass());
    // Promoted arrays of constants (a loop over a tuple of literals, once
    // unrolled) bound values the first run could not.
    if (enabled("narrow-integers"))
      kernels.addPass(createNarrowIntegersPass(options.indexBits, /*versionLoops=*/false));
  }
  if (enabled("distribute-invariant-factor"))
    kernels.addPass(createDistributeInvariantFactorPass(options.fastMath));
  if (enabled("licm"))
    kernels.addPass(mlir::createLoopInvariantCodeMotionPass());
  if (enabled("promote-accumulator"))
    kernels.addPass(createPromoteAccumulatorPass());
  if (enabled("split-guard"))
    kernels.addPass(createSplitKernelGuardPass());
  // The LLVM backend does not take the coarsened kernels' hidden argument
  // into its parameter-block layout yet: coarsening is for the default backend.
  if (!llvmBackend && enabled("coarsen"))
    kernels.addPass(createCoarsenThreadsPass(options.coarsen));
  // The same hidden argument: the default backend only, too.
  if (!llvmBackend && enabled("coarsen-barriers"))
    kernels.addPass(createCoarsenBarrierKernelsPass(options.coarsen));
  if (enabled("stage-shared"))
    kernels.addPass(createStageSharedPass());
  if (enabled("fma-contraction"))
    kernels.addPass(createContractFMAPass(options.fpContract == FPContract::Fast));
  // The LLVM backend has no lowering for the vector views' aliased bindings;
  // --coarsen=1 (one output per invocation) turns this coarsening off too.
  if (!llvmBackend && enabled("vectorize-streaming") && options.coarsen != 1)
    kernels.addPass(createVectorizeStreamingPass());
  if (enabled("unroll-grid-stride"))
    kernels.addPass(createUnrollGridStridePass());
  // LLVM 22's SPIR-V structurizer emits invalid SPIR-V for versioned loops
  // (a loop exit leaving the version's selection): constant divisors only there.
  if (enabled("power-of-two-divisor"))
    kernels.addPass(createPowerOfTwoDivisorPass(/*versionLoops=*/!llvmBackend));
  kernels.addPass(createFloatAtomicStoragePass(options.nativeFloatAtomicAdd));
  // Without float64 the device's float32 division and sqrt are all there is.
  if (options.mathInFloat64)
    kernels.addPass(createCorrectlyRoundedFloat32Pass(options.fastMath));
  // NVIDIA multiplies by a constant divisor's reciprocal (1 ulp off).
  kernels.addPass(createConstantDivisorDivisionPass(options.fastMath));

  auto &gpuModule = pm.nest<mlir::gpu::GPUModuleOp>();
  // The LLVM backend keeps float32 sin/cos/tan in float64 and float64 ones
  // without their medium-range fast path: both branch (scf.if) on |x|, and
  // LLVM 22's SPIR-V structurizer
  // emits invalid SPIR-V when its optimiser finds two such branches on the
  // same condition (sin and cos of one value at -O0).
  gpuModule.addPass(
      createExpandMathLibraryPass(options.mathInFloat64, options.fastMath, !llvmBackend));
  // sin and cos (and tan) of one argument expand to identical reductions and
  // kernels; CSE keeps one of each (the "sincos" fusion).
  if (enabled("cse"))
    gpuModule.addPass(mlir::createCSEPass());
  // lavapipe mis-compares int32 values sign-extended by OpSConvert
  // (SignExtendByShifts.cpp); LLVM's backend would fold the shifts back.
  if (!llvmBackend)
    gpuModule.addNestedPass<mlir::func::FuncOp>(createSignExtendByShiftsPass());
  gpuModule.addPass(createKernelFuncToGPUPass());
  return gpuModule;
}

/// The minimal version/capability/extension triple of a spirv.module: what
/// its operations need (update-vce) and what its built-in variables need
/// (BuiltInCapabilities, which update-vce does not derive).
void addMinimalTriple(mlir::OpPassManager &spirvModule) {
  spirvModule.addPass(mlir::spirv::createSPIRVUpdateVCEPass());
  spirvModule.addPass(createBuiltInCapabilitiesPass());
}

} // namespace

void buildLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options) {
  mlir::OpPassManager &gpuModule = buildKernelPreparation(pm, options, /*llvmBackend=*/false);
  gpuModule.addPass(createConvertMathUBToSPIRVPass());

  pm.addPass(createConvertKernelsToSPIRVPass(options.indexBits == 64));

  auto &spirvModule = pm.nest<mlir::spirv::ModuleOp>();
  spirvModule.addPass(createLowerKernelABIPass(options.localSize));
  if (passEnabled(options, "readonly-buffers"))
    spirvModule.addPass(createMarkReadOnlyBuffersPass());
  spirvModule.addPass(createRelaxSubwordStoresPass());
  spirvModule.addPass(createDecorateNoContractionPass());
  if (passEnabled(options, "canonicalize"))
    spirvModule.addPass(mlir::createCanonicalizerPass());
  addMinimalTriple(spirvModule);
}

void buildFloatControlsPipeline(mlir::PassManager &pm, FloatControlModes modes,
                                std::vector<std::string> fastmathEntries) {
  pm.addPass(createFloatControlsPass(std::move(modes), std::move(fastmathEntries)));
  addMinimalTriple(pm);
}

void buildLLVMLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options) {
  mlir::OpPassManager &gpuModule = buildKernelPreparation(pm, options, /*llvmBackend=*/true);
  gpuModule.addPass(mlir::createSCFToControlFlowPass());
  gpuModule.addPass(createLowerToLLVMSPIRVPass(options.localSize, options.indexBits));
  gpuModule.addPass(mlir::createReconcileUnrealizedCastsPass());
  gpuModule.addPass(mlir::createCanonicalizerPass());
}

} // namespace nvc
