//===- Passes.h - nvc's MLIR passes and pipeline ---------------------------===//
//
// Each pass lives in a file of its own; this header is their only export.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_PASSES_H
#define NVC_PASSES_PASSES_H

#include <mlir/Pass/Pass.h>
#include <mlir/Pass/PassManager.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace nvc {

/// Rewrites scf.index_switch (from lift-cf-to-scf) as nested scf.if, which
/// the SCF-to-SPIR-V conversion handles.
std::unique_ptr<mlir::Pass> createLowerIndexSwitchPass();

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

/// Decorates every float add, subtract, multiply and negate NoContraction,
/// so drivers do not fuse them into FMAs (results then match a CPU).
std::unique_ptr<mlir::Pass> createDecorateNoContractionPass();

/// Replaces math-dialect operations and `@nvc_math_*` calls with nvc's own
/// float32/float64 implementations (ExpandMathLibrary.cpp, docs/math.md).
/// Without `useFloat64` (targets lacking it) float32 functions keep the
/// GLSL built-ins.
std::unique_ptr<mlir::Pass> createExpandMathLibraryPass(bool useFloat64 = true);

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

/// Keeps a loop's read-modify-write of one element of an array argument
/// (`img[k] += …` in a loop) in a register, loaded before the loop and
/// stored after it; marks kernels that rely on nvc's no-alias rule for
/// array arguments `nvc.assumes_no_alias`. See PromoteAccumulator.cpp.
std::unique_ptr<mlir::Pass> createPromoteAccumulatorPass();

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
};

/// Adds the passes from frontend MLIR (func.func kernels with cf control
/// flow and allocas) to a serializable spirv.module, in order: the passes
/// correctness needs, and the optimisation passes that `options.optLevel`
/// and `options.disabledPasses` select.
void buildLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options);

/// The LLVM backend's pipeline: the same preparation of the kernels, then
/// scf → cf and LowerToLLVMSPIRV; the gpu.module then holds only LLVM-dialect
/// operations, ready for translation to LLVM IR.
void buildLLVMLoweringPipeline(mlir::PassManager &pm, const PipelineOptions &options);

} // namespace nvc

#endif // NVC_PASSES_PASSES_H
