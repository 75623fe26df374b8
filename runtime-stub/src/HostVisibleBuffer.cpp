// Host-visible Vulkan buffers: creation, memory-type choice (host-visible, preferably
// host-coherent), persistent mapping and the flush/invalidate that non-coherent memory
// needs.
#include "HostVisibleBuffer.h"

#include "BufferPool.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <vector>

namespace nvc::rt::detail {

HostVisibleBuffer::HostVisibleBuffer(std::shared_ptr<Device::Context> context, VkDeviceSize size,
                                     VkBufferUsageFlags usage)
    : context_(std::move(context)), size_(size), usage_(usage) {
  VkDevice device = context_->device;
  if (context_->bufferPool)
    if (auto pooled = context_->bufferPool->take(size, usage, true)) {
      buffer_ = pooled->buffer;
      memory_ = pooled->memory;
      capacity_ = pooled->capacity;
      mapped_ = pooled->mapped;
      coherent_ = pooled->coherent;
      return;
    }
  capacity_ = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  context_->setBufferSharing(info);
  vkCheck(vkCreateBuffer(device, &info, nullptr, &buffer_), "vkCreateBuffer");

  VkMemoryRequirements req{};
  vkGetBufferMemoryRequirements(device, buffer_, &req);
  const VkPhysicalDeviceMemoryProperties &mem = context_->memory;
  int chosen = -1;
  // Memory the host reads back (a copy's destination: download staging, pinned host
  // arrays) is cached where the device has it: the CPU reads uncached (write-combined)
  // memory at a few hundred MB/s. Buffers shaders use directly stay uncached.
  constexpr VkMemoryPropertyFlags kVisible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
  constexpr VkMemoryPropertyFlags kCoherent = kVisible | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  constexpr VkMemoryPropertyFlags kCached = kVisible | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  const bool hostReads =
      (usage & VK_BUFFER_USAGE_TRANSFER_DST_BIT) &&
      !(usage & (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT));
  std::vector<VkMemoryPropertyFlags> preferences;
  if (hostReads)
    preferences = {kCached | kCoherent, kCached};
  preferences.insert(preferences.end(), {kCoherent, kVisible});
  for (VkMemoryPropertyFlags wanted : preferences) {
    for (std::uint32_t i = 0; i < mem.memoryTypeCount && chosen < 0; ++i)
      if ((req.memoryTypeBits & (1u << i)) && (mem.memoryTypes[i].propertyFlags & wanted) == wanted)
        chosen = static_cast<int>(i);
    if (chosen >= 0)
      break;
  }
  if (chosen < 0) {
    vkDestroyBuffer(device, buffer_, nullptr);
    throw Error(fmt::format("device '{}' has no host-visible memory type for a buffer",
                            context_->info.name));
  }
  coherent_ = mem.memoryTypes[chosen].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = static_cast<std::uint32_t>(chosen);
  VkResult r = vkAllocateMemory(device, &alloc, nullptr, &memory_);
  if (r == VK_SUCCESS)
    r = vkBindBufferMemory(device, buffer_, memory_, 0);
  if (r == VK_SUCCESS)
    r = vkMapMemory(device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped_);
  if (r != VK_SUCCESS) {
    if (memory_)
      vkFreeMemory(device, memory_, nullptr);
    vkDestroyBuffer(device, buffer_, nullptr);
    vkCheck(r, fmt::format("allocating {} bytes of host-visible memory", size).c_str());
  }
}

HostVisibleBuffer::~HostVisibleBuffer() {
  if (context_->bufferPool) { // kept mapped for the next user
    context_->bufferPool->give({buffer_, memory_, capacity_, usage_, true, mapped_, coherent_});
    return;
  }
  VkDevice device = context_->device;
  if (mapped_)
    vkUnmapMemory(device, memory_);
  vkDestroyBuffer(device, buffer_, nullptr);
  vkFreeMemory(device, memory_, nullptr);
}

void HostVisibleBuffer::flush() {
  if (coherent_)
    return;
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  vkCheck(vkFlushMappedMemoryRanges(context_->device, 1, &range), "vkFlushMappedMemoryRanges");
}

void HostVisibleBuffer::invalidate() {
  if (coherent_)
    return;
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  vkCheck(vkInvalidateMappedMemoryRanges(context_->device, 1, &range),
          "vkInvalidateMappedMemoryRanges");
}

} // namespace nvc::rt::detail
