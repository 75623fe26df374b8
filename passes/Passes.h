//===- Passes.h - nvc's MLIR passes and pipeline ---------------------------===//
//
// Each pass lives in a file of its own; this header is their only export.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_PASSES_H
#define NVC_PASSES_PASSES_H

#include "abi/Attributes.h"

#include <mlir/Pass/Pass.h>
#include <mlir/Pass/PassManager.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace nvc {

/// On each launch-chain entry point (`nvc.chain`, after inlining): checks
/// that every access to an intermediate (`nvc.chain_intermediate` alloca)
/// is at the invocation's own cuda.grid(1) index, else a source error, and
/// keeps each intermediate in a register (docs/optimisation.md, "Launch
/// chains").
std::unique_ptr<mlir::Pass> createChainIntermediatesPass();
/// Makes each kernel with grid barriers (abi::kGridSyncArgAttr) resumable at
/// them, one dispatch per phase (frontend/sema/GridSchedule.h); runs after
/// inlining, before mem2reg. Sets abi::kGridSyncWordsAttr.
std::unique_ptr<mlir::Pass> createSplitGridBarriersPass();
/// Turns each operation on an arith.select of memrefs (a variable holding
/// views of several array arguments) into an scf.if choosing the operation on
/// one buffer or the other (Vulkan cannot select between storage buffers).
std::unique_ptr<mlir::Pass> createExpandBufferSelectsPass();

/// On each gpu.module after inlining (passes/DynamicSharedMemory.h, step 2):
/// gives every kernel with dynamic shared arrays (`cuda.shared.array(0,
/// dtype)`, also from its device functions) one allocation of them at entry
/// and the launch's byte count as a hidden last i32 argument (function
/// attribute `nvc.dynamic_shared_arg`); source errors for arrays of
/// different element types in one kernel, for launch chains, and with
/// `llvmBackend`, which does not support them.
std::unique_ptr<mlir::Pass> createDynamicSharedMemoryPass(bool llvmBackend);

/// Rewrites scf.index_switch (from lift-cf-to-scf) as nested scf.if, which
/// the SCF-to-SPIR-V conversion handles.
std::unique_ptr<mlir::Pass> createLowerIndexSwitchPass();

/// MLIR's canonicalizer with each nested region of many operations
/// canonicalized first as a scope of its own, inner ones first: the same
/// patterns and configuration, without the upstream pass's walk of the whole
/// kernel after each change inside its guard (CanonicalizeInsideOut.cpp;
/// issue 25).
std::unique_ptr<mlir::Pass> createCanonicalizeInsideOutPass();

/// Turns each `func.func` marked `nvc.kernel` inside a gpu.module into a
/// `gpu.func` kernel with an (empty) `spirv.entry_point_abi`, once its
/// control flow is structured.
std::unique_ptr<mlir::Pass> createKernelFuncToGPUPass();

/// Replaces MLIR's default SPIR-V entry-point ABI with nvc's (see
/// docs/manifest.md): storage buffers at set 0, bindings in order; one
/// parameter block (push constants, or a uniform buffer when larger than
/// 128 bytes) holding every scalar argument in order; the workgroup size as
/// specialization constants 0, 1, 2 with `defaultLocalSize` as default.
std::unique_ptr<mlir::Pass>
createLowerKernelABIPass(std::array<int32_t, 3> defaultLocalSize);

/// Decorates the storage buffers an entry point only loads from NonWritable
/// (all variables of a binding; drivers may then read them through a
/// non-coherent read-only path) and marks an entry point that also writes a
/// buffer `nvc.assumes_no_alias` (MarkReadOnlyBuffers.cpp).
std::unique_ptr<mlir::Pass> createMarkReadOnlyBuffersPass();

/// MLIR's inline pass with `defaultPipeline` (canonicalize, or empty),
/// not run when the gpu.module has no call and the pipeline is empty: the
/// same output, without its walk (RunWhenNeeded.cpp).
std::unique_ptr<mlir::Pass> createInlineWhenCallsPass(llvm::StringRef defaultPipeline);

