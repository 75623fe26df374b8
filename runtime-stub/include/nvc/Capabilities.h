// Checking that a device can run an entry point: each SPIR-V capability the manifest
// (and the module) declares maps to a Vulkan feature (Float64 → shaderFloat64,
// Int8 → shaderInt8, StorageBuffer8BitAccess → storageBuffer8BitAccess, GroupNonUniform*
// → subgroup operations in compute shaders, …) and each SPIR-V extension to a device
// extension or Vulkan version; the SPIR-V version must be accepted by the device's
// Vulkan version. Capabilities and extensions the table does not know are ignored.
#pragma once

#include "nvc/Device.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nvc::rt {

/// What a device must offer to run a SPIR-V entry point.
struct FeatureRequirements {
  std::string spirvVersion;              ///< "major.minor"; empty: not checked
  std::vector<std::string> capabilities; ///< OpCapability names ("Float64", …)
  std::vector<std::string> extensions;   ///< OpExtension names ("SPV_KHR_8bit_storage", …)
  /// The manifest's target_env ("vulkan1.3", nvc --target-env): the device's Vulkan
  /// version must be at least this one; empty: not checked.
  std::string targetEnv;
};

/// Why a device with `features` cannot run code with these requirements: one phrase
/// per missing feature ("capability Float64 needs the shaderFloat64 feature, which
/// the device does not support").
/// Empty if everything needed is present. Throws Error for a malformed spirvVersion or
/// targetEnv.
std::vector<std::string> missingFeatures(const FeatureRequirements &required,
                                         const DeviceFeatures &features);

/// Throws Error if missingFeatures() is non-empty: "device 'llvmpipe' cannot run entry
/// point 'saxpy': capability Float64 needs the shaderFloat64 feature, which the
/// device does not support".
void checkFeatures(const std::string &entryPoint, const FeatureRequirements &required,
                   const DeviceFeatures &features, const std::string &deviceName);

/// The minimum Vulkan API version (VK_MAKE_API_VERSION) that accepts SPIR-V of version
/// "major.minor" (1.0 → 1.0, 1.1–1.3 → 1.1, 1.4–1.5 → 1.2, 1.6 → 1.3). Throws Error
/// for a malformed or unknown version string.
std::uint32_t vulkanVersionForSpirv(const std::string &spirvVersion);

/// The Vulkan API version (VK_MAKE_API_VERSION) a target environment names: "vulkan1.3"
/// → 1.3 (spirv-val's and nvc's --target-env spelling). Throws Error for another form.
std::uint32_t vulkanVersionForTargetEnv(const std::string &targetEnv);

} // namespace nvc::rt
