// Tests of device selection and feature checking: the pure selection logic on made-up
// device lists, the capability/extension → feature table on made-up feature sets, and
// the real Vulkan device of the test machine (lavapipe) opened by index and by name.
#include "TestSupport.h"

#include <catch2/catch.hpp>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

DeviceInfo fake(std::uint32_t index, const char *name, DeviceType type) {
  DeviceInfo d;
  d.index = index;
  d.name = name;
  d.type = type;
  return d;
}

constexpr std::uint32_t kVulkan11 = (1u << 22) | (1u << 12);
constexpr std::uint32_t kVulkan12 = (1u << 22) | (2u << 12);

} // namespace

TEST_CASE("the default device prefers discrete, integrated, virtual, then CPU", "[device]") {
  const std::vector<DeviceInfo> all = {fake(0, "llvmpipe (LLVM 15)", DeviceType::Cpu),
                                       fake(1, "Intel(R) UHD Graphics", DeviceType::IntegratedGpu),
                                       fake(2, "NVIDIA GeForce RTX 4090", DeviceType::DiscreteGpu),
                                       fake(3, "virtio", DeviceType::VirtualGpu)};
  CHECK(defaultDeviceIndex(all) == 2);
  CHECK(defaultDeviceIndex({all[0], all[1], all[3]}) == 1);
  CHECK(defaultDeviceIndex({all[0], all[3]}) == 1);
  CHECK(defaultDeviceIndex({all[0]}) == 0);
  CHECK(defaultDeviceIndex({fake(0, "?", DeviceType::Other)}) == 0);
  CHECK_THROWS_WITH(defaultDeviceIndex({}), Catch::Contains("no Vulkan device found"));

  CHECK(selectDevice(all, "") == 2);
  CHECK(selectDevice(all, "0") == 0);
  CHECK(selectDevice(all, "3") == 3);
  CHECK(selectDevice(all, "LLVMPIPE") == 0);
  CHECK(selectDevice(all, "uhd") == 1);
  CHECK(selectDevice(all, "GeForce") == 2);
  CHECK_THROWS_WITH(selectDevice(all, "4"), Catch::StartsWith("device index 4 is out of range"));
  CHECK_THROWS_WITH(selectDevice(all, "99999999999999999999"), Catch::Contains("is out of range"));
  CHECK_THROWS_WITH(
      selectDevice(all, "radeon"),
      "no Vulkan device name contains 'radeon' (devices: 0: llvmpipe (LLVM 15) (CPU), "
      "1: Intel(R) UHD Graphics (integrated GPU), 2: NVIDIA GeForce RTX 4090 "
      "(discrete GPU), 3: virtio (virtual GPU))");
}

TEST_CASE("capabilities map to device features", "[device]") {
  DeviceFeatures none;
  none.apiVersion = kVulkan11;
  CHECK(missingFeatures(
            {"1.3", {"Shader", "SomeFutureCapability"}, {"SPV_KHR_storage_buffer_storage_class"}},
            none)
            .empty());
  const auto missing = missingFeatures({"1.3",
                                        {"Shader", "Float64", "Int64", "Int16", "Int8",
                                         "StorageBuffer8BitAccess", "GroupNonUniformArithmetic"},
                                        {"SPV_KHR_8bit_storage"}},
                                       none);
  REQUIRE(missing.size() == 7);
  CHECK(missing[0] == "capability Float64 needs the shaderFloat64 feature, which the device does "
                      "not support");
  CHECK(missing[1].find("shaderInt64") != std::string::npos);
  CHECK(missing[2].find("shaderInt16") != std::string::npos);
  CHECK(missing[3].find("shaderInt8") != std::string::npos);
  CHECK(missing[4].find("storageBuffer8BitAccess") != std::string::npos);
  CHECK(missing[5].find("subgroup arithmetic") != std::string::npos);
  CHECK(missing[6] == "extension SPV_KHR_8bit_storage needs Vulkan 1.2 or the device extension "
                      "VK_KHR_8bit_storage, which the device does not offer");

  DeviceFeatures some = none;
  some.shaderFloat64 = true;
  some.storageBuffer8BitAccess = true;
  some.extensions = {"VK_KHR_8bit_storage"};
  CHECK(missingFeatures({"1.3", {"Float64", "StorageBuffer8BitAccess"}, {"SPV_KHR_8bit_storage"}},
                        some)
            .empty());
  CHECK_THROWS_WITH(checkFeatures("saxpy", {"1.3", {"Shader", "Int64"}, {}}, some, "Fake GPU"),
                    "device 'Fake GPU' cannot run entry point 'saxpy': capability Int64 needs the "
                    "shaderInt64 feature, which the device does not support");
  CHECK_NOTHROW(checkFeatures("saxpy", {"1.3", {"Shader", "Float64"}, {}}, some, "Fake GPU"));

  CHECK(missingFeatures({"1.5", {}, {}}, none) ==
        std::vector<std::string>{"SPIR-V 1.5 needs Vulkan 1.2 but the device offers only 1.1"});
  DeviceFeatures v12 = none;
  v12.apiVersion = kVulkan12;
  CHECK(missingFeatures({"1.5", {}, {"SPV_KHR_8bit_storage"}}, v12).empty());
  // The manifest's target_env (nvc --target-env) names the Vulkan version itself.
  CHECK(missingFeatures({"1.5", {}, {}, "vulkan1.2"}, v12).empty());
  CHECK(missingFeatures({"1.6", {}, {}, "vulkan1.4"}, v12) ==
        std::vector<std::string>{
            "the module was built for Vulkan 1.4 (target_env vulkan1.4) but the device offers "
            "only 1.2",
            "SPIR-V 1.6 needs Vulkan 1.3 but the device offers only 1.2"});
  CHECK(missingFeatures({"1.0", {}, {}, "vulkan1.1"}, none).empty());
  CHECK(vulkanVersionForTargetEnv("vulkan1.3") == ((1u << 22) | (3u << 12)));
  CHECK_THROWS_WITH(vulkanVersionForTargetEnv("opengl4.5"),
                    Catch::Contains("malformed target environment 'opengl4.5'"));
  CHECK_THROWS_WITH(vulkanVersionForTargetEnv("vulkan1.3x"), Catch::Contains("malformed"));
  CHECK(vulkanVersionForSpirv("1.0") == (1u << 22));
  CHECK(vulkanVersionForSpirv("1.3") == kVulkan11);
  CHECK(vulkanVersionForSpirv("1.4") == kVulkan12);
  CHECK_THROWS_WITH(vulkanVersionForSpirv("2.0"), Catch::Contains("unknown SPIR-V version 2.0"));
  CHECK_THROWS_WITH(vulkanVersionForSpirv("x"), Catch::Contains("malformed SPIR-V version 'x'"));
}