/// convert-math-to-spirv and convert-ub-to-spirv on a gpu.module, each run
/// only when an operation of its dialect is present (RunWhenNeeded.cpp).
std::unique_ptr<mlir::Pass> createConvertMathUBToSPIRVPass();

/// After spirv-update-vce: adds the capabilities that built-in variables
/// need (SubgroupLocalInvocationId, SubgroupSize: GroupNonUniform, SPIR-V
/// 1.3), which update-vce does not derive from decorations.
std::unique_ptr<mlir::Pass> createBuiltInCapabilitiesPass();

/// The float execution modes (SPV_KHR_float_controls) that a module variant
/// requests for its entry points (FloatControls.cpp, docs/manifest.md
/// "variants").
struct FloatControlModes {
  /// DenormPreserve 32: float32 subnormals survive on devices that flush them
  /// by default (NVIDIA); needs shaderDenormPreserveFloat32.
  bool denormPreserve32 = false;
  /// SignedZeroInfNanPreserve for each of these float widths (16, 32, 64):
  /// the device may not assume away signed zeros, infinities and NaNs; needs
  /// shaderSignedZeroInfNanPreserveFloat<width> for each.
  std::vector<int32_t> signedZeroInfNanPreserveWidths;
};

/// Adds the execution modes of `modes` to every entry point but those named
/// in `fastmathEntries` (fastmath kernels, which Numba's fastmath=True also
/// lets flush subnormals and assume no NaN). The module then needs the
/// DenormPreserve / SignedZeroInfNanPreserve capabilities and
/// SPV_KHR_float_controls (derived by the update-vce that follows it in
/// buildFloatControlsPipeline; the target environment must allow them).
std::unique_ptr<mlir::Pass> createFloatControlsPass(FloatControlModes modes,
                                                    std::vector<std::string> fastmathEntries);

/// Gives the AtomicAnd/AtomicOr pairs by which MLIR emulates bool, 8- and
/// 16-bit stores to 32-bit words relaxed semantics (None instead of
/// AcquireRelease): a store orders nothing, and lavapipe loses later stores
/// after acquire-release pairs in a loop (RelaxSubwordStores.cpp).
std::unique_ptr<mlir::Pass> createRelaxSubwordStoresPass();

/// Decorates every float add, subtract, multiply, negate and divide NoContraction,
/// so drivers do not fuse them into FMAs (results then match a CPU).
std::unique_ptr<mlir::Pass> createDecorateNoContractionPass();

/// Replaces math-dialect operations and `@nvc_math_*` calls with nvc's own
/// float32/float64 implementations (ExpandMathLibrary.cpp, docs/math.md).
/// Without `useFloat64` (targets lacking it) float32 functions keep the
/// GLSL built-ins. With `fastMath` (--fastmath), and in kernels marked
/// `nvc.fastmath` (fastmath=True), float32 functions that GLSL.std.450 has
/// keep the built-in (driver accuracy; docs/math.md has lavapipe's).
/// With `float32Trig` false, float32 sin/cos/tan are computed in float64
/// like the other functions, and float64 sin/cos/tan use the exact range
/// reduction only, without the medium-range fast path in an scf.if (the
/// LLVM backend; Pipeline.cpp says why).
std::unique_ptr<mlir::Pass> createExpandMathLibraryPass(bool useFloat64 = true,
                                                        bool fastMath = false,
                                                        bool float32Trig = true);

/// Computes float32 division and sqrt in float64, rounded once to float32
/// (correctly rounded as on a CPU; Vulkan allows the device's float32 ones
/// 2.5 ulp), except in kernels with fastmath permission (every kernel when
/// `fastMath`) and operations flagged `afn`/`arcp`. Only for targets with
/// float64. See CorrectlyRoundedFloat32.cpp.
std::unique_ptr<mlir::Pass> createCorrectlyRoundedFloat32Pass(bool fastMath = false);

