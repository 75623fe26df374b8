//===- Manifest.cpp - The JSON binding manifest ----------------------------===//
//
// The parameter-block offsets come from the same layout function the ABI
// pass uses (passes/ParameterBlock.h), in the same field order: scalars,
// then per array its extents, strides and offset.
//
//===----------------------------------------------------------------------===//
#include "compiler/Manifest.h"

#include "passes/ParameterBlock.h"

#include <llvm/Support/SHA256.h>
#include <llvm/ADT/StringExtras.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>

namespace nvc {

/// Parameter-block fields of a scalar argument: a complex number is two
/// (real, imaginary), adjacent since both have the same size.
static unsigned scalarFields(const ArgumentABI &arg) { return arg.deviceDtype.isComplex() ? 2 : 1; }

/// The version, capabilities and extensions a module declares.
struct Requirements {
  std::string version = "1.0";
  nlohmann::json capabilities = nlohmann::json::array();
  nlohmann::json extensions = nlohmann::json::array();
};

static Requirements requirementsOf(mlir::spirv::ModuleOp module) {
  Requirements r;
  if (auto vce = module.getVceTriple()) {
    for (auto cap : vce->getCapabilities())
      r.capabilities.push_back(mlir::spirv::stringifyCapability(cap).str());
    for (auto ext : vce->getExtensions())
      r.extensions.push_back(mlir::spirv::stringifyExtension(ext).str());
    r.version = "1." + std::to_string(static_cast<unsigned>(vce->getVersion()));
  }
  return r;
}

nlohmann::json buildManifest(const std::vector<EntryPointABI> &entries,
                             mlir::spirv::ModuleOp module,
                             const std::vector<std::pair<std::string, mlir::spirv::ModuleOp>> &variants,
                             std::array<int32_t, 3> localSize, const std::string &sourceName,
                             const std::string &sourceText) {
  using nlohmann::json;
  Requirements main = requirementsOf(module);
  const json &capabilities = main.capabilities, &extensions = main.extensions;
  const std::string &version = main.version;
  auto hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(sourceText));
  json manifest = {
      {"format_version", 1},
      {"producer", "nvc " NVC_VERSION},
      {"spirv_version", version},
      {"target_env", "vulkan1.1"},
      {"source", {{"file", sourceName}, {"sha256", llvm::toHex(hash, /*LowerCase=*/true)}}},
      {"entry_points", json::array()},
  };
  for (const EntryPointABI &entry : entries) {
    uint32_t indexBytes = entry.indexBits / 8;
    std::vector<uint32_t> sizes;
    for (auto &arg : entry.arguments)
      if (!arg.isArray)
        for (unsigned k = 0; k < scalarFields(arg); ++k)
          sizes.push_back(std::max(4u, arg.deviceDtype.byteSize() / scalarFields(arg)));
    for (auto &arg : entry.arguments)
      if (arg.isArray)
        for (unsigned k = 0; k < 2 * arg.ndim + 1; ++k)
          sizes.push_back(indexBytes);
    ParameterBlockLayout layout = layoutParameterBlock(sizes);
    json args = json::array();
    // Scalars take the first fields, arrays the rest, in argument order.
    size_t scalarField = 0, arrayField = 0;
    for (auto &arg : entry.arguments)
      if (!arg.isArray)
        arrayField += scalarFields(arg);
    unsigned binding = 0;
    for (auto &arg : entry.arguments) {
      json a = {{"name", arg.name},
                {"kind", arg.isArray ? "array" : "scalar"},
                {"dtype", arg.dtype.numpyName()},
                {"device_dtype", arg.deviceDtype.numpyName()}};
      if (!arg.isArray) {
        a["offset"] = layout.offsets[scalarField];
        scalarField += scalarFields(arg);
      } else {
        json shape = json::array(), strides = json::array();
        for (unsigned d = 0; d < arg.ndim; ++d)
          shape.push_back(layout.offsets[arrayField++]);
        for (unsigned d = 0; d < arg.ndim; ++d)
          strides.push_back(layout.offsets[arrayField++]);
        a["ndim"] = arg.ndim;
        a["layout"] = std::string(1, arg.layout);
        a["access"] = arg.access.written ? (arg.access.read ? "readwrite" : "write") : "read";
        a["binding"] = binding++;
        a["shape_offsets"] = shape;
        a["stride_offsets"] = strides;
        a["offset_offset"] = layout.offsets[arrayField++];
      }
      args.push_back(a);
    }
    json block;
    if (sizes.empty())
      block = {{"kind", "none"}, {"size", 0}, {"binding", nullptr}};
    else if (layout.isPushConstant())
      block = {{"kind", "push_constant"}, {"size", layout.size}, {"binding", nullptr}};
    else
      block = {{"kind", "uniform_buffer"}, {"size", layout.size}, {"binding", binding}};
    // PromoteAccumulator marks kernels whose code relies on the no-alias
    // rule for array arguments (docs/language.md).
    bool assumesNoAlias = false;
    module.walk([&](mlir::spirv::FuncOp f) {
      if (f.getName() == entry.entryName && f->hasAttr("nvc.assumes_no_alias"))
        assumesNoAlias = true;
    });
    manifest["entry_points"].push_back({
        {"name", entry.entryName},
        {"function", entry.functionName},
        {"workgroup_size", {localSize[0], localSize[1], localSize[2]}},
        {"workgroup_size_spec_ids", {0, 1, 2}},
        {"shared_memory_bytes", entry.sharedMemoryBytes},
        {"capabilities", capabilities},
        {"extensions", extensions},
        {"index_bits", entry.indexBits},
        {"assumes_no_alias", assumesNoAlias},
        {"parameter_block", block},
        {"arguments", args},
    });
  }
  if (!variants.empty()) {
    json list = json::array();
    for (auto &[name, variant] : variants) {
      Requirements r = requirementsOf(variant);
      list.push_back({{"name", name},
                      {"spirv_version", r.version},
                      {"capabilities", r.capabilities},
                      {"extensions", r.extensions}});
    }
    manifest["variants"] = list;
  }
  return manifest;
}

} // namespace nvc
