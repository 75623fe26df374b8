//===- MLIRGen.h - MLIR generation from typed kernels ----------------------===//
//
// Emits one `gpu.module` holding a `func.func` per typed kernel (marked with
// the unit attribute `nvc.kernel`; the pipeline turns it into a gpu.func once
// its control flow is structured). Python semantics are spelled out here:
// locals are `memref.alloca`s (promoted to SSA values by mem2reg), control
// flow (break, continue, return, short-circuit and/or, chained comparisons)
// is unstructured `cf` branches (lifted to `scf` by lift-cf-to-scf), floor
// division and modulo follow Python for negative operands, integer division
// by zero gives 0 as in numba.cuda, and integers are 32 bits wide unless the
// kernel asks for exact 64-bit integers.
//
// Kernel ABI at this level (see docs/manifest.md): the function takes, in
// order, the user's scalar parameters, one StorageBuffer memref<?xT> per
// array parameter, then for each array its extents, strides and element
// offset. The SPIR-V ABI pass puts every non-buffer argument, in order, into
// the parameter block.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MLIRGEN_H
#define NVC_FRONTEND_MLIRGEN_H

#include "abi/KernelABI.h"
#include "frontend/sema/TypeInference.h"

#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/OwningOpRef.h>

#include <string>
#include <vector>

namespace nvc {

/// The MLIR dialects nvc generates and lowers through.
void registerNvcDialects(mlir::MLIRContext &context);

/// Module-wide choices of code generation (all kernels of a module agree;
/// device functions follow them).
struct ModuleLowering {
  /// Width of Python integers (int64, uint64) inside kernels: 32 wraps them
  /// at 2³¹ (numba-vulkan's default), 64 is exact (numba-cuda's).
  unsigned intBits = 32;
  /// Width of array extents, strides and indices in the kernel ABI (the
  /// manifest's index_bits); independent of intBits: an index is truncated
  /// to it (in range for every valid access).
  unsigned indexBits = 32;
  bool narrowFloats = false; ///< compute float64 in float32
  /// The target has no float64 (--no-float64): float64 and complex128 data
  /// is float32/complex64 in memory too, converted by the launcher.
  bool float32Storage = false;
};

/// Generates the module for `kernels` (each with its entry point name), one
/// fused entry point per launch chain of `chains` (after the kernels; a
/// chain launches kernels by entry name), and the device-function
/// specializations of `inference` they call.
/// Throws CompileError for constructs that type-check but cannot be
/// generated yet, and for chains whose launches do not fit their kernels.
/// `abis` receives one entry per kernel, in order, then one per chain.
mlir::OwningOpRef<mlir::ModuleOp>
generateMLIR(mlir::MLIRContext &context, const SourceFile &file,
             const std::vector<std::pair<std::string, const TypedKernel *>> &kernels,
             const InferenceContext &inference, const ModuleLowering &lowering,
             const std::vector<LaunchChain> &chains, std::vector<EntryPointABI> &abis);

} // namespace nvc

#endif // NVC_FRONTEND_MLIRGEN_H
