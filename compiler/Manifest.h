//===- Manifest.h - The JSON binding manifest written next to the .spv -----===//
//
// Builds the manifest described in docs/manifest.md (schema:
// docs/manifest.schema.json) from what MLIR generation decided about each
// entry point and what the final SPIR-V module requires.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_MANIFEST_H
#define NVC_COMPILER_MANIFEST_H

#include "frontend/MLIRGen.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <vector>

namespace nvc {

/// `sourceName` is the kernel file's name without directories, `sourceText`
/// its bytes (hashed with SHA-256).
nlohmann::json buildManifest(const std::vector<EntryPointABI> &entries,
                             mlir::spirv::ModuleOp module, std::array<int32_t, 3> localSize,
                             const std::string &sourceName, const std::string &sourceText);

} // namespace nvc

#endif // NVC_COMPILER_MANIFEST_H
