// Internal: the Vulkan objects behind a DeviceBuffer, and a helper that records a
// one-time command buffer, submits it on the device's queue and waits.
#pragma once

#include "DeviceContext.h"
#include "nvc/DeviceBuffer.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace nvc::rt {

struct DeviceBuffer::State {
  std::shared_ptr<Device::Context> context;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;     ///< the size asked for (rounded to 4 bytes)
  VkDeviceSize capacity = 0; ///< the VkBuffer's size (larger when reused from the pool)
  /// Per stream, the ticket of the last operation on it that uses this buffer
  /// (StreamState.h): what a copy outside that stream waits for.
  std::vector<std::pair<std::weak_ptr<detail::StreamState>, std::uint64_t>> uses;

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  /// Gives the buffer to the device's pool (BufferPool.h), or frees it.
  ~State();
};

namespace detail {
/// A device-local storage buffer of `bytes` bytes (rounded up to a multiple of 4, at
/// least 4; usable as a copy source and destination), from the device's pool when it
/// holds one that fits: what DeviceBuffer's constructor makes, for the runtime's own
/// buffers (the state buffer of a grid-synchronising launch).
std::shared_ptr<DeviceBuffer::State>
allocateDeviceBuffer(const std::shared_ptr<Device::Context> &context, std::uint64_t bytes);

/// Throws Error (naming `what`) unless `h` has the dtype and shape of `a`: what every
/// copy between a host array and a device array checks first.
void checkSameDTypeAndShape(const DeviceArray &a, const HostArray &h, const char *what);

/// Converts `host` (the dtype and shape of `array`, any strides) to the array's storage
/// dtype into `image`, the bytes of the array's buffer from element `lo` on (which must
/// cover every element of the array), leaving the elements it skips untouched. Throws
/// Error (naming `what`) if an integer does not fit the storage dtype.
void packForDevice(const DeviceArray &array, const HostArray &host, unsigned char *image,
                   std::int64_t lo, const char *what);
/// The reverse: the array's elements in `image` (buffer bytes from element `lo` on),
/// widened to its dtype, into `host`.
void unpackFromDevice(const DeviceArray &array, const unsigned char *image, std::int64_t lo,
                      const HostArray &host);

/// Records commands with `record` into a new primary command buffer, submits it, waits
/// for it with a fence and frees it. Throws Error on Vulkan failures.
void submitAndWait(const Device::Context &ctx, const std::function<void(VkCommandBuffer)> &record,
                   const char *what);
} // namespace detail

} // namespace nvc::rt
