//===- WorkgroupMemory.h - Whether a memref is shared (workgroup) memory ---===//
//
// nvc's shared arrays (MLIRGen) carry the SPIR-V Workgroup storage class;
// the gpu dialect's workgroup address space is accepted too, for IR written
// by hand (nvc-opt tests). The passes that must leave kernels with shared
// memory alone, or treat it apart (thread coarsening, the coarsening of
// barrier kernels, grid-barrier splitting), ask this one question.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_WORKGROUPMEMORY_H
#define NVC_PASSES_WORKGROUPMEMORY_H

#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/IR/BuiltinTypes.h>

namespace nvc {

/// Whether `type` is a memref in workgroup memory.
inline bool isWorkgroupMemory(mlir::Type type) {
  auto memref = llvm::dyn_cast<mlir::MemRefType>(type);
  if (!memref)
    return false;
  if (auto space = llvm::dyn_cast_or_null<mlir::gpu::AddressSpaceAttr>(memref.getMemorySpace()))
    return space.getValue() == mlir::gpu::AddressSpace::Workgroup;
  if (auto space = llvm::dyn_cast_or_null<mlir::spirv::StorageClassAttr>(memref.getMemorySpace()))
    return space.getValue() == mlir::spirv::StorageClass::Workgroup;
  return false;
}

} // namespace nvc

#endif // NVC_PASSES_WORKGROUPMEMORY_H
