//===- Attributes.h - The nvc.* attribute names, declared once ------------===//
//
// Every attribute nvc puts on MLIR operations to carry a fact from one stage
// to another (MLIR generation → passes → SPIR-V ABI lowering → manifest
// writer and LLVM backend), as clspv declares its names in one Constants.h.
// Code never spells "nvc.…" itself: it names the constant here, so a search
// for the constant finds every producer and consumer of the fact.
//
// Each entry says what carries it, who sets it and who reads it.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_ABI_ATTRIBUTES_H
#define NVC_ABI_ATTRIBUTES_H

#include <llvm/ADT/StringRef.h>

namespace nvc::abi {

//===--- On kernel functions (func.func, later gpu.func / spirv.func) ----===//

/// Unit: the function is an entry point (a kernel or a launch chain's fused
/// entry point). Set by MLIR generation; read by the passes that work on
/// kernels only, KernelFuncToGPU, the LLVM backend and the driver.
inline constexpr llvm::StringLiteral kKernelAttr = "nvc.kernel";
/// Unit: the entry point is a launch chain's (docs/language.md "Launch
/// chains"). Set by MLIR generation; read by ChainIntermediates and
/// DynamicSharedMemory.
inline constexpr llvm::StringLiteral kChainAttr = "nvc.chain";
/// String: the Python function's name. Set by MLIR generation; kept by
/// KernelFuncToGPU; read by the manifest writer.
inline constexpr llvm::StringLiteral kPythonNameAttr = "nvc.python_name";
/// Unit: the kernel was decorated fastmath=True (Numba's fastmath). Set by
/// MLIR generation; read by the passes that may then approximate
/// (passes/FastMath.h) and by the driver.
inline constexpr llvm::StringLiteral kFastmathAttr = "nvc.fastmath";
/// i32: the thread-coarsening factor the decorator asks for (coarsen=).
/// Set by MLIR generation; read by CoarsenThreads.
inline constexpr llvm::StringLiteral kCoarsenRequestAttr = "nvc.coarsen_request";
/// i32: the invocations along x one invocation now does (CoarsenThreads,
/// VectorizeStreaming); the manifest's `coarsen`.
inline constexpr llvm::StringLiteral kCoarsenAttr = "nvc.coarsen";
/// i32: the workgroups along y one workgroup now does the work of
/// (CoarsenBarrierKernels' 2-D merge); the manifest's `coarsen_y`.
inline constexpr llvm::StringLiteral kCoarsenYAttr = "nvc.coarsen_y";
/// Unit: the generated code relies on no two array arguments sharing memory
/// (docs/language.md); set by the passes that make that assumption and by
/// chains; the manifest's `assumes_no_alias`.
inline constexpr llvm::StringLiteral kAssumesNoAliasAttr = "nvc.assumes_no_alias";
/// i64: bytes of workgroup memory StageShared and CoarsenBarrierKernels (its
/// copies of replicated shared arrays) added; the manifest adds them to the
/// kernel's shared memory.
inline constexpr llvm::StringLiteral kStagedSharedBytesAttr = "nvc.staged_shared_bytes";
/// DenseI32Array of (view, array) argument-index pairs: VectorizeStreaming's
/// vector views of an array argument's buffer; LowerKernelABI binds each view
/// to its array's buffer binding and removes the attribute.
inline constexpr llvm::StringLiteral kBufferAliasesAttr = "nvc.buffer_aliases";
/// i32, on a kernel: the index of its hidden grid-sync buffer argument (the
/// kernel has grid barriers). Set by MLIR generation; read by
/// SplitGridBarriers and the passes that must leave such kernels alone.
inline constexpr llvm::StringLiteral kGridSyncArgAttr = "nvc.grid_sync_arg";
/// Unit, on a kernel with grid barriers: its schedule is dynamic (a barrier
/// in a while loop): it sets the word after the buffer's slots whenever an
/// invocation stops at a barrier. Set by MLIR generation; read by
/// SplitGridBarriers.
inline constexpr llvm::StringLiteral kGridSyncDynamicAttr = "nvc.grid_sync_dynamic";
/// i32, on a kernel: the grid-sync buffer's 32-bit words per invocation.
/// Set by SplitGridBarriers; read by the manifest writer.
inline constexpr llvm::StringLiteral kGridSyncWordsAttr = "nvc.grid_sync_words";
/// i32, on the gpu.barrier that marks a grid barrier (`g.sync()`): its
/// phase, 1 for the first barrier in the source. Set by MLIR generation;
/// SplitGridBarriers replaces the marker (no gpu.barrier with it is left).
inline constexpr llvm::StringLiteral kGridBarrierAttr = "nvc.grid_barrier";
/// Array of strings: the Python names of a kernel's MLIR arguments, in
/// argument order; set by the LLVM backend (compiler/LLVMBackend.cpp), read
/// by LowerToLLVMSPIRV and kept by KernelFuncToGPU.
inline constexpr llvm::StringLiteral kArgNamesAttr = "nvc.arg_names";

//===--- Dynamic shared memory (passes/DynamicSharedMemory.h) -------------===//

/// String, on a dynamic shared array's call and memref.alloc: the NumPy
/// dtype name.
inline constexpr llvm::StringLiteral kDynamicSharedAttr = "nvc.dynamic_shared";
/// i32, on a dynamic shared array's call and memref.alloc: the dtype's
/// itemsize in bytes (numba's).
inline constexpr llvm::StringLiteral kDynamicSharedItemsizeAttr = "nvc.dynamic_shared_itemsize";
/// i32, on a kernel: the index of its hidden argument holding the bytes.
inline constexpr llvm::StringLiteral kDynamicSharedArgAttr = "nvc.dynamic_shared_arg";
/// String, on a kernel: the NumPy dtype of its dynamic shared array (the
/// manifest's).
inline constexpr llvm::StringLiteral kDynamicSharedDtypeAttr = "nvc.dynamic_shared_dtype";
/// i32, on a kernel: bytes of one element of the SPIR-V array (the dtype's,
/// narrowed, or a complex part's), for the manifest.
inline constexpr llvm::StringLiteral kDynamicSharedWordAttr = "nvc.dynamic_shared_word_bytes";

//===--- On arguments and operations --------------------------------------===//

/// Unit, on a kernel argument: the value is never negative (array extents,
/// strides and offsets); set by MLIR generation and DynamicSharedMemory,
/// read by the integer-range analysis (passes/IntegerRanges.h).
inline constexpr llvm::StringLiteral kNonNegativeAttr = "nvc.non_negative";
/// String, on a launch chain's memref.alloca: the intermediate's name;
/// ChainIntermediates checks its uses and keeps it in a register.
inline constexpr llvm::StringLiteral kChainIntermediateAttr = "nvc.chain_intermediate";

//===--- Diagnostics ------------------------------------------------------===//

/// Tag in the metadata of an MLIR error diagnostic that a pass emits about
/// the user's source (not an internal error): the driver prints it as a
/// plain source error.
inline constexpr llvm::StringLiteral kSourceErrorTag = "nvc.source-error";

} // namespace nvc::abi

#endif // NVC_ABI_ATTRIBUTES_H
