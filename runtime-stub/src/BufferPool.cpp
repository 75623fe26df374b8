// The pool of released buffers (BufferPool.h).
#include "BufferPool.h"

#include "nvc/Error.h"

#include <fmt/format.h>

#include <cstdlib>
#include <string>

namespace nvc::rt::detail {

VkDeviceSize poolCapFromEnvironment() {
  for (const char *variable : {"NVC_POOL_MB", "NUMBA_VULKAN_POOL_MB"}) {
    const char *value = std::getenv(variable);
    if (!value || !*value)
      continue;
    char *end = nullptr;
    const unsigned long long mb = std::strtoull(value, &end, 10);
    if (*end != '\0' || value[0] == '-' || mb > (1ull << 40))
      throw Error(fmt::format("{} is '{}': expected a number of megabytes", variable, value));
    return static_cast<VkDeviceSize>(mb) << 20;
  }
  return VkDeviceSize(1024) << 20;
}

BufferPool::BufferPool(VkDevice device, VkDeviceSize capBytes, VkDeviceSize maxStorageRange,
                       VkDeviceSize maxUniformRange)
    : device_(device), cap_(capBytes), maxStorage_(maxStorageRange),
      maxUniform_(maxUniformRange) {}

BufferPool::~BufferPool() { trim(); }

void BufferPool::destroy(const PooledBuffer &b) {
  if (b.mapped)
    vkUnmapMemory(device_, b.memory);
  vkDestroyBuffer(device_, b.buffer, nullptr);
  vkFreeMemory(device_, b.memory, nullptr);
}

std::optional<PooledBuffer> BufferPool::take(VkDeviceSize size, VkBufferUsageFlags usage,
                                             bool hostVisible) {
  const VkDeviceSize bindable =
      usage & VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT ? maxUniform_ : maxStorage_;
  auto best = buffers_.end();
  for (auto it = buffers_.begin(); it != buffers_.end(); ++it)
    if (it->usage == usage && it->hostVisible == hostVisible && it->capacity >= size &&
        it->capacity / 2 <= size && (it->capacity == size || it->capacity <= bindable) &&
        (best == buffers_.end() || it->capacity < best->capacity))
      best = it;
  if (best == buffers_.end()) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  PooledBuffer b = *best;
  held_ -= b.capacity;
  buffers_.erase(best);
  return b;
}

void BufferPool::give(PooledBuffer buffer) {
  if (buffer.capacity > cap_) {
    destroy(buffer);
    return;
  }
  while (held_ + buffer.capacity > cap_ && !buffers_.empty()) {
    held_ -= buffers_.front().capacity;
    destroy(buffers_.front());
    buffers_.pop_front();
  }
  held_ += buffer.capacity;
  buffers_.push_back(buffer);
}

void BufferPool::trim() {
  for (const PooledBuffer &b : buffers_)
    destroy(b);
  buffers_.clear();
  held_ = 0;
}

} // namespace nvc::rt::detail
