// Modules: loading kernel.spv and kernel.json, checking them against each other, and
// creating the VkShaderModule; and the per-entry-point checks (device features and
// limits) done when a Kernel is taken from a Module.
#include "KernelState.h"
#include "VulkanCheck.h"
#include "nvc/Capabilities.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace nvc::rt {

Module::State::~State() {
  if (shader)
    vkDestroyShaderModule(context->device, shader, nullptr);
}

namespace {

/// The variant's requirements replace the main module's in `manifest`.
void requireVariant(Manifest &manifest, const VariantDesc &v) {
  manifest.spirvVersion = v.spirvVersion;
  for (EntryPointDesc &e : manifest.entryPoints) {
    e.capabilities = v.capabilities;
    e.extensions = v.extensions;
  }
}

} // namespace

Module::Module(const Device &device, const std::string &spirvPath,
               const std::string &manifestPath) {
  // Read in a fixed order, so a missing .spv is reported before a missing manifest.
  std::vector<std::uint32_t> words = readSpirv(spirvPath);
  Manifest manifest =
      Manifest::load(manifestPath.empty() ? defaultManifestPath(spirvPath) : manifestPath);
  std::string loaded = spirvPath;
  if (const VariantDesc *v = chooseVariant(manifest, device.features())) {
    loaded = variantPath(spirvPath, v->name);
    try {
      words = readSpirv(loaded);
    } catch (const Error &e) {
      // A deployment that copied only the .spv and .json: say what is missing
      // rather than run the main module, whose float32 subnormals or atomics
      // may behave differently on this device.
      throw Error(fmt::format("{}; {} lists this variant, '{}', as the build for this device: "
                              "ship the variant files with the module, or set "
                              "NVC_NO_VARIANTS=1 to run the main module",
                              e.what(), manifest.displayName, v->name));
    }
    requireVariant(manifest, *v);
  }
  *this = Module(device, std::move(words), std::move(manifest), loaded);
}

Module::Module(const Device &device, const EmbeddedModule &embedded) {
  Manifest manifest =
      Manifest::parse(std::string(embedded.manifestJson), std::string(embedded.manifestName));
  const EmbeddedSpirv *chosen = &embedded.main;
  if (const VariantDesc *v = chooseVariant(manifest, device.features())) {
    chosen = nullptr;
    for (std::size_t i = 0; i < embedded.variantCount; ++i)
      if (embedded.variants[i].name == v->name)
        chosen = &embedded.variants[i];
    if (!chosen)
      throw Error(fmt::format("{} lists the variant '{}' as the build for this device, but the "
                              "embedded module has no such variant (a header from another "
                              "build?)",
                              manifest.displayName, v->name));
    requireVariant(manifest, *v);
  }
  std::vector<std::uint32_t> words(chosen->words, chosen->words + chosen->wordCount);
  const std::string name = chosen == &embedded.main
                               ? std::string(embedded.main.name)
                               : fmt::format("{} (variant {})", embedded.main.name, chosen->name);
  *this = Module(device, std::move(words), std::move(manifest), name);
}

const VariantDesc *chooseVariant(const Manifest &manifest, const DeviceFeatures &features) {
  if (const char *off = std::getenv("NVC_NO_VARIANTS"); off && *off && std::string(off) != "0")
    return nullptr;
  for (const VariantDesc &v : manifest.variants)
    if (missingFeatures({v.spirvVersion, v.capabilities, v.extensions, manifest.targetEnv},
                        features)
            .empty())
      return &v;
  return nullptr;
}

std::string variantPath(const std::string &spirvPath, const std::string &name) {
  std::filesystem::path p(spirvPath);
  return p.replace_extension("." + name + ".spv").string();
}

