// Internal: the Vulkan objects behind a Device — instance, physical device, logical
// device, compute queue and command pool — plus what was queried about the device.
// Shared (std::shared_ptr) by the Device, its Modules, Kernels and buffers, so the
// Vulkan objects are destroyed only after the last user is gone.
#pragma once

#include "nvc/Device.h"

#include <vulkan/vulkan.h>

#include <memory>

#include <array>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace nvc::rt::detail {
class BufferPool;
class HostVisibleBuffer;
class PipelineCache;
class StreamState;
}

namespace nvc::rt {

namespace detail {

/// A VkInstance created for the runtime; destroyed with the last reference.
struct Instance {
  VkInstance handle = VK_NULL_HANDLE;
  std::uint32_t apiVersion = 0; ///< the apiVersion the instance was created with
  ~Instance();
};

/// Creates the instance: Vulkan 1.1 or newer (up to 1.3), portability enumeration
/// when offered, VK_LAYER_KHRONOS_validation when NVC_VULKAN_VALIDATION=1 and the
/// layer is installed. Throws Error if no driver can be loaded.
std::shared_ptr<Instance> createInstance();

/// The physical devices of `instance`, in enumeration order.
std::vector<VkPhysicalDevice> physicalDevices(const Instance &instance);

} // namespace detail

struct Device::Context {
  std::shared_ptr<detail::Instance> instance;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  std::uint32_t queueFamily = 0;
  /// queues[0]: the default stream's, and that of every operation that waits
  /// (uploads, synchronous launches, chains).
  VkQueue queue = VK_NULL_HANDLE;
  /// The compute family's queues the device was created with (up to four; Stream
  /// takes queues 1.. in turn).
  std::vector<VkQueue> queues;
  std::uint32_t nextStreamQueue = 0;
  /// Where streams submit their copies between host and device memory: with
  /// NVC_TRANSFER_QUEUE=1, the queues (up to two) of a transfer-only family, with their
  /// own command pool (=compute: the compute queues); empty when copies stay in the
  /// compute queues' submissions (the default, no such family, no timeline semaphores).
  std::vector<VkQueue> copyQueues;
  std::uint32_t copyFamily = 0;
  VkCommandPool copyCommandPool = VK_NULL_HANDLE;
  std::uint32_t nextCopyQueue = 0;
  /// Timeline semaphores are enabled (Vulkan 1.2 or VK_KHR_timeline_semaphore).
  bool timelineSemaphores = false;

  /// Makes `info` a buffer usable on the compute family and, when it is another, the
  /// copy family: VK_SHARING_MODE_CONCURRENT then, so that no ownership transfer is
  /// needed between the queues. Every runtime buffer is created through it.
  void setBufferSharing(VkBufferCreateInfo &info) const {
    const bool two = !copyQueues.empty() && copyFamily != queueFamily;
    info.sharingMode = two ? VK_SHARING_MODE_CONCURRENT : VK_SHARING_MODE_EXCLUSIVE;
    info.queueFamilyIndexCount = two ? 2 : 0;
    info.pQueueFamilyIndices = two ? bufferFamilies_.data() : nullptr;
  }
  /// The two families of setBufferSharing; set with the queues.
  std::array<std::uint32_t, 2> bufferFamilies_{0, 0};
  /// Launches and copies on device arrays made without a stream. Owned here, so the
  /// Device handle drains it when it goes (its operations hold this context).
  std::shared_ptr<detail::StreamState> defaultStream;
  /// The user streams (Stream), for Device::synchronize.
  std::vector<std::weak_ptr<detail::StreamState>> streams;
  /// Descriptor pools of finished launches on device arrays, reset for reuse, by the
  /// storage- and uniform-buffer descriptors their one set holds (LaunchStep.h):
  /// creating a pool per launch cost more than the launch on NVIDIA's driver.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<VkDescriptorPool>>
      freeDescriptorPools;
  /// PinnedArray allocations by first byte: their end and buffer (PinnedMemory.h).
  std::map<std::uintptr_t, std::pair<std::uintptr_t, std::weak_ptr<detail::HostVisibleBuffer>>>
      pinned;
  /// NVC_SYNC / NUMBA_VULKAN_SYNC=1: every stream operation waits.
  bool synchronousLaunches = false;
  /// False once the Device handle is gone: nothing can synchronise the default
  /// stream later, so its operations wait.
  bool deviceHandleAlive = true;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory{};
  DeviceInfo info;
  DeviceLimits limits;
  DeviceFeatures features;
  /// Kernels' print() lines and print-buffer size (Device::setPrintHandler,
  /// setPrintBufferWords).
  Device::PrintHandler printHandler;
  std::uint32_t printBufferWords = 262144;
  /// Released buffers kept for reuse (BufferPool.h).
  std::unique_ptr<detail::BufferPool> bufferPool;
  /// Every compute pipeline is created through it (PipelineCache.h).
  std::unique_ptr<detail::PipelineCache> pipelineCache;
  /// VkPipelineCreationFeedback is available (Vulkan 1.3, or the extension).
  bool pipelineCreationFeedback = false;
  /// Pipelines created, and those the driver reported found in the cache.
  std::uint32_t pipelinesCreated = 0, pipelineCacheHits = 0;

  Context() = default;
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  ~Context();
};

namespace detail {
/// Device handles for the runtime's own use (a Ufunc's device arrays and streams on
/// the device of its module).
struct DeviceAccess {
  /// A handle on `context` that, unlike the program's Device, does not drain the
  /// default stream or mark the device handle gone when it is destroyed.
  static Device borrow(const std::shared_ptr<Device::Context> &context);
};
} // namespace detail

} // namespace nvc::rt