/// Replaces each float64 `x / c` (scalar or vector), c a constant that is
/// not a power of two, by the reciprocal product corrected with exact
/// (Dekker) remainders: correctly rounded where NVIDIA's driver would
/// multiply by the reciprocal (1 ulp off). Zeros, infinities, NaN and
/// quotients that are not normal keep a division, by a divisor the driver
/// cannot take for a constant. Not in fastmath kernels (all of them if
/// `fastMath`) (ConstantDivisorDivision.cpp).
std::unique_ptr<mlir::Pass> createConstantDivisorDivisionPass(bool fastMath = false);

/// Gives every float array that a float atomic updates through a
/// compare-and-swap loop integer elements of the same width (bit-cast on
/// load and store), since Vulkan has no float compare-and-swap. With
/// `nativeFloatAdd`, float32 adds on storage buffers keep their float array
/// (OpAtomicFAddEXT). Runs on kernels with device functions inlined.
std::unique_ptr<mlir::Pass> createFloatAtomicStoragePass(bool nativeFloatAdd);

/// MLIR's convert-gpu-to-spirv plus nvc's conversion of atomics
/// (memref.generic_atomic_rmw; AtomicRMWToSPIRV.h).
std::unique_ptr<mlir::Pass> createConvertKernelsToSPIRVPass(bool use64bitIndex);
/// Fuses float `a*b + c` (and `acc ± (a*b ± c*d)`, a complex
/// multiply-accumulate) into `math.fma` in kernels marked `nvc.fastmath`
/// (fastmath=True), or in every kernel when `allKernels`
/// (--fp-contract=fast). See ContractFMA.cpp and docs/optimisation.md.
std::unique_ptr<mlir::Pass> createContractFMAPass(bool allKernels = false);

/// Replaces each arith.cmpi whose outcome the signed ranges of its operands
/// decide (Python's `i < 0` negative-index and floor-division sign tests of
/// never-negative indices) with a constant; `indexBits` (32 or 64) bounds the
/// invocation ids the runtime can launch. See FoldRangeChecks.cpp.
std::unique_ptr<mlir::Pass> createFoldRangeChecksPass(unsigned indexBits);

/// Computes i64 integer arithmetic in i32 where value ranges (IntegerRanges.h;
/// `indexBits` bounds the invocation ids as for FoldRangeChecks) or a
/// truncation of the result prove the 32-bit result the same, and carries
/// sign-extended int32 loop values as i32; with `versionLoops`, a loop whose
/// counter feeds 64-bit arithmetic the ranges cannot narrow also runs as a
/// 32-bit copy where its bound is small. See NarrowIntegers.cpp.
std::unique_ptr<mlir::Pass> createNarrowIntegersPass(unsigned indexBits, bool versionLoops);

/// Writes each arith.extsi from i32 to i64 as a zero extension and two
/// shifts, which lavapipe compares correctly (SignExtendByShifts.cpp).
std::unique_ptr<mlir::Pass> createSignExtendByShiftsPass();

/// Unrolls grid-stride loops (a counter advancing by a loop-invariant,
/// non-constant step; a short straight-line body that loads from a storage
/// buffer) by four, with the next four iterations' conditions tested up
/// front and the original loop running the rest, so drivers can issue four
/// independent loads at once. See UnrollGridStride.cpp.
std::unique_ptr<mlir::Pass> createUnrollGridStridePass();

/// Replaces float divisions by a power of two with multiplications by its
/// exact reciprocal (bit-identical): by a constant anywhere; by divisors
/// defined outside the loop a division is in by versioning the loop on a
/// test of their bits (a copy that multiplies where all are powers of two,
/// the original loop where not; only with `versionLoops`). Scalar float32
/// and float64. See PowerOfTwoDivisor.cpp.
std::unique_ptr<mlir::Pass> createPowerOfTwoDivisorPass(bool versionLoops = true);

/// Fuses adjacent loops of a block that run over the same counter when no
/// dependence forbids it (a row's sum and its sum of squares; a loop that
/// writes tmp[j] and one that reads tmp[j]); kernels whose fusion relies on
/// nvc's no-alias rule for array arguments get `nvc.assumes_no_alias`. See
/// LoopFusion.cpp and docs/optimisation.md.
std::unique_ptr<mlir::Pass> createLoopFusionPass();

