// Internal: the Vulkan objects behind a DeviceBuffer, and a helper that records a
// one-time command buffer, submits it on the device's queue and waits.
#pragma once

#include "DeviceContext.h"
#include "nvc/DeviceBuffer.h"

#include <functional>

namespace nvc::rt {

struct DeviceBuffer::State {
  std::shared_ptr<Device::Context> context;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;     ///< the size asked for (rounded to 4 bytes)
  VkDeviceSize capacity = 0; ///< the VkBuffer's size (larger when reused from the pool)

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  /// Gives the buffer to the device's pool (BufferPool.h), or frees it.
  ~State();
};

namespace detail {
/// Records commands with `record` into a new primary command buffer, submits it, waits
/// for it with a fence and frees it. Throws Error on Vulkan failures.
void submitAndWait(const Device::Context &ctx, const std::function<void(VkCommandBuffer)> &record,
                   const char *what);
} // namespace detail

} // namespace nvc::rt
