//===- LLVMBackend.h - nvc's second backend, through LLVM IR ---------------===//
//
// `--emit=llvm` and `--backend=llvm`: the kernels after nvc's passes are
// lowered to the LLVM dialect (passes/LowerToLLVMSPIRV.cpp), translated to an
// llvm::Module for the Vulkan compute target of LLVM's SPIR-V backend,
// optimised with LLVM's O2 pipeline, and then either printed or compiled to
// SPIR-V in process (the binary completed by LLVMSPIRVFinish.h and validated
// for the target environment, Vulkan 1.2 by default). The kernel ABI is the
// default backend's (docs/manifest.md).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_LLVMBACKEND_H
#define NVC_COMPILER_LLVMBACKEND_H

#include "frontend/mlirgen/MLIRGen.h"
#include "compiler/TargetEnv.h"
#include "passes/Passes.h"

#include <mlir/IR/BuiltinOps.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvc {

/// The target triple: SPIR-V 1.5 for Vulkan 1.2 compute (the lowest
/// Vulkan version LLVM 22's backend targets with 1.5; SPIR-V 1.4+ needs
/// Vulkan 1.2 or VK_KHR_spirv_1_4).
constexpr const char *kLLVMSPIRVTriple = "spirv1.5-unknown-vulkan1.2-compute";

struct LLVMBackendOutput {
  std::string ir;              ///< the optimised LLVM IR (when asked for)
  std::vector<uint32_t> words; ///< the validated SPIR-V (when asked for)
  /// Entry points whose code relies on the no-alias rule (manifest).
  std::set<std::string> assumesNoAlias;
  /// Workgroup memory StageShared added, per entry point (manifest).
  std::map<std::string, uint32_t> stagedSharedBytes;
  std::map<std::string, unsigned> gridSyncWords; ///< as SPIRVModuleInfo's
};

/// Lowers `module` (verified frontend MLIR; consumed) through LLVM. With
/// `emitIR` sets `out.ir` and stops; otherwise sets `out.words`: SPIR-V 1.5,
/// or the later version `env` consumes (--target-env), validated for `env`. `abis`
/// names the values after the Python parameters. MLIR failures are
/// reported through the context's diagnostic handler; other failures set
/// `error`. Returns false on any failure.
bool compileThroughLLVM(mlir::ModuleOp module, const std::vector<EntryPointABI> &abis,
                        const PipelineOptions &options, const TargetEnv &env, bool emitIR,
                        LLVMBackendOutput &out, std::string &error);

} // namespace nvc

#endif // NVC_COMPILER_LLVMBACKEND_H