/// Rewrites c·(x₁·y₁ ± … ± xₙ·yₙ) inside a loop, with c and every yᵢ
/// loop-invariant, as x₁·(c·y₁) ± … ± xₙ·(c·yₙ), so LICM hoists the c·yᵢ
/// (the workshop's 2π·l hoisting). Changes rounding, so only in kernels
/// marked `nvc.fastmath` (fastmath=True), or every kernel when
/// `allKernels` (--fastmath). See DistributeInvariantFactor.cpp.
std::unique_ptr<mlir::Pass> createDistributeInvariantFactorPass(bool allKernels = false);

/// Keeps a loop's read-modify-write of one element of an array argument
/// (`img[k] += …` in a loop) in a register, loaded before the loop and
/// stored after it; marks kernels that rely on nvc's no-alias rule for
/// array arguments `nvc.assumes_no_alias`. See PromoteAccumulator.cpp.
std::unique_ptr<mlir::Pass> createPromoteAccumulatorPass();

/// Fully unrolls loops with a small constant trip count whose counter
/// indexes a private array (`for i in range(C)` over a cuda.local.array),
/// within a code-size budget. See UnrollLoops.cpp.
std::unique_ptr<mlir::Pass> createUnrollLoopsPass();

/// Replaces each private array (memref.alloca) whose every access has
/// constant indices with one SSA value per element (scalar replacement,
/// then mem2reg). See PromotePrivateArrays.cpp.
std::unique_ptr<mlir::Pass> createPromotePrivateArraysPass();

/// Stages a uniform top-level loop's reads of array elements that do not
/// depend on the invocation (`us[j]` in the imaging kernel's visibility
/// loop) through workgroup memory, tile by tile, as the workshop's
/// Optimisation 5; records the bytes added as `nvc.staged_shared_bytes`.
/// See StageShared.cpp.
std::unique_ptr<mlir::Pass> createStageSharedPass();

/// Rewrites a kernel `i = cuda.grid(1); if i < n: {A; loop; B}` whose loop
/// does not depend on A for its trip count and read addresses and writes no
/// memory as `vals = if c {A} else {zeros}; loop; if c {B}`: the loop then
/// runs in every invocation (SplitKernelGuard.cpp, docs/optimisation.md).
std::unique_ptr<mlir::Pass> createSplitKernelGuardPass();

/// Thread coarsening: each invocation of a kernel that uses the invocation
/// only through the global id (1-D: along x; 2-D: along y) computes
/// `factor` outputs (strided by the dispatched grid), their loops jammed
/// into one so that reads that do not depend on the output are shared.
/// `factor` 0: the kernel's coarsen=, else the cost model; 1: off (coarsen=
/// still applies). Marks coarsened kernels `nvc.coarsen` (along y:
/// `nvc.coarsen_y`) and gives them a hidden last argument, the requested
/// grid size along that axis (CoarsenThreads.cpp, docs/optimisation.md,
/// docs/manifest.md).
std::unique_ptr<mlir::Pass> createCoarsenThreadsPass(unsigned factor = 0);

/// Thread coarsening of kernels with shared memory and workgroup barriers:
/// one workgroup does the work of `factor` neighbouring workgroups along x,
/// barriers kept once, shared arrays replicated only where the copies' stores
/// differ (0: the cost model; 1: off, coarsen= still applies). Marks
/// coarsened kernels `nvc.coarsen` with the same hidden last argument as
/// CoarsenThreads (CoarsenBarrierKernels.cpp, docs/optimisation.md).
std::unique_ptr<mlir::Pass> createCoarsenBarrierKernelsPass(unsigned factor = 0);

