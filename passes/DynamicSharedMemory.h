//===- DynamicSharedMemory.h - numba-cuda's dynamic shared memory ----------===//
//
// `cuda.shared.array(0, dtype)` is numba-cuda's dynamic shared memory: a
// one-dimensional workgroup array whose bytes the launch chooses (the 4th
// launch parameter, `kernel[blocks, threads, stream, bytes]`); every such
// array of a kernel and of the device functions it calls names the same
// memory, from its start, and its length is bytes // itemsize. How nvc
// carries it from the frontend to the binary (docs/design.md, "Dynamic
// shared memory"):
//
//  1. MLIR generation: the byte count is a call of the declaration
//     kDynamicSharedBytesFunction (`() -> i32`), the array a call of the
//     declaration kDynamicSharedArrayPrefix + element type (`() ->
//     memref<?xT, Workgroup>`) marked abi::kDynamicSharedAttr (its NumPy dtype)
//     and kDynamicSharedItemsizeAttr, its `.shape[0]` the bytes divided by
//     the itemsize. Calls, because canonicalization erases an allocation
//     that is only written, which a device function's dynamic array may be
//     before it is inlined next to the kernel's, which reads it.
//  2. After inlining (createDynamicSharedMemoryPass): each kernel gets the
//     byte count as one hidden i32 argument (index in the function
//     attribute kDynamicSharedArgAttr, dtype in kDynamicSharedDtypeAttr),
//     and all its dynamic arrays become one `memref.alloc(%slots)` marked
//     like the calls, at entry, so that MLIR's alias analyses see the
//     aliasing.
//  3. SPIR-V conversion (populateDynamicSharedToSPIRVPatterns): the
//     allocation becomes a Workgroup variable of a struct holding a runtime
//     array (the type MLIR's converter gives a memref<?xT>).
//  4. LowerKernelABI: the hidden argument becomes the specialization
//     constant kDynamicSharedBytesName, SpecId kDynamicSharedBytesSpecId.
//  5. After serialization (compiler/SPIRVBinary.cpp): the runtime array
//     becomes an OpTypeArray whose length is a specialization-constant
//     expression of that constant: max(1, ceil(bytes / element bytes)), as
//     Vulkan has no zero-length arrays.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_DYNAMICSHAREDMEMORY_H
#define NVC_PASSES_DYNAMICSHAREDMEMORY_H

#include "abi/Attributes.h" // the attributes the pass reads and writes

#include <cstdint>

namespace mlir {
class RewritePatternSet;
class TypeConverter;
} // namespace mlir

namespace nvc {

/// Step 3: the SPIR-V conversion of the kernel's dynamic shared allocation
/// (a Workgroup variable named `<kernel>_dynamic_shared`); ahead of MLIR's
/// memref patterns, which convert static allocations only.
void populateDynamicSharedToSPIRVPatterns(const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);

/// The private declaration `() -> i32` whose calls stand for the launch's
/// dynamic shared-memory bytes until the kernel's hidden argument replaces
/// them.
inline constexpr const char *kDynamicSharedBytesFunction = "__nvc_dynamic_shared_bytes";
/// Prefix of the private declarations `() -> memref<?xT, Workgroup>` whose
/// calls stand for dynamic shared arrays until the pass above replaces them
/// (the element type's MLIR spelling follows: `…_f32`).
inline constexpr const char *kDynamicSharedArrayPrefix = "__nvc_dynamic_shared_array_";
/// The specialization constant (OpName) holding the bytes.
inline constexpr const char *kDynamicSharedBytesName = "nvc_dynamic_shared_bytes";
/// Its SpecId: after the workgroup size's 0, 1, 2.
inline constexpr uint32_t kDynamicSharedBytesSpecId = 3;

} // namespace nvc

#endif // NVC_PASSES_DYNAMICSHAREDMEMORY_H
