//===- SPIRVBinary.h - Serialize, finish and validate a SPIR-V module ------===//
//
// The last stage of the compiler: MLIR's in-process serializer turns the
// spirv.module into words, the BuiltIn WorkgroupSize decoration and the
// launch-sized shared arrays that the serializer cannot express are added,
// the version --target-env asks for is declared, and SPIRV-Tools validates
// the result for the target environment (nvc never writes a module spirv-val rejects).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_SPIRVBINARY_H
#define NVC_COMPILER_SPIRVBINARY_H

#include "compiler/TargetEnv.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Support/Timing.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// Serializes `module`, decorates the composite named `nvc_workgroup_size`
/// BuiltIn WorkgroupSize, sizes dynamic shared arrays by the specialization
/// constant `nvc_dynamic_shared_bytes` (passes/DynamicSharedMemory.h), declares
/// the target's SPIR-V version when it asks for one (compiler/SPIRVVersion.h),
/// and validates for the target's environment unless `validate` is false (then
/// the caller must validate `words` itself, validateSPIRV). On failure returns
/// false and sets `error` (the validator's message). `timing` (-ftime-report),
/// when given, gets the serialization and the validation as nested timers.
bool emitSPIRV(mlir::spirv::ModuleOp module, const ModuleTarget &target,
               std::vector<uint32_t> &words, std::string &error,
               mlir::TimingScope *timing = nullptr, bool validate = true);

/// Validates `words` by `env`'s rules (spirv-val --target-env). When they do
/// not validate returns false and appends the validator's messages ("word N:
/// ...", one per line) to `messages`, for the caller's internal error: nvc
/// never writes a module spirv-val rejects.
bool validateSPIRV(const std::vector<uint32_t> &words, const TargetEnv &env,
                   std::string &messages);

/// SPIRV-Tools' disassembly (as spirv-dis prints it, with friendly names).
std::string disassembleSPIRV(const std::vector<uint32_t> &words);

} // namespace nvc

#endif // NVC_COMPILER_SPIRVBINARY_H
