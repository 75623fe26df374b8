//===- Manifest.h - The JSON binding manifest written next to the .spv -----===//
//
// Builds the manifest described in docs/manifest.md (schema:
// docs/manifest.schema.json) from what MLIR generation decided about each
// entry point and what the final SPIR-V module requires.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_MANIFEST_H
#define NVC_COMPILER_MANIFEST_H

#include "compiler/TargetEnv.h"
#include "frontend/mlirgen/MLIRGen.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvc {

/// What a launcher needs to know about a SPIR-V module as a whole: its
/// version ("1.3"), the SPIRV-Tools target environment it was validated for
/// ("vulkan1.1"), and the capabilities and extensions it declares.
struct SPIRVModuleInfo {
  std::string version = "1.0";
  std::string targetEnv = "vulkan1.1";
  std::vector<std::string> capabilities, extensions;
  /// Entry points whose code relies on the no-alias rule for array
  /// arguments (PromoteAccumulator's `nvc.assumes_no_alias`).
  std::set<std::string> assumesNoAlias;
  /// Workgroup memory StageShared added to entry points
  /// (`nvc.staged_shared_bytes`), beyond their own shared arrays.
  std::map<std::string, uint32_t> stagedSharedBytes;
  /// Thread coarsening factor of each coarsened entry point (CoarsenThreads'
  /// `nvc.coarsen`): outputs per invocation; absent means 1.
  std::map<std::string, unsigned> coarsen;
  /// Workgroups along y each workgroup of a coarsened barrier kernel does the
  /// work of (CoarsenBarrierKernels' `nvc.coarsen_y`); absent means 1.
  std::map<std::string, unsigned> coarsenY;
  /// Words per invocation of each grid-sync buffer (SplitGridBarriers'
  /// `nvc.grid_sync_words`).
  std::map<std::string, unsigned> gridSyncWords;
  /// Entry points with dynamic shared memory (passes/DynamicSharedMemory.h).
  struct DynamicShared {
    std::string dtype;      ///< of its arrays; empty when none is left
    unsigned wordBytes = 0; ///< bytes of the SPIR-V array's element; 0 when none is left
  };
  std::map<std::string, DynamicShared> dynamicShared;
};

/// The module info read from a SPIR-V binary (header version, OpCapability
/// and OpExtension instructions), validated for `env`.
SPIRVModuleInfo spirvModuleInfo(const std::vector<uint32_t> &words, const TargetEnv &env);

/// The same for the binary `words` of the spirv.module `module`, with what
/// nvc's passes recorded on its functions (assumesNoAlias ... dynamicShared).
SPIRVModuleInfo spirvModuleInfo(mlir::spirv::ModuleOp module, const std::vector<uint32_t> &words,
                                const TargetEnv &env);

/// `sourceName` is the kernel file's name without directories, `sourceText`
/// its bytes (hashed with SHA-256). `variants` are the names and modules of
/// the alternative builds (same entry points and ABI, other capabilities;
/// docs/manifest.md "variants"), listed under `variants` when there are any.
nlohmann::json buildManifest(const std::vector<EntryPointABI> &entries,
                             const SPIRVModuleInfo &module,
                             const std::vector<std::pair<std::string, SPIRVModuleInfo>> &variants,
                             const std::string &sourceName,
                             const std::string &sourceText);

} // namespace nvc

#endif // NVC_COMPILER_MANIFEST_H