Module::Module(const Device &device, std::vector<std::uint32_t> words, Manifest manifest,
               const std::string &spirvName)
    : state_(std::make_shared<State>()) {
  State &s = *state_;
  s.context = device.context();
  s.spirvName = spirvName;
  s.spirv = inspectSpirv(words, spirvName);
  s.manifest = std::move(manifest);
  const Manifest &m = s.manifest;
  if (m.spirvVersion != s.spirv.version)
    throw Error(fmt::format("{} is SPIR-V {} but its manifest {} says {} (is the manifest stale?)",
                            spirvName, s.spirv.version, m.displayName, m.spirvVersion));
  for (const EntryPointDesc &e : m.entryPoints)
    if (std::find(s.spirv.glComputeEntryPoints.begin(), s.spirv.glComputeEntryPoints.end(),
                  e.name) == s.spirv.glComputeEntryPoints.end()) {
      std::string found;
      for (const std::string &n : s.spirv.glComputeEntryPoints)
        found += fmt::format("{}'{}'", found.empty() ? "" : ", ", n);
      throw Error(fmt::format("manifest {} lists entry point '{}' but {} has no GLCompute entry "
                              "point of that name (it has: {})",
                              m.displayName, e.name, spirvName, found.empty() ? "none" : found));
    }

  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = words.size() * sizeof(std::uint32_t);
  info.pCode = words.data();
  detail::vkCheck(vkCreateShaderModule(s.context->device, &info, nullptr, &s.shader),
                  "vkCreateShaderModule");
}

Module::~Module() = default;
Module::Module(Module &&) noexcept = default;
Module &Module::operator=(Module &&) noexcept = default;

const Manifest &Module::manifest() const { return state_->manifest; }
const SpirvInfo &Module::spirv() const { return state_->spirv; }
const std::string &Module::spirvPath() const { return state_->spirvName; }

Kernel Module::kernel(const std::string &entryPoint) const {
  const State &s = *state_;
  const EntryPointDesc &entry = s.manifest.entryPoint(entryPoint);
  const Device::Context &ctx = *s.context;

  // The manifest's capabilities and extensions, plus any the binary declares beyond them.
  FeatureRequirements required{s.manifest.spirvVersion, entry.capabilities, entry.extensions,
                               s.manifest.targetEnv};
  for (const std::string &c : s.spirv.capabilities)
    if (std::find(required.capabilities.begin(), required.capabilities.end(), c) ==
        required.capabilities.end())
      required.capabilities.push_back(c);
  for (const std::string &x : s.spirv.extensions)
    if (std::find(required.extensions.begin(), required.extensions.end(), x) ==
        required.extensions.end())
      required.extensions.push_back(x);
  checkFeatures(entry.name, required, ctx.features, ctx.info.name);

  const DeviceLimits &limits = ctx.limits;
  const ParameterBlockDesc &block = entry.parameterBlock;
  if (block.kind == ParameterBlockKind::PushConstant && block.size > limits.maxPushConstantsSize)
    throw Error(fmt::format("entry point '{}': its {}-byte push-constant block exceeds the "
                            "device's maxPushConstantsSize ({})",
                            entry.name, block.size, limits.maxPushConstantsSize));
  if (block.kind == ParameterBlockKind::UniformBuffer && block.size > limits.maxUniformBufferRange)
    throw Error(fmt::format("entry point '{}': its {}-byte uniform-buffer parameter block "
                            "exceeds the device's maxUniformBufferRange ({})",
                            entry.name, block.size, limits.maxUniformBufferRange));
  if (entry.sharedMemoryBytes > limits.maxComputeSharedMemorySize)
    throw Error(fmt::format("entry point '{}' declares {} bytes of workgroup (shared) memory, "
                            "more than the device's maxComputeSharedMemorySize ({})",
                            entry.name, entry.sharedMemoryBytes,
                            limits.maxComputeSharedMemorySize));
  const auto arrays = static_cast<std::uint32_t>(
      std::count_if(entry.arguments.begin(), entry.arguments.end(),
                    [](const ArgumentDesc &a) { return a.kind == ArgumentKind::Array; }));
  if (arrays > limits.maxPerStageDescriptorStorageBuffers)
    throw Error(fmt::format("entry point '{}' has {} array arguments (storage buffers), more than "
                            "the device's maxPerStageDescriptorStorageBuffers ({})",
                            entry.name, arrays, limits.maxPerStageDescriptorStorageBuffers));
  return Kernel(detail::makeKernelState(state_, entry));
}

} // namespace nvc::rt