/// Gives each invocation of a streaming kernel (one guarded straight-line
/// body over `x[i]`, `y[i]`, … with i = cuda.grid(1)) four consecutive
/// elements of the requested grid, loaded and stored as 16-byte vectors
/// when aligned (VectorizeStreaming.cpp). Marks the kernel `nvc.coarsen` = 4
/// (hidden last parameter: requested invocations along x) and
/// `nvc.buffer_aliases` (vector views bound like their arrays). SPIR-V
/// backend only.
std::unique_ptr<mlir::Pass> createVectorizeStreamingPass();

/// --fp-contract (as Clang's -ffp-contract): `Off` fuses only in kernels
/// decorated fastmath=True, `Fast` in every kernel.
enum class FPContract { Off, Fast };

/// One optional (optimisation) pass of the pipeline: what `-O` level first
/// runs it and the `-fno-<name>` switch that removes it. Every pass not in
/// this table is needed for correctness and runs at every level.
struct OptimizationPass {
  const char *name;      ///< the switch's name: -fno-<name>
  const char *argument;  ///< MLIR pass argument (--mlir-print-ir-after)
  unsigned minLevel;     ///< first -O level that runs it
  const char *summary;   ///< one line for --help and the docs
};

/// The table of optional passes, in pipeline order (Pipeline.cpp).
llvm::ArrayRef<OptimizationPass> optimizationPasses();

/// Default -O level of nvc (docs/optimisation.md).
constexpr unsigned kDefaultOptLevel = 2;

/// Lowers a gpu.module of gpu.func kernels (arith, math, memref, cf, gpu
/// operations) to LLVM-dialect functions for LLVM's SPIR-V backend (Vulkan
/// compute), with nvc's kernel ABI expressed through `llvm.spv.resource.*`
/// intrinsics and a push-constant global (LowerToLLVMSPIRV.cpp).
std::unique_ptr<mlir::Pass> createLowerToLLVMSPIRVPass(std::array<int32_t, 3> defaultLocalSize,
                                                       unsigned indexBits);

struct PipelineOptions {
  std::array<int32_t, 3> localSize = {64, 1, 1};
  unsigned indexBits = 32;
  /// The math library may compute in float64 (false for --no-float64).
  bool mathInFloat64 = true;
  /// float32 atomic adds on storage buffers use OpAtomicFAddEXT
  /// (SPV_EXT_shader_atomic_float_add) instead of a compare-and-swap loop.
  bool nativeFloatAtomicAdd = false;
  /// -O level, 0..3.
  unsigned optLevel = kDefaultOptLevel;
  /// Names (OptimizationPass::name) of passes removed with -fno-<name>.
  std::vector<std::string> disabledPasses;
  FPContract fpContract = FPContract::Off;
  /// --fastmath: every kernel as if decorated fastmath=True (faster float32
  /// math built-ins, reassociation; implies FPContract::Fast).
  bool fastMath = false;
  /// --coarsen=C: thread coarsening factor for kernels without coarsen=
  /// (1: off); 0: the cost model decides.
  unsigned coarsen = 0;
};

/// Adds the passes from frontend MLIR (func.func kernels with cf control
/// flow and allocas) to a serializable spirv.module, in order: the passes
/// correctness needs, and the optimisation passes that `options.optLevel`
/// and `options.disabledPasses` select.
void buildLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options);

/// Turns a finished spirv.module (the output of buildLoweringPipeline, its
/// target environment attached to it) into a float-controls variant: the
/// execution modes of `modes` on every entry point, and the version,
/// capability and extension triple derived again (DenormPreserve,
/// SignedZeroInfNanPreserve, SPV_KHR_float_controls). Entry points named in
/// `fastmathEntries` are left as they are. Far cheaper than a second run of
/// the whole pipeline.
void buildFloatControlsPipeline(mlir::PassManager &pm, FloatControlModes modes,
                                std::vector<std::string> fastmathEntries);

/// The LLVM backend's pipeline: the same preparation of the kernels, then
/// scf → cf and LowerToLLVMSPIRV; the gpu.module then holds only LLVM-dialect
/// operations, ready for translation to LLVM IR.
void buildLLVMLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options);

} // namespace nvc

#endif // NVC_PASSES_PASSES_H
