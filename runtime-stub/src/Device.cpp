// Opening a Vulkan device for compute: instance creation, physical-device enumeration
// and selection (by preference, index or name), and logical-device creation with one
// compute queue and every optional shader feature nvc kernels may declare that the
// device supports (queried and enabled through the VkPhysicalDeviceFeatures2 chain).
#include "DeviceContext.h"
#include "BufferPool.h"
#include "Environment.h"
#include "StreamState.h"
#include "PipelineCache.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace nvc::rt {
namespace detail {

Instance::~Instance() {
  if (handle)
    vkDestroyInstance(handle, nullptr);
}

std::shared_ptr<Instance> createInstance() {
  std::uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (vkEnumerateInstanceVersion(&loaderVersion) != VK_SUCCESS)
    loaderVersion = VK_API_VERSION_1_0;
  if (loaderVersion < VK_API_VERSION_1_1)
    throw Error("the Vulkan loader supports only Vulkan 1.0; the nvc runtime needs 1.1");

  std::uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> available(count);
  vkEnumerateInstanceExtensionProperties(nullptr, &count, available.data());
  auto hasExtension = [&](const char *name) {
    return std::any_of(available.begin(), available.end(), [&](const VkExtensionProperties &e) {
      return !std::strcmp(e.extensionName, name);
    });
  };
  std::vector<const char *> extensions;
  VkInstanceCreateFlags flags = 0;
  if (hasExtension(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME)) {
    extensions.push_back(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
    flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
  }

  std::vector<const char *> layers;
  const char *validation = std::getenv("NVC_VULKAN_VALIDATION");
  if (validation && std::strcmp(validation, "1") == 0) {
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layerProps(count);
    vkEnumerateInstanceLayerProperties(&count, layerProps.data());
    for (const VkLayerProperties &l : layerProps)
      if (!std::strcmp(l.layerName, "VK_LAYER_KHRONOS_validation"))
        layers.push_back("VK_LAYER_KHRONOS_validation");
  }

  auto instance = std::make_shared<Instance>();
  instance->apiVersion = std::min<std::uint32_t>(loaderVersion, VK_API_VERSION_1_3);
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "nvc runtime";
  app.pEngineName = "nvc";
  app.apiVersion = instance->apiVersion;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.flags = flags;
  info.pApplicationInfo = &app;
  info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  info.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  const VkResult r = vkCreateInstance(&info, nullptr, &instance->handle);
  if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
    throw Error("no Vulkan driver found (vkCreateInstance returned VK_ERROR_INCOMPATIBLE_DRIVER); "
                "install a Vulkan driver, e.g. mesa-vulkan-drivers for the lavapipe CPU device");
  vkCheck(r, "vkCreateInstance");
  return instance;
}

std::vector<VkPhysicalDevice> physicalDevices(const Instance &instance) {
  std::uint32_t count = 0;
  VkResult r = vkEnumeratePhysicalDevices(instance.handle, &count, nullptr);
  if (r == VK_ERROR_INITIALIZATION_FAILED)
    return {};
  vkCheck(r, "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> devices(count);
  r = vkEnumeratePhysicalDevices(instance.handle, &count, devices.data());
  if (r != VK_INCOMPLETE)
    vkCheck(r, "vkEnumeratePhysicalDevices");
  devices.resize(count);
  return devices;
}

} // namespace detail

namespace {

DeviceType toDeviceType(VkPhysicalDeviceType t) {
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return DeviceType::IntegratedGpu;
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return DeviceType::DiscreteGpu;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return DeviceType::VirtualGpu;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return DeviceType::Cpu;
  default:
    return DeviceType::Other;
  }
}

DeviceInfo describe(VkPhysicalDevice device, std::uint32_t index) {
  VkPhysicalDeviceProperties p{};
  vkGetPhysicalDeviceProperties(device, &p);
  DeviceInfo info;
  info.index = index;
  info.name = p.deviceName;
  info.type = toDeviceType(p.deviceType);
  info.apiVersion = p.apiVersion;
  info.vendorId = p.vendorID;
  info.deviceId = p.deviceID;
  return info;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string deviceList(const std::vector<DeviceInfo> &devices) {
  std::string s;
  for (const DeviceInfo &d : devices)
    s += fmt::format("{}{}: {} ({})", s.empty() ? "" : ", ", d.index, d.name, toString(d.type));
  return s;
}

/// Device extensions enabled when offered: those promoted to core only if the device's
/// usable Vulkan version predates the promotion (coreIn 0: never promoted).
struct WantedExtension {
  const char *name;
  std::uint32_t coreIn;
};
constexpr WantedExtension kWantedExtensions[] = {
    {"VK_KHR_8bit_storage", VK_API_VERSION_1_2},
    {"VK_KHR_shader_float16_int8", VK_API_VERSION_1_2},
    {"VK_KHR_shader_atomic_int64", VK_API_VERSION_1_2},
    {"VK_KHR_vulkan_memory_model", VK_API_VERSION_1_2},
    {"VK_KHR_shader_float_controls", VK_API_VERSION_1_2},
    {"VK_KHR_spirv_1_4", VK_API_VERSION_1_2},
    {"VK_KHR_shader_non_semantic_info", VK_API_VERSION_1_3},
    {"VK_KHR_shader_integer_dot_product", VK_API_VERSION_1_3},
    {"VK_EXT_pipeline_creation_feedback", VK_API_VERSION_1_3}, // pipeline-cache hits
    {"VK_EXT_shader_atomic_float", 0},
    {"VK_KHR_timeline_semaphore", VK_API_VERSION_1_2}, // streams' copies on a transfer queue
    {"VK_KHR_portability_subset", 0}, // must be enabled when offered
};

/// The optional-feature structs queried and enabled through VkPhysicalDeviceFeatures2.
/// Structs of extensions neither enabled nor core are left out of the chain.
struct FeatureChain {
  VkPhysicalDeviceFeatures2 core{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDevice16BitStorageFeatures storage16{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDeviceVariablePointersFeatures variablePointers{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES};
  VkPhysicalDevice8BitStorageFeatures storage8{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES};
  VkPhysicalDeviceShaderFloat16Int8Features float16Int8{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
  VkPhysicalDeviceShaderAtomicInt64Features atomicInt64{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES};
  VkPhysicalDeviceVulkanMemoryModelFeatures memoryModel{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  /// Not a shader feature: the runtime's streams order their copies on a transfer queue
  /// with their kernels through a timeline semaphore (StreamState.h).
  VkPhysicalDeviceTimelineSemaphoreFeatures timeline{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
  bool has8Bit = false, hasFloat16Int8 = false, hasAtomicInt64 = false, hasMemoryModel = false,
       hasAtomicFloat = false, hasTimeline = false;

  /// Links the structs that apply; call after copying or filling the members.
  void link() {
    void **next = &core.pNext;
    auto append = [&next](auto &s) {
      *next = &s;
      next = &s.pNext;
    };
    append(storage16);
    append(variablePointers);
    if (has8Bit)
      append(storage8);
    if (hasFloat16Int8)
      append(float16Int8);
    if (hasAtomicInt64)
      append(atomicInt64);
    if (hasMemoryModel)
      append(memoryModel);
    if (hasAtomicFloat)
      append(atomicFloat);
    if (hasTimeline)
      append(timeline);
    *next = nullptr;
  }
};

} // namespace

const char *toString(DeviceType type) {
  switch (type) {
  case DeviceType::DiscreteGpu:
    return "discrete GPU";
  case DeviceType::IntegratedGpu:
    return "integrated GPU";
  case DeviceType::VirtualGpu:
    return "virtual GPU";
  case DeviceType::Cpu:
    return "CPU";
  case DeviceType::Other:
    return "other";
  }
  return "other";
}

std::string DeviceInfo::apiVersionString() const {
  return fmt::format("{}.{}.{}", VK_API_VERSION_MAJOR(apiVersion), VK_API_VERSION_MINOR(apiVersion),
                     VK_API_VERSION_PATCH(apiVersion));
}

bool DeviceFeatures::hasExtension(const std::string &name) const {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

std::vector<DeviceInfo> listDevices() {
  const auto instance = detail::createInstance();
  std::vector<DeviceInfo> infos;
  const auto devices = detail::physicalDevices(*instance);
  for (std::size_t i = 0; i < devices.size(); ++i)
    infos.push_back(describe(devices[i], static_cast<std::uint32_t>(i)));
  return infos;
}

std::size_t defaultDeviceIndex(const std::vector<DeviceInfo> &devices) {
  if (devices.empty())
    throw Error("no Vulkan device found (the driver reports no physical device)");
  for (DeviceType preferred : {DeviceType::DiscreteGpu, DeviceType::IntegratedGpu,
                               DeviceType::VirtualGpu, DeviceType::Cpu})
    for (std::size_t i = 0; i < devices.size(); ++i)
      if (devices[i].type == preferred)
        return i;
  return 0;
}

std::size_t selectDevice(const std::vector<DeviceInfo> &devices, const std::string &selector) {
  if (devices.empty())
    throw Error("no Vulkan device found (the driver reports no physical device)");
  if (selector.empty())
    return defaultDeviceIndex(devices);
  if (std::all_of(selector.begin(), selector.end(),
                  [](unsigned char c) { return std::isdigit(c); })) {
    const unsigned long long index = selector.size() > 9 ? ~0ull : std::stoull(selector);
    if (index >= devices.size())
      throw Error(fmt::format("device index {} is out of range (devices: {})", selector,
                              deviceList(devices)));
    return static_cast<std::size_t>(index);
  }
  const std::string needle = lower(selector);
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (lower(devices[i].name).find(needle) != std::string::npos)
      return i;
  throw Error(fmt::format("no Vulkan device name contains '{}' (devices: {})", selector,
                          deviceList(devices)));
}

Device::Context::~Context() {
  defaultStream.reset(); // empty by now (Device's destructor drained it)
  if (device) {
    vkDeviceWaitIdle(device);
    pipelineCache.reset(); // saved to its file before the device goes
    bufferPool.reset();
    for (auto &[key, pools] : freeDescriptorPools)
      for (VkDescriptorPool pool : pools)
        vkDestroyDescriptorPool(device, pool, nullptr);
    if (commandPool)
      vkDestroyCommandPool(device, commandPool, nullptr);
    if (copyCommandPool)
      vkDestroyCommandPool(device, copyCommandPool, nullptr);
    vkDestroyDevice(device, nullptr);
  }
}

Device::Device(const std::string &selector) : context_(std::make_shared<Context>()) {
  // numba-vulkan's NUMBA_VULKAN_PRINT_WORDS: the default print-buffer size.
  if (const char *words = std::getenv("NUMBA_VULKAN_PRINT_WORDS"); words && *words) {
    char *end = nullptr;
    unsigned long long n = std::strtoull(words, &end, 10);
    if (*end != '\0' || n < 5 || n > 0xffffffffull)
      throw Error(fmt::format("NUMBA_VULKAN_PRINT_WORDS is '{}': expected a number of 32-bit "
                              "words from 5 to 4294967295",
                              words));
    context_->printBufferWords = static_cast<std::uint32_t>(n);
  }
  Context &ctx = *context_;
  ctx.instance = detail::createInstance();
  const auto devices = detail::physicalDevices(*ctx.instance);
  std::vector<DeviceInfo> infos;
  for (std::size_t i = 0; i < devices.size(); ++i)
    infos.push_back(describe(devices[i], static_cast<std::uint32_t>(i)));
  // An explicit selector, else the environment's (004's NUMBA_VULKAN_DEVICE;
  // NVC_DEVICE first), else the default preference.
  std::string chosen = selector, from;
  for (const char *variable : {"NVC_DEVICE", "NUMBA_VULKAN_DEVICE"})
    if (const char *value = std::getenv(variable); chosen.empty() && value && *value) {
      chosen = value;
      from = variable;
    }
  std::size_t index = 0;
  try {
    index = selectDevice(infos, chosen);
  } catch (const Error &e) {
    if (from.empty())
      throw;
    throw Error(fmt::format("{}={}: {}", from, chosen, e.what()));
  }
  ctx.physicalDevice = devices[index];
  ctx.info = infos[index];
  if (ctx.info.apiVersion < VK_API_VERSION_1_1)
    throw Error(fmt::format("device '{}' supports only Vulkan {}; the nvc runtime needs 1.1",
                            ctx.info.name, ctx.info.apiVersionString()));
  const std::uint32_t apiVersion = std::min(ctx.info.apiVersion, ctx.instance->apiVersion);

  // A queue family with compute; prefer one without graphics (a dedicated compute queue).
  std::uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &familyCount, nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &familyCount, families.data());
  int family = -1;
  for (bool dedicated : {true, false})
    for (std::uint32_t i = 0; i < familyCount && family < 0; ++i)
      if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) && families[i].queueCount > 0 &&
          (!dedicated || !(families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)))
        family = static_cast<int>(i);
  if (family < 0)
    throw Error(fmt::format("device '{}' has no compute queue", ctx.info.name));
  ctx.queueFamily = static_cast<std::uint32_t>(family);

  // Device extensions to enable.
  std::uint32_t extCount = 0;
  vkEnumerateDeviceExtensionProperties(ctx.physicalDevice, nullptr, &extCount, nullptr);
  std::vector<VkExtensionProperties> available(extCount);
  vkEnumerateDeviceExtensionProperties(ctx.physicalDevice, nullptr, &extCount, available.data());
  std::vector<const char *> enabled;
  for (const WantedExtension &w : kWantedExtensions) {
    const bool offered = std::any_of(available.begin(), available.end(), [&](const auto &e) {
      return !std::strcmp(e.extensionName, w.name);
    });
    if (offered && (w.coreIn == 0 || apiVersion < w.coreIn))
      enabled.push_back(w.name);
  }
  auto isEnabled = [&](const char *name) {
    return std::any_of(enabled.begin(), enabled.end(),
                       [&](const char *e) { return !std::strcmp(e, name); });
  };
  const bool v12 = apiVersion >= VK_API_VERSION_1_2;

  FeatureChain supported;
  supported.has8Bit = v12 || isEnabled("VK_KHR_8bit_storage");
  supported.hasFloat16Int8 = v12 || isEnabled("VK_KHR_shader_float16_int8");
  supported.hasAtomicInt64 = v12 || isEnabled("VK_KHR_shader_atomic_int64");
  supported.hasMemoryModel = v12 || isEnabled("VK_KHR_vulkan_memory_model");
  supported.hasAtomicFloat = isEnabled("VK_EXT_shader_atomic_float");
  supported.hasTimeline = v12 || isEnabled("VK_KHR_timeline_semaphore");
  supported.link();
  vkGetPhysicalDeviceFeatures2(ctx.physicalDevice, &supported.core);

  // Enable the shader-arithmetic core features and all members of the other structs
  // (every one of them is a shader capability; none costs performance when unused).
  FeatureChain enable = supported;
  enable.core.features = VkPhysicalDeviceFeatures{};
  enable.core.features.shaderFloat64 = supported.core.features.shaderFloat64;
  enable.core.features.shaderInt64 = supported.core.features.shaderInt64;
  enable.core.features.shaderInt16 = supported.core.features.shaderInt16;
  enable.link(); // the copy's pNext pointers still point into `supported`

  // Up to four queues of the family: the first for the default stream and the
  // operations that wait, the others for Streams, so that they can run at once.
  const std::uint32_t queueCount = std::min<std::uint32_t>(families[ctx.queueFamily].queueCount, 4);
  // NVC_TRANSFER_QUEUE=1: streams' copies between host and device memory go to a queue
  // of a transfer-only family where there is one (a discrete GPU's copy engines),
  // ordered with the stream's kernels by a timeline semaphore; =compute submits them
  // apart the same way on the compute queues (for testing on devices without one).
  // Off by default: on the H200 it made 004's streams benchmark no faster (11.3 against
  // 10.9 ms) and a waited launch 35 us slower (docs/benchmarks.md "The launcher").
  const bool timeline = supported.hasTimeline && supported.timeline.timelineSemaphore;
  const char *transferSetting = std::getenv("NVC_TRANSFER_QUEUE");
  const bool forceComputeCopies = transferSetting && std::string(transferSetting) == "compute";
  int transferFamily = -1;
  if (timeline && detail::environmentSwitch("NVC_TRANSFER_QUEUE") == true)
    for (std::uint32_t i = 0; i < familyCount && transferFamily < 0; ++i)
      if ((families[i].queueFlags & VK_QUEUE_TRANSFER_BIT) && families[i].queueCount > 0 &&
          !(families[i].queueFlags & (VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT)))
        transferFamily = static_cast<int>(i);
  const std::uint32_t transferCount =
      transferFamily >= 0 ? std::min<std::uint32_t>(families[transferFamily].queueCount, 2) : 0;
  const std::vector<float> priorities(std::max(queueCount, transferCount), 1.0f);
  std::vector<VkDeviceQueueCreateInfo> queueInfos(transferCount ? 2 : 1);
  queueInfos[0] = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfos[0].queueFamilyIndex = ctx.queueFamily;
  queueInfos[0].queueCount = queueCount;
  queueInfos[0].pQueuePriorities = priorities.data();
  if (transferCount) {
    queueInfos[1] = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfos[1].queueFamilyIndex = static_cast<std::uint32_t>(transferFamily);
    queueInfos[1].queueCount = transferCount;
    queueInfos[1].pQueuePriorities = priorities.data();
  }
  VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceInfo.pNext = &enable.core;
  deviceInfo.queueCreateInfoCount = static_cast<std::uint32_t>(queueInfos.size());
  deviceInfo.pQueueCreateInfos = queueInfos.data();
  deviceInfo.enabledExtensionCount = static_cast<std::uint32_t>(enabled.size());
  deviceInfo.ppEnabledExtensionNames = enabled.data();
  detail::vkCheck(vkCreateDevice(ctx.physicalDevice, &deviceInfo, nullptr, &ctx.device),
                  "vkCreateDevice");
  ctx.queues.resize(queueCount);
  for (std::uint32_t i = 0; i < queueCount; ++i)
    vkGetDeviceQueue(ctx.device, ctx.queueFamily, i, &ctx.queues[i]);
  ctx.queue = ctx.queues[0];
  ctx.timelineSemaphores = timeline;
  if (transferCount) {
    ctx.copyFamily = static_cast<std::uint32_t>(transferFamily);
    ctx.bufferFamilies_ = {ctx.queueFamily, ctx.copyFamily};
    ctx.copyQueues.resize(transferCount);
    for (std::uint32_t i = 0; i < transferCount; ++i)
      vkGetDeviceQueue(ctx.device, ctx.copyFamily, i, &ctx.copyQueues[i]);
  } else if (timeline && forceComputeCopies) {
    ctx.copyFamily = ctx.queueFamily;
    ctx.copyQueues = ctx.queues;
  }

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags =
      VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT | VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  poolInfo.queueFamilyIndex = ctx.queueFamily;
  detail::vkCheck(vkCreateCommandPool(ctx.device, &poolInfo, nullptr, &ctx.commandPool),
                  "vkCreateCommandPool");
  if (!ctx.copyQueues.empty()) {
    poolInfo.queueFamilyIndex = ctx.copyFamily;
    detail::vkCheck(vkCreateCommandPool(ctx.device, &poolInfo, nullptr, &ctx.copyCommandPool),
                    "vkCreateCommandPool");
  }
  vkGetPhysicalDeviceMemoryProperties(ctx.physicalDevice, &ctx.memory);
  {
    VkPhysicalDeviceProperties p{};
    vkGetPhysicalDeviceProperties(ctx.physicalDevice, &p);
    ctx.pipelineCache = std::make_unique<detail::PipelineCache>(ctx.device, p,
                                                                detail::pipelineCachePath(p));
  }
  ctx.pipelineCreationFeedback =
      apiVersion >= VK_API_VERSION_1_3 || isEnabled("VK_EXT_pipeline_creation_feedback");
  // 004: NUMBA_VULKAN_SYNC=1 makes every launch wait (NVC_SYNC first).
  for (const char *variable : {"NVC_SYNC", "NUMBA_VULKAN_SYNC"})
    if (std::optional<bool> on = detail::environmentSwitch(variable)) {
      ctx.synchronousLaunches = *on;
      break;
    }
  ctx.defaultStream =
      std::make_shared<detail::StreamState>(&ctx, nullptr, ctx.queues[0], 0);

  // Limits and subgroup properties.
  VkPhysicalDeviceSubgroupProperties subgroup{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props.pNext = &subgroup;
  // Float controls (Vulkan 1.2 core, or VK_KHR_shader_float_controls): which
  // denormal modes the device's shaders may request.
  VkPhysicalDeviceFloatControlsProperties floatControls{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
  const bool hasFloatControls = v12 || isEnabled("VK_KHR_shader_float_controls");
  if (hasFloatControls)
    subgroup.pNext = &floatControls;
  vkGetPhysicalDeviceProperties2(ctx.physicalDevice, &props);
  const VkPhysicalDeviceLimits &l = props.properties.limits;
  for (int i = 0; i < 3; ++i) {
    ctx.limits.maxComputeWorkGroupCount[i] = l.maxComputeWorkGroupCount[i];
    ctx.limits.maxComputeWorkGroupSize[i] = l.maxComputeWorkGroupSize[i];
  }
  ctx.limits.maxComputeWorkGroupInvocations = l.maxComputeWorkGroupInvocations;
  ctx.limits.maxComputeSharedMemorySize = l.maxComputeSharedMemorySize;
  ctx.limits.maxPushConstantsSize = l.maxPushConstantsSize;
  ctx.limits.maxStorageBufferRange = l.maxStorageBufferRange;
  ctx.limits.maxUniformBufferRange = l.maxUniformBufferRange;
  ctx.limits.maxPerStageDescriptorStorageBuffers = l.maxPerStageDescriptorStorageBuffers;
  ctx.limits.maxPerStageDescriptorUniformBuffers = l.maxPerStageDescriptorUniformBuffers;
  ctx.bufferPool = std::make_unique<detail::BufferPool>(
      ctx.device, detail::poolCapFromEnvironment(), ctx.limits.maxStorageBufferRange,
      ctx.limits.maxUniformBufferRange);

  DeviceFeatures &f = ctx.features;
  f.apiVersion = apiVersion;
  f.shaderFloat64 = enable.core.features.shaderFloat64;
  f.shaderInt64 = enable.core.features.shaderInt64;
  f.shaderInt16 = enable.core.features.shaderInt16;
  f.storageBuffer16BitAccess = enable.storage16.storageBuffer16BitAccess;
  f.uniformAndStorageBuffer16BitAccess = enable.storage16.uniformAndStorageBuffer16BitAccess;
  f.storagePushConstant16 = enable.storage16.storagePushConstant16;
  f.variablePointersStorageBuffer = enable.variablePointers.variablePointersStorageBuffer;
  f.variablePointers = enable.variablePointers.variablePointers;
  if (enable.has8Bit) {
    f.storageBuffer8BitAccess = enable.storage8.storageBuffer8BitAccess;
    f.uniformAndStorageBuffer8BitAccess = enable.storage8.uniformAndStorageBuffer8BitAccess;
    f.storagePushConstant8 = enable.storage8.storagePushConstant8;
  }
  if (enable.hasFloat16Int8) {
    f.shaderInt8 = enable.float16Int8.shaderInt8;
    f.shaderFloat16 = enable.float16Int8.shaderFloat16;
  }
  if (enable.hasAtomicInt64) {
    f.shaderBufferInt64Atomics = enable.atomicInt64.shaderBufferInt64Atomics;
    f.shaderSharedInt64Atomics = enable.atomicInt64.shaderSharedInt64Atomics;
  }
  if (enable.hasMemoryModel) {
    f.vulkanMemoryModel = enable.memoryModel.vulkanMemoryModel;
    f.vulkanMemoryModelDeviceScope = enable.memoryModel.vulkanMemoryModelDeviceScope;
  }
  if (enable.hasAtomicFloat) {
    f.shaderBufferFloat32AtomicAdd = enable.atomicFloat.shaderBufferFloat32AtomicAdd;
    f.shaderBufferFloat64AtomicAdd = enable.atomicFloat.shaderBufferFloat64AtomicAdd;
    f.shaderSharedFloat32AtomicAdd = enable.atomicFloat.shaderSharedFloat32AtomicAdd;
    f.shaderSharedFloat64AtomicAdd = enable.atomicFloat.shaderSharedFloat64AtomicAdd;
  }
  // nvc's denorm-preserve variant sets the float32 mode alone, which a device
  // whose float controls must be the same for every width cannot take
  // (VkShaderFloatControlsIndependence NONE).
  if (hasFloatControls)
    f.shaderDenormPreserveFloat32 =
        floatControls.shaderDenormPreserveFloat32 &&
        floatControls.denormBehaviorIndependence != VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE;
  if (hasFloatControls) {
    f.shaderSignedZeroInfNanPreserveFloat16 = floatControls.shaderSignedZeroInfNanPreserveFloat16;
    f.shaderSignedZeroInfNanPreserveFloat32 = floatControls.shaderSignedZeroInfNanPreserveFloat32;
    f.shaderSignedZeroInfNanPreserveFloat64 = floatControls.shaderSignedZeroInfNanPreserveFloat64;
  }
  f.subgroupSize = subgroup.subgroupSize;
  f.subgroupStages = subgroup.supportedStages;
  f.subgroupOperations = subgroup.supportedOperations;
  for (const char *e : enabled)
    f.extensions.emplace_back(e);
}

namespace {
/// What a Device handle does when it goes: no handle is left to synchronise the
/// default stream, so it is drained now and waits from then on (its pending
/// operations hold the context, which could otherwise never be released).
void releaseHandle(const std::shared_ptr<Device::Context> &context) {
  if (!context)
    return;
  context->deviceHandleAlive = false;
  if (context->defaultStream) {
    try {
      context->defaultStream->synchronize();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "nvc: error: %s (raised by a launch never synchronised)\n", e.what());
    }
  }
}
} // namespace

Device::Device(std::shared_ptr<Context> context, bool owning)
    : context_(std::move(context)), owning_(owning) {}
Device::~Device() {
  if (owning_)
    releaseHandle(context_);
}
Device::Device(Device &&) noexcept = default;
Device &Device::operator=(Device &&other) noexcept {
  if (this != &other) {
    if (owning_)
      releaseHandle(context_);
    context_ = std::move(other.context_);
    owning_ = other.owning_;
  }
  return *this;
}

namespace detail {
Device DeviceAccess::borrow(const std::shared_ptr<Device::Context> &context) {
  return Device(context, /*owning=*/false);
}
} // namespace detail

const DeviceInfo &Device::info() const { return context_->info; }
const DeviceLimits &Device::limits() const { return context_->limits; }
const DeviceFeatures &Device::features() const { return context_->features; }

PipelineCacheStatus Device::pipelineCache() const {
  const Context &ctx = *context_;
  PipelineCacheStatus status;
  status.path = ctx.pipelineCache ? ctx.pipelineCache->path() : std::string();
  status.loadedBytes = ctx.pipelineCache ? ctx.pipelineCache->loadedBytes() : 0;
  status.pipelinesCreated = ctx.pipelinesCreated;
  status.cacheHits = ctx.pipelineCacheHits;
  status.hitsReported = ctx.pipelineCreationFeedback;
  return status;
}

BufferPoolStatus Device::bufferPool() const {
  const detail::BufferPool &pool = *context_->bufferPool;
  return {pool.capBytes(), pool.heldBytes(), pool.heldBuffers(), pool.hits(), pool.misses()};
}

void Device::trim() { context_->bufferPool->trim(); }

std::size_t Device::savePipelineCache() {
  return context_->pipelineCache ? context_->pipelineCache->save() : 0;
}

void Device::setPrintHandler(PrintHandler handler) { context_->printHandler = std::move(handler); }

void Device::setPrintBufferWords(std::uint32_t words) {
  if (words < 5)
    throw Error(fmt::format("a print buffer of {} words is too small: it needs its 4-word "
                            "header and room for a record",
                            words));
  context_->printBufferWords = words;
}

std::uint32_t Device::printBufferWords() const { return context_->printBufferWords; }

} // namespace nvc::rt
