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
/// its bytes (hashed with SHA-256). `variants` are the names and modules of
/// the alternative builds (same entry points and ABI, other capabilities;
/// docs/manifest.md "variants"), listed under `variants` when there are any.
nlohmann::json buildManifest(const std::vector<EntryPointABI> &entries,
                             mlir::spirv::ModuleOp module,
                             const std::vector<std::pair<std::string, mlir::spirv::ModuleOp>> &variants,
                             std::array<int32_t, 3> localSize, const std::string &sourceName,
                             const std::string &sourceText);

} // namespace nvc

#endif // NVC_COMPILER_MANIFEST_H
