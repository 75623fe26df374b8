// Internal: a VkBuffer bound to its own host-visible, persistently mapped memory
// allocation — the storage buffers of array arguments and the uniform buffer of a
// parameter block. Prefers host-coherent memory and flushes/invalidates otherwise.
#pragma once

#include "DeviceContext.h"

#include <memory>

namespace nvc::rt::detail {

class HostVisibleBuffer {
public:
  /// Creates a buffer of `size` bytes with `usage` (VkBufferUsageFlags) and maps it.
  /// Throws Error if no host-visible memory type fits or allocation fails.
  HostVisibleBuffer(std::shared_ptr<Device::Context> context, VkDeviceSize size,
                    VkBufferUsageFlags usage);
  /// Gives the buffer, still mapped, to the device's pool (BufferPool.h).
  ~HostVisibleBuffer();
  HostVisibleBuffer(const HostVisibleBuffer &) = delete;
  HostVisibleBuffer &operator=(const HostVisibleBuffer &) = delete;

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  /// The mapped bytes (size() of them).
  void *data() const { return mapped_; }
  /// Makes host writes visible to the device (no-op for coherent memory).
  void flush();
  /// Makes device writes visible to the host (no-op for coherent memory).
  void invalidate();

private:
  std::shared_ptr<Device::Context> context_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;     ///< the size asked for
  VkDeviceSize capacity_ = 0; ///< the VkBuffer's (larger when reused from the pool)
  VkBufferUsageFlags usage_ = 0;
  void *mapped_ = nullptr;
  bool coherent_ = false;
};

} // namespace nvc::rt::detail