TEST_CASE("DenormPreserve needs shaderDenormPreserveFloat32 and float controls", "[device]") {
  // The denorm-preserve variant's requirements (docs/manifest.md "variants").
  const FeatureRequirements denorm{"1.3", {"Shader", "DenormPreserve"}, {"SPV_KHR_float_controls"}};
  DeviceFeatures v11;
  v11.apiVersion = kVulkan11;
  const auto missing = missingFeatures(denorm, v11);
  REQUIRE(missing.size() == 2);
  CHECK(missing[0].find("capability DenormPreserve needs the shaderDenormPreserveFloat32 "
                        "property") == 0);
  CHECK(missing[1] == "extension SPV_KHR_float_controls needs Vulkan 1.2 or the device extension "
                      "VK_KHR_shader_float_controls, which the device does not offer");
  // Vulkan 1.2 has float controls, but not every device preserves float32
  // subnormals (neither lavapipe nor NVIDIA's driver 580 reports it).
  DeviceFeatures v12;
  v12.apiVersion = kVulkan12;
  REQUIRE(missingFeatures(denorm, v12).size() == 1);
  DeviceFeatures preserving = v12;
  preserving.shaderDenormPreserveFloat32 = true;
  CHECK(missingFeatures(denorm, preserving).empty());
  DeviceFeatures extension = v11;
  extension.shaderDenormPreserveFloat32 = true;
  extension.extensions = {"VK_KHR_shader_float_controls"};
  CHECK(missingFeatures(denorm, extension).empty());
}

TEST_CASE("SignedZeroInfNanPreserve needs the property of every float width used",
          "[device]") {
  // The signed-zero-inf-nan-preserve variants' requirements (docs/manifest.md
  // "variants"): width 32 always, 64 and 16 with the Float64 / Float16
  // capabilities.
  const FeatureRequirements f32{"1.3", {"Shader", "SignedZeroInfNanPreserve"},
                                {"SPV_KHR_float_controls"}};
  const FeatureRequirements f64{"1.3", {"Shader", "Float64", "SignedZeroInfNanPreserve"},
                                {"SPV_KHR_float_controls"}};
  DeviceFeatures v12;
  v12.apiVersion = kVulkan12;
  v12.shaderFloat64 = true;
  const auto missing = missingFeatures(f32, v12);
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].find("capability SignedZeroInfNanPreserve needs the "
                        "shaderSignedZeroInfNanPreserveFloat32 property") == 0);
  DeviceFeatures only32 = v12;
  only32.shaderSignedZeroInfNanPreserveFloat32 = true;
  CHECK(missingFeatures(f32, only32).empty());
  CHECK(missingFeatures(f64, only32).size() == 1);
  DeviceFeatures both = only32;
  both.shaderSignedZeroInfNanPreserveFloat64 = true;
  CHECK(missingFeatures(f64, both).empty());
  DeviceFeatures only64 = v12;
  only64.shaderSignedZeroInfNanPreserveFloat64 = true;
  CHECK(missingFeatures(f64, only64).size() == 1);
}

TEST_CASE("the machine's Vulkan devices can be listed and opened", "[device]") {
  const std::vector<DeviceInfo> devices = listDevices();
  REQUIRE_FALSE(devices.empty());
  for (std::size_t i = 0; i < devices.size(); ++i) {
    CHECK(devices[i].index == i);
    CHECK_FALSE(devices[i].name.empty());
  }
  Device byIndex(std::to_string(defaultDeviceIndex(devices)));
  CHECK(byIndex.info().name == devices[defaultDeviceIndex(devices)].name);
  CHECK(byIndex.limits().maxComputeWorkGroupInvocations >= 128);
  CHECK(byIndex.limits().maxPushConstantsSize >= 128);
  CHECK(byIndex.features().apiVersion >= kVulkan11);

  Device &shared = sharedDevice();
  const std::string name = shared.info().name;
  Device byName(name.substr(0, 4));
  CHECK(byName.info().name.substr(0, 4) == name.substr(0, 4));
  CHECK_THROWS_WITH(Device("no-such-device-name"),
                    Catch::StartsWith("no Vulkan device name contains"));

  // lavapipe, the CI device, offers the optional features the test kernels need; the
  // device enables them at creation.
  if (name.find("llvmpipe") != std::string::npos) {
    CHECK(shared.info().type == DeviceType::Cpu);
    CHECK(shared.features().shaderFloat64);
    CHECK(shared.features().shaderInt64);
    CHECK(shared.features().shaderInt16);
    CHECK(shared.features().storageBuffer8BitAccess);
  }
}
