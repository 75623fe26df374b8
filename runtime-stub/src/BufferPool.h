// Internal: the device's pool of released buffers (004: "the buffers behind device
// arrays and behind the temporary copies of NumPy arguments are recycled"). A buffer
// whose last user is gone goes to the pool instead of back to the driver, and serves a
// later request with the same usage and kind of memory whose size it covers without
// wasting more than half of it. The pool holds at most a cap of bytes
// (NVC_POOL_MB, else numba-vulkan's NUMBA_VULKAN_POOL_MB, megabytes; default 1024; 0
// turns pooling off), dropping its oldest buffers to make room; Device::trim() empties
// it. Launches are synchronous, so a buffer is never given back while the device may
// still use it.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <deque>
#include <optional>

namespace nvc::rt::detail {

/// A buffer with its own memory allocation, as the pool keeps it.
struct PooledBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize capacity = 0;      ///< the VkBuffer's size in bytes
  VkBufferUsageFlags usage = 0;
  bool hostVisible = false;       ///< persistently mapped at `mapped`
  void *mapped = nullptr;
  bool coherent = false;
};

/// The pool's cap in bytes from the environment (see the file comment). Throws
/// nvc::rt::Error for a value that is not a number of megabytes.
VkDeviceSize poolCapFromEnvironment();

class BufferPool {
public:
  /// `maxStorageRange` and `maxUniformRange`: the device's limits on what one
  /// descriptor may bind (the runtime binds whole buffers).
  BufferPool(VkDevice device, VkDeviceSize capBytes, VkDeviceSize maxStorageRange,
             VkDeviceSize maxUniformRange);
  ~BufferPool(); ///< destroys every pooled buffer
  BufferPool(const BufferPool &) = delete;
  BufferPool &operator=(const BufferPool &) = delete;

  /// The smallest pooled buffer with `usage` and `hostVisible` whose capacity is at
  /// least `size` and at most twice it (and, above `size`, not beyond what a
  /// descriptor may bind), taken out of the pool; nullopt when none.
  std::optional<PooledBuffer> take(VkDeviceSize size, VkBufferUsageFlags usage, bool hostVisible);
  /// Keeps `buffer` (dropping the oldest buffers while the cap would be exceeded), or
  /// destroys it when it alone exceeds the cap.
  void give(PooledBuffer buffer);
  /// Destroys every pooled buffer.
  void trim();

  VkDeviceSize capBytes() const { return cap_; }
  VkDeviceSize heldBytes() const { return held_; }
  std::size_t heldBuffers() const { return buffers_.size(); }
  std::uint64_t hits() const { return hits_; }
  std::uint64_t misses() const { return misses_; }

private:
  void destroy(const PooledBuffer &b);

  VkDevice device_;
  VkDeviceSize cap_, maxStorage_, maxUniform_, held_ = 0;
  std::deque<PooledBuffer> buffers_; ///< oldest first
  std::uint64_t hits_ = 0, misses_ = 0;
};

} // namespace nvc::rt::detail
