// The table from SPIR-V capabilities and extensions to the Vulkan features, device
// extensions and API versions that allow them (Vulkan spec, appendix "SPIR-V
// Environment", sections "Capabilities" and "Extensions"), and the check of a device
// against an entry point's requirements.
#include "nvc/Capabilities.h"

#include "nvc/Error.h"

#include <fmt/format.h>
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace nvc::rt {
namespace {

struct CapabilityRule {
  const char *capability;
  const char *feature; ///< what the message names
  /// Whether the device can run it; `capabilities` is the module's whole
  /// list (a rule whose needs depend on the float widths reads it).
  std::function<bool(const DeviceFeatures &, const std::vector<std::string> &capabilities)>
      supported;
};

bool hasCapability(const std::vector<std::string> &capabilities, const char *name) {
  return std::find(capabilities.begin(), capabilities.end(), name) != capabilities.end();
}

bool subgroup(const DeviceFeatures &f, std::uint32_t operation) {
  return (f.subgroupStages & VK_SHADER_STAGE_COMPUTE_BIT) && (f.subgroupOperations & operation);
}

const std::vector<CapabilityRule> &capabilityRules() {
  static const std::vector<CapabilityRule> rules = {
      {"Float64", "the shaderFloat64 feature", [](auto &f, auto &) { return f.shaderFloat64; }},
      {"Int64", "the shaderInt64 feature", [](auto &f, auto &) { return f.shaderInt64; }},
      {"Int16", "the shaderInt16 feature", [](auto &f, auto &) { return f.shaderInt16; }},
      {"Int8", "the shaderInt8 feature (VK_KHR_shader_float16_int8)",
       [](auto &f, auto &) { return f.shaderInt8; }},
      {"Float16", "the shaderFloat16 feature (VK_KHR_shader_float16_int8)",
       [](auto &f, auto &) { return f.shaderFloat16; }},
      {"StorageBuffer8BitAccess", "the storageBuffer8BitAccess feature (VK_KHR_8bit_storage)",
       [](auto &f, auto &) { return f.storageBuffer8BitAccess; }},
      {"UniformAndStorageBuffer8BitAccess",
       "the uniformAndStorageBuffer8BitAccess feature (VK_KHR_8bit_storage)",
       [](auto &f, auto &) { return f.uniformAndStorageBuffer8BitAccess; }},
      {"StoragePushConstant8", "the storagePushConstant8 feature (VK_KHR_8bit_storage)",
       [](auto &f, auto &) { return f.storagePushConstant8; }},
      {"StorageBuffer16BitAccess", "the storageBuffer16BitAccess feature",
       [](auto &f, auto &) { return f.storageBuffer16BitAccess; }},
      {"StorageUniformBufferBlock16", "the storageBuffer16BitAccess feature",
       [](auto &f, auto &) { return f.storageBuffer16BitAccess; }},
      {"UniformAndStorageBuffer16BitAccess", "the uniformAndStorageBuffer16BitAccess feature",
       [](auto &f, auto &) { return f.uniformAndStorageBuffer16BitAccess; }},
      {"StorageUniform16", "the uniformAndStorageBuffer16BitAccess feature",
       [](auto &f, auto &) { return f.uniformAndStorageBuffer16BitAccess; }},
      {"StoragePushConstant16", "the storagePushConstant16 feature",
       [](auto &f, auto &) { return f.storagePushConstant16; }},
      {"VariablePointersStorageBuffer", "the variablePointersStorageBuffer feature",
       [](auto &f, auto &) { return f.variablePointersStorageBuffer; }},
      {"VariablePointers", "the variablePointers feature",
       [](auto &f, auto &) { return f.variablePointers; }},
      {"Int64Atomics",
       "the shaderBufferInt64Atomics or shaderSharedInt64Atomics feature "
       "(VK_KHR_shader_atomic_int64)",
       [](auto &f, auto &) { return f.shaderBufferInt64Atomics || f.shaderSharedInt64Atomics; }},
      {"AtomicFloat32AddEXT",
       "the shaderBufferFloat32AtomicAdd or shaderSharedFloat32AtomicAdd feature "
       "(VK_EXT_shader_atomic_float)",
       [](auto &f, auto &) { return f.shaderBufferFloat32AtomicAdd || f.shaderSharedFloat32AtomicAdd; }},
      {"AtomicFloat64AddEXT",
       "the shaderBufferFloat64AtomicAdd or shaderSharedFloat64AtomicAdd feature "
       "(VK_EXT_shader_atomic_float)",
       [](auto &f, auto &) { return f.shaderBufferFloat64AtomicAdd || f.shaderSharedFloat64AtomicAdd; }},
      // nvc requests DenormPreserve for float32 only (the denorm-preserve
      // variant); the float16/float64 properties are not consulted.
      {"DenormPreserve",
       "the shaderDenormPreserveFloat32 property (VkPhysicalDeviceFloatControlsProperties)",
       [](auto &f, auto &) { return f.shaderDenormPreserveFloat32; }},
      // nvc requests SignedZeroInfNanPreserve for each float width its module
      // computes with (the signed-zero-inf-nan-preserve variants): 32, and
      // 64 / 16 where the module has the Float64 / Float16 capability.
      {"SignedZeroInfNanPreserve",
       "the shaderSignedZeroInfNanPreserveFloat32 property (and ...Float64 / ...Float16 for a "
       "module with float64 / float16) of VkPhysicalDeviceFloatControlsProperties",
       [](auto &f, auto &capabilities) {
         return f.shaderSignedZeroInfNanPreserveFloat32 &&
                (!hasCapability(capabilities, "Float64") ||
                 f.shaderSignedZeroInfNanPreserveFloat64) &&
                (!hasCapability(capabilities, "Float16") ||
                 f.shaderSignedZeroInfNanPreserveFloat16);
       }},
      {"VulkanMemoryModel", "the vulkanMemoryModel feature",
       [](auto &f, auto &) { return f.vulkanMemoryModel; }},
      {"VulkanMemoryModelDeviceScope", "the vulkanMemoryModelDeviceScope feature",
       [](auto &f, auto &) { return f.vulkanMemoryModelDeviceScope; }},
      {"GroupNonUniform", "basic subgroup operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_BASIC_BIT); }},
      {"GroupNonUniformVote", "subgroup vote operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_VOTE_BIT); }},
      {"GroupNonUniformArithmetic", "subgroup arithmetic operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT); }},
      {"GroupNonUniformBallot", "subgroup ballot operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_BALLOT_BIT); }},
      {"GroupNonUniformShuffle", "subgroup shuffle operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_SHUFFLE_BIT); }},
      {"GroupNonUniformShuffleRelative", "subgroup relative shuffle operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT); }},
      {"GroupNonUniformClustered", "subgroup clustered operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_CLUSTERED_BIT); }},
      {"GroupNonUniformQuad", "subgroup quad operations in compute shaders",
       [](auto &f, auto &) { return subgroup(f, VK_SUBGROUP_FEATURE_QUAD_BIT); }},
  };
  return rules;
}

struct ExtensionRule {
  const char *spirvExtension;
  std::uint32_t coreIn;        ///< Vulkan version that includes it (0: never core)
  const char *deviceExtension; ///< device extension that allows it before then
};

constexpr ExtensionRule kExtensionRules[] = {
    {"SPV_KHR_storage_buffer_storage_class", VK_API_VERSION_1_1,
     "VK_KHR_storage_buffer_storage_class"},
    {"SPV_KHR_variable_pointers", VK_API_VERSION_1_1, "VK_KHR_variable_pointers"},
    {"SPV_KHR_16bit_storage", VK_API_VERSION_1_1, "VK_KHR_16bit_storage"},
    {"SPV_KHR_8bit_storage", VK_API_VERSION_1_2, "VK_KHR_8bit_storage"},
    {"SPV_KHR_vulkan_memory_model", VK_API_VERSION_1_2, "VK_KHR_vulkan_memory_model"},
    {"SPV_KHR_float_controls", VK_API_VERSION_1_2, "VK_KHR_shader_float_controls"},
    {"SPV_KHR_shader_draw_parameters", VK_API_VERSION_1_1, "VK_KHR_shader_draw_parameters"},
    {"SPV_KHR_non_semantic_info", VK_API_VERSION_1_3, "VK_KHR_shader_non_semantic_info"},
    {"SPV_EXT_shader_atomic_float_add", 0, "VK_EXT_shader_atomic_float"},
    {"SPV_KHR_integer_dot_product", VK_API_VERSION_1_3, "VK_KHR_shader_integer_dot_product"},
};

std::string versionText(std::uint32_t v) {
  return fmt::format("{}.{}", VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v));
}

} // namespace

std::uint32_t vulkanVersionForSpirv(const std::string &spirvVersion) {
  unsigned major = 0, minor = 0;
  char extra = 0;
  if (std::sscanf(spirvVersion.c_str(), "%u.%u%c", &major, &minor, &extra) != 2)
    throw Error(fmt::format("malformed SPIR-V version '{}' (expected major.minor)", spirvVersion));
  if (major == 1 && minor == 0)
    return VK_API_VERSION_1_0;
  if (major == 1 && minor <= 3)
    return VK_API_VERSION_1_1;
  if (major == 1 && minor <= 5)
    return VK_API_VERSION_1_2;
  if (major == 1 && minor == 6)
    return VK_API_VERSION_1_3;
  throw Error(
      fmt::format("unknown SPIR-V version {} (this runtime knows 1.0 to 1.6)", spirvVersion));
}

std::uint32_t vulkanVersionForTargetEnv(const std::string &targetEnv) {
  unsigned major = 0, minor = 0;
  char extra = 0;
  if (std::sscanf(targetEnv.c_str(), "vulkan%u.%u%c", &major, &minor, &extra) != 2 ||
      major != 1 || minor > 99)
    throw Error(fmt::format("malformed target environment '{}' (expected vulkan1.N)", targetEnv));
  return VK_MAKE_API_VERSION(0, major, minor, 0);
}

std::vector<std::string> missingFeatures(const FeatureRequirements &required,
                                         const DeviceFeatures &features) {
  std::vector<std::string> missing;
  if (!required.targetEnv.empty()) {
    const std::uint32_t needed = vulkanVersionForTargetEnv(required.targetEnv);
    if (features.apiVersion < needed)
      missing.push_back(fmt::format("the module was built for Vulkan {} (target_env {}) but "
                                    "the device offers only {}",
                                    versionText(needed), required.targetEnv,
                                    versionText(features.apiVersion)));
  }
  if (!required.spirvVersion.empty()) {
    const std::uint32_t needed = vulkanVersionForSpirv(required.spirvVersion);
    const bool spirv14Extension =
        required.spirvVersion == "1.4" && features.hasExtension("VK_KHR_spirv_1_4");
    if (features.apiVersion < needed && !spirv14Extension)
      missing.push_back(fmt::format("SPIR-V {} needs Vulkan {} but the device offers only {}",
                                    required.spirvVersion, versionText(needed),
                                    versionText(features.apiVersion)));
  }
  for (const std::string &cap : required.capabilities)
    for (const CapabilityRule &rule : capabilityRules())
      if (cap == rule.capability && !rule.supported(features, required.capabilities))
        missing.push_back(fmt::format("capability {} needs {}, which the device does not "
                                      "support",
                                      cap, rule.feature));
  for (const std::string &ext : required.extensions)
    for (const ExtensionRule &rule : kExtensionRules) {
      if (ext != rule.spirvExtension)
        continue;
      const bool core = rule.coreIn != 0 && features.apiVersion >= rule.coreIn;
      if (!core && !features.hasExtension(rule.deviceExtension))
        missing.push_back(
            rule.coreIn ? fmt::format("extension {} needs Vulkan {} or the device extension {}, "
                                      "which the device does not offer",
                                      ext, versionText(rule.coreIn), rule.deviceExtension)
                        : fmt::format("extension {} needs the device extension {}, which the "
                                      "device does not offer",
                                      ext, rule.deviceExtension));
    }
  return missing;
}

void checkFeatures(const std::string &entryPoint, const FeatureRequirements &required,
                   const DeviceFeatures &features, const std::string &deviceName) {
  const std::vector<std::string> missing = missingFeatures(required, features);
  if (missing.empty())
    return;
  std::string list;
  for (const std::string &m : missing)
    list += (list.empty() ? "" : "; ") + m;
  throw Error(
      fmt::format("device '{}' cannot run entry point '{}': {}", deviceName, entryPoint, list));
}

} // namespace nvc::rt
