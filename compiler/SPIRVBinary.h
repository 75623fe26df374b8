//===- SPIRVBinary.h - Serialize, finish and validate a SPIR-V module ------===//
//
// The last stage of the compiler: MLIR's in-process serializer turns the
// spirv.module into words, the BuiltIn WorkgroupSize decoration and the
// launch-sized shared arrays that the serializer cannot express are added, and SPIRV-Tools validates the result
// for the target environment (nvc never writes a module spirv-val rejects).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_SPIRVBINARY_H
#define NVC_COMPILER_SPIRVBINARY_H

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// Serializes `module`, decorates the composite named `nvc_workgroup_size`
/// BuiltIn WorkgroupSize, sizes dynamic shared arrays by the specialization
/// constant `nvc_dynamic_shared_bytes` (passes/DynamicSharedMemory.h), and
/// validates for Vulkan 1.1. On failure returns
/// false and sets `error` (the validator's message).
bool emitSPIRV(mlir::spirv::ModuleOp module, std::vector<uint32_t> &words, std::string &error);

/// SPIRV-Tools' disassembly (as spirv-dis prints it, with friendly names).
std::string disassembleSPIRV(const std::vector<uint32_t> &words);

} // namespace nvc

#endif // NVC_COMPILER_SPIRVBINARY_H
