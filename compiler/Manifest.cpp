//===- Manifest.cpp - The JSON binding manifest ----------------------------===//
//
// The parameter-block offsets come from the same layout function the ABI
// pass uses (abi/ParameterBlock.h), in the same field order: scalars,
// then per array its extents, strides and offset.
//
//===----------------------------------------------------------------------===//
#include "compiler/Manifest.h"

#include "compiler/SPIRVWords.h"

#include "passes/DynamicSharedMemory.h"
#include "abi/ParameterBlock.h"

#include <llvm/Support/SHA256.h>
#include <llvm/ADT/StringExtras.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>

#include <cstring>

namespace nvc {

/// Parameter-block fields of a scalar argument: a complex number is two
/// (real, imaginary), adjacent since both have the same size.
static unsigned scalarFields(const ArgumentABI &arg) { return arg.deviceDtype.isComplex() ? 2 : 1; }

/// The "record" object of an array of records: the record array's own
/// dimensions, the itemsize and the fields with their NumPy dtypes and
/// offsets (docs/manifest.md "Arrays of records").
static nlohmann::json recordJson(const RecordLayout &r, unsigned ndim) {
  using json = nlohmann::json;
  json fields = json::array();
  for (const RecordField &f : r.fields) {
    json field = {{"name", f.name}, {"dtype", f.type.numpyName()}, {"offset", f.offset}};
    if (!f.shape.empty())
      field["shape"] = f.shape;
    fields.push_back(field);
  }
  return {{"ndim", ndim}, {"itemsize", r.itemsize}, {"aligned", r.aligned}, {"fields", fields}};
}


SPIRVModuleInfo spirvModuleInfo(mlir::spirv::ModuleOp module, const std::vector<uint32_t> &words,
                                const TargetEnv &env) {
  SPIRVModuleInfo info = spirvModuleInfo(words, env);
  // Functions are the module's own operations: no walk into their bodies.
  for (mlir::spirv::FuncOp f : module.getOps<mlir::spirv::FuncOp>()) {
    if (f->hasAttr(abi::kAssumesNoAliasAttr))
      info.assumesNoAlias.insert(f.getName().str());
    if (auto bytes = f->getAttrOfType<mlir::IntegerAttr>(abi::kStagedSharedBytesAttr))
      info.stagedSharedBytes[f.getName().str()] = static_cast<uint32_t>(bytes.getInt());
    if (auto words = f->getAttrOfType<mlir::IntegerAttr>(abi::kGridSyncWordsAttr))
      info.gridSyncWords[f.getName().str()] = static_cast<unsigned>(words.getInt());
    if (auto factor = f->getAttrOfType<mlir::IntegerAttr>(abi::kCoarsenAttr))
      info.coarsen[f.getName().str()] = static_cast<unsigned>(factor.getInt());
    if (auto factor = f->getAttrOfType<mlir::IntegerAttr>(abi::kCoarsenYAttr))
      info.coarsenY[f.getName().str()] = static_cast<unsigned>(factor.getInt());
    if (auto word = f->getAttrOfType<mlir::IntegerAttr>(abi::kDynamicSharedWordAttr)) {
      SPIRVModuleInfo::DynamicShared &d = info.dynamicShared[f.getName().str()];
      d.wordBytes = static_cast<unsigned>(word.getInt());
      if (auto dtype = f->getAttrOfType<mlir::StringAttr>(abi::kDynamicSharedDtypeAttr);
          dtype && d.wordBytes)
        d.dtype = dtype.getValue().str();
    }
  }
  return info;
}

SPIRVModuleInfo spirvModuleInfo(const std::vector<uint32_t> &words, const TargetEnv &env) {
  using namespace spirv_words;
  SPIRVModuleInfo info;
  info.targetEnv = env.name;
  if (words.size() < 5)
    return info;
  info.version =
      std::to_string((words[1] >> 16) & 0xff) + "." + std::to_string((words[1] >> 8) & 0xff);
  for (size_t i = 5; i < words.size();) {
    const uint32_t count = wordCount(words[i]), op = opcode(words[i]);
    if (count == 0 || i + count > words.size())
      break;
    if (op == kOpCapability && count == 2) {
      if (auto cap = mlir::spirv::symbolizeCapability(words[i + 1]))
        info.capabilities.push_back(mlir::spirv::stringifyCapability(*cap).str());
    } else if (op == kOpExtension && count >= 2) {
      const char *text = reinterpret_cast<const char *>(&words[i + 1]);
      info.extensions.emplace_back(text, strnlen(text, (count - 1) * 4));
    }
    i += count;
  }
  return info;
}

nlohmann::json buildManifest(const std::vector<EntryPointABI> &entries,
                             const SPIRVModuleInfo &module,
                             const std::vector<std::pair<std::string, SPIRVModuleInfo>> &variants,
                             const std::string &sourceName,
                             const std::string &sourceText) {
  using nlohmann::json;
  json capabilities = json::array(), extensions = json::array();
  for (auto &c : module.capabilities)
    capabilities.push_back(c);
  for (auto &e : module.extensions)
    extensions.push_back(e);
  const std::string &version = module.version;
  auto hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(sourceText));
  json manifest = {
      {"format_version", 1},
      {"producer", "nvc " NVC_VERSION},
      {"spirv_version", version},
      {"target_env", module.targetEnv},
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
    // A coarsened kernel's hidden last fields: the grid size the launch asked
    // for, in invocations along x and then along y, for each axis coarsened
    // (passes/CoarsenThreads.cpp, CoarsenBarrierKernels.cpp).
    auto factor = [&](const std::map<std::string, unsigned> &factors) {
      auto it = factors.find(entry.entryName);
      return it != factors.end() ? it->second : 1u;
    };
    unsigned coarsen = factor(module.coarsen), coarsenY = factor(module.coarsenY);
    std::optional<size_t> gridFieldX, gridFieldY;
    if (coarsen > 1) {
      gridFieldX = sizes.size();
      sizes.push_back(indexBytes);
    }
    if (coarsenY > 1) {
      gridFieldY = sizes.size();
      sizes.push_back(indexBytes);
    }
    ParameterBlockLayout layout = layoutParameterBlock(sizes);
    json args = json::array();
    // Scalars take the first fields, arrays the rest, in argument order.
    size_t scalarField = 0, arrayField = 0;
    for (auto &arg : entry.arguments)
      if (!arg.isArray)
        arrayField += scalarFields(arg);
    unsigned binding = 0;
    for (auto &arg : entry.arguments) {
      // An array of records travels as bytes: a uint8 array with one more
      // dimension, of the itemsize (docs/manifest.md "Arrays of records").
      bool record = arg.dtype.isRecord();
      json a = {{"name", arg.name},
                {"kind", arg.isArray ? "array" : "scalar"},
                {"dtype", record ? "uint8" : arg.dtype.numpyName()},
                {"device_dtype", record ? "uint8" : arg.deviceDtype.numpyName()}};
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
        if (record)
          a["record"] = recordJson(arg.dtype.record(), arg.ndim - 1);
      }
      args.push_back(a);
    }
    // The hidden error and print buffers: bindings after the arrays'
    // (docs/manifest.md "Errors and printing").
    json errorBuffer = nullptr, printBuffer = nullptr;
    if (entry.errorBuffer) {
      json errors = json::array();
      for (size_t i = 0; i < entry.errors.size(); ++i) {
        const ErrorSiteABI &e = entry.errors[i];
        errors.push_back({{"id", i + 1},
                          {"type", e.type},
                          {"message", e.message},
                          {"arguments", e.arguments},
                          {"function", e.function},
                          {"file", e.file},
                          {"line", e.line},
                          {"column", e.column}});
      }
      errorBuffer = {{"binding", binding++}, {"words", 8}, {"errors", errors}};
    }
    if (entry.printBuffer) {
      json records = json::array();
      for (size_t i = 0; i < entry.prints.size(); ++i) {
        const PrintSiteABI &p = entry.prints[i];
        json pieces = json::array();
        for (const PrintPieceABI &piece : p.pieces)
          pieces.push_back(piece.dtype.empty() ? json{{"text", piece.text}}
                                               : json{{"dtype", piece.dtype}});
        records.push_back({{"id", i + 1},
                           {"function", p.function},
                           {"file", p.file},
                           {"line", p.line},
                           {"column", p.column},
                           {"pieces", pieces}});
      }
      printBuffer = {{"binding", binding++}, {"header_words", 4}, {"records", records}};
    }
    // Kernels split at grid barriers: the hidden buffer of their state
    // (docs/manifest.md "Grid synchronisation").
    json gridSync = nullptr;
    if (entry.gridSync) {
      json barriers = json::array();
      for (auto [line, column] : entry.gridSync->barriers)
        barriers.push_back({{"line", line}, {"column", column}});
      auto words = module.gridSyncWords.find(entry.entryName);
      gridSync = {{"binding", binding++},
                  {"words_per_invocation",
                   words == module.gridSyncWords.end() ? 1u : words->second},
                  {"dispatches", json::parse(entry.gridSync->dispatches)},
                  {"barriers", barriers}};
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
    bool assumesNoAlias = module.assumesNoAlias.count(entry.entryName) != 0;
    auto staged = module.stagedSharedBytes.find(entry.entryName);
    uint32_t sharedBytes = entry.sharedMemoryBytes +
                           (staged == module.stagedSharedBytes.end() ? 0 : staged->second);
    // numba-cuda's dynamic shared memory: the launch's bytes go to a
    // specialization constant (passes/DynamicSharedMemory.h).
    json dynamicShared = nullptr;
    if (auto it = module.dynamicShared.find(entry.entryName); it != module.dynamicShared.end())
      dynamicShared = {{"spec_id", kDynamicSharedBytesSpecId},
                       {"dtype", it->second.dtype.empty() ? json(nullptr) : json(it->second.dtype)},
                       {"word_bytes", it->second.wordBytes}};
    // The largest workgroup the kernel's code can run with (shared arrays
    // indexed by the local id; compiler/WorkgroupSize.h), null where no
    // axis is bounded.
    json maxWorkgroupSize = nullptr;
    for (int d = 0; d < 3; ++d)
      if (entry.maxWorkgroupSize[d]) {
        if (maxWorkgroupSize.is_null())
          maxWorkgroupSize = {{"size", {nullptr, nullptr, nullptr}},
                              {"reasons", {nullptr, nullptr, nullptr}}};
        maxWorkgroupSize["size"][d] = entry.maxWorkgroupSize[d];
        maxWorkgroupSize["reasons"][d] = entry.maxWorkgroupSizeReasons[d];
      }
    manifest["entry_points"].push_back({
        {"name", entry.entryName},
        {"function", entry.functionName},
        {"workgroup_size",
         {entry.workgroupSize[0], entry.workgroupSize[1], entry.workgroupSize[2]}},
        {"max_workgroup_size", maxWorkgroupSize},
        {"workgroup_size_spec_ids", {0, 1, 2}},
        {"shared_memory_bytes", sharedBytes},
        {"dynamic_shared_memory", dynamicShared},
        {"capabilities", capabilities},
        {"extensions", extensions},
        {"index_bits", entry.indexBits},
        {"assumes_no_alias", assumesNoAlias},
        {"coarsen", coarsen},
        {"original_grid_offset", gridFieldX ? json(layout.offsets[*gridFieldX]) : json(nullptr)},
        {"coarsen_y", coarsenY},
        {"original_grid_offset_y",
         gridFieldY ? json(layout.offsets[*gridFieldY]) : json(nullptr)},
        {"parameter_block", block},
        {"arguments", args},
        {"error_buffer", errorBuffer},
        {"print_buffer", printBuffer},
        {"grid_sync", gridSync},
    });
    if (entry.ufunc) {
      const UfuncABI &u = *entry.ufunc;
      json ufunc = {{"name", u.name},
                    {"kind", u.kind},
                    {"loop", u.loop},
                    {"signature", u.signature},
                    {"nin", u.nin},
                    {"nout", u.nout},
                    {"types", u.types},
                    {"core_dims", u.coreDims},
                    {"identity", u.identity.empty() ? json(nullptr) : json::parse(u.identity)}};
      if (u.kind == "guvectorize")
        ufunc["scalar_core"] = u.scalarCore;
      manifest["entry_points"].back()["ufunc"] = ufunc;
    }
  }
  if (!variants.empty()) {
    json list = json::array();
    for (auto &[name, variant] : variants)
      list.push_back({{"name", name},
                      {"spirv_version", variant.version},
                      {"capabilities", variant.capabilities},
                      {"extensions", variant.extensions}});
    manifest["variants"] = list;
  }
  return manifest;
}

} // namespace nvc
