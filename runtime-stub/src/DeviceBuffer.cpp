// DeviceBuffer and DeviceArray: device-local storage buffers that persist across
// launches, filled and read back explicitly through host-visible staging buffers.
#include "DeviceBufferState.h"
#include "ElementConversion.h"
#include "HostVisibleBuffer.h"
#include "StridedIteration.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <cstring>

namespace nvc::rt {

DeviceBuffer::State::~State() {
  if (buffer)
    vkDestroyBuffer(context->device, buffer, nullptr);
  if (memory)
    vkFreeMemory(context->device, memory, nullptr);
}

namespace detail {

void submitAndWait(const Device::Context &ctx, const std::function<void(VkCommandBuffer)> &record,
                   const char *what) {
  VkCommandBufferAllocateInfo cbInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbInfo.commandPool = ctx.commandPool;
  cbInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbInfo.commandBufferCount = 1;
  VkCommandBuffer cb = VK_NULL_HANDLE;
  vkCheck(vkAllocateCommandBuffers(ctx.device, &cbInfo, &cb), "vkAllocateCommandBuffers");
  VkFence fence = VK_NULL_HANDLE;
  bool submitted = false;
  auto cleanup = [&] {
    if (submitted)
      vkWaitForFences(ctx.device, 1, &fence, VK_TRUE, UINT64_MAX);
    if (fence)
      vkDestroyFence(ctx.device, fence, nullptr);
    vkFreeCommandBuffers(ctx.device, ctx.commandPool, 1, &cb);
  };
  try {
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkCheck(vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
    record(cb);
    vkCheck(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    vkCheck(vkCreateFence(ctx.device, &fenceInfo, nullptr, &fence), "vkCreateFence");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    vkCheck(vkQueueSubmit(ctx.queue, 1, &submit, fence), "vkQueueSubmit");
    submitted = true;
    vkCheck(vkWaitForFences(ctx.device, 1, &fence, VK_TRUE, UINT64_MAX),
            fmt::format("vkWaitForFences ({})", what).c_str());
    submitted = false;
  } catch (...) {
    cleanup();
    throw;
  }
  cleanup();
}

namespace {

/// A barrier making transfer writes visible to later shaders and transfers, and
/// shader writes visible to later transfers and the host.
void fullBarrier(VkCommandBuffer cb) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                          VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT |
                           VK_PIPELINE_STAGE_HOST_BIT,
                       0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace
} // namespace detail

DeviceBuffer::DeviceBuffer(const Device &device, std::uint64_t bytes)
    : state_(std::make_shared<State>()) {
  State &s = *state_;
  s.context = device.context();
  const Device::Context &ctx = *s.context;
  s.size = std::max<std::uint64_t>(4, (bytes + 3) / 4 * 4);
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = s.size;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  detail::vkCheck(vkCreateBuffer(ctx.device, &info, nullptr, &s.buffer), "vkCreateBuffer");
  VkMemoryRequirements req{};
  vkGetBufferMemoryRequirements(ctx.device, s.buffer, &req);
  // Device-local and not host-visible first (VRAM of a discrete GPU), then any
  // device-local type, then anything (lavapipe).
  int chosen = -1;
  const VkPhysicalDeviceMemoryProperties &mem = ctx.memory;
  for (int pass = 0; pass < 3 && chosen < 0; ++pass)
    for (std::uint32_t i = 0; i < mem.memoryTypeCount && chosen < 0; ++i) {
      const VkMemoryPropertyFlags f = mem.memoryTypes[i].propertyFlags;
      const bool local = f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      const bool visible = f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      const bool ok = pass == 0 ? local && !visible : pass == 1 ? local : true;
      if ((req.memoryTypeBits & (1u << i)) && ok)
        chosen = static_cast<int>(i);
    }
  if (chosen < 0)
    throw Error(fmt::format("device '{}' has no memory type for a storage buffer", ctx.info.name));
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = static_cast<std::uint32_t>(chosen);
  detail::vkCheck(vkAllocateMemory(ctx.device, &alloc, nullptr, &s.memory),
                  fmt::format("allocating {} bytes of device memory", s.size).c_str());
  detail::vkCheck(vkBindBufferMemory(ctx.device, s.buffer, s.memory, 0), "vkBindBufferMemory");
}

std::uint64_t DeviceBuffer::size() const { return state_->size; }

static void checkRange(const DeviceBuffer &b, std::uint64_t bytes, std::uint64_t offset,
                       const char *what) {
  if (offset > b.size() || bytes > b.size() - offset)
    throw Error(fmt::format("{}: {} bytes at offset {} are outside the device buffer of {} bytes",
                            what, bytes, offset, b.size()));
}

void DeviceBuffer::upload(const void *src, std::uint64_t bytes, std::uint64_t offset) {
  checkRange(*this, bytes, offset, "DeviceBuffer::upload");
  if (bytes == 0)
    return;
  State &s = *state_;
  detail::HostVisibleBuffer staging(s.context, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  std::memcpy(staging.data(), src, bytes);
  staging.flush();
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        VkBufferCopy region{0, offset, bytes};
        vkCmdCopyBuffer(cb, staging.handle(), s.buffer, 1, &region);
        detail::fullBarrier(cb);
      },
      "uploading to a device buffer");
}

void DeviceBuffer::download(void *dst, std::uint64_t bytes, std::uint64_t offset) const {
  checkRange(*this, bytes, offset, "DeviceBuffer::download");
  if (bytes == 0)
    return;
  State &s = *state_;
  detail::HostVisibleBuffer staging(s.context, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        detail::fullBarrier(cb);
        VkBufferCopy region{offset, 0, bytes};
        vkCmdCopyBuffer(cb, s.buffer, staging.handle(), 1, &region);
        detail::fullBarrier(cb);
      },
      "downloading a device buffer");
  staging.invalidate();
  std::memcpy(dst, staging.data(), bytes);
}

void DeviceBuffer::fill(std::uint32_t word) {
  State &s = *state_;
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        vkCmdFillBuffer(cb, s.buffer, 0, VK_WHOLE_SIZE, word);
        detail::fullBarrier(cb);
      },
      "filling a device buffer");
}

static std::uint64_t arrayBytes(DType dtype, const std::vector<std::int64_t> &shape) {
  std::int64_t n = 1;
  for (std::int64_t e : shape) {
    if (e < 0)
      throw Error("a device array cannot have a negative extent");
    n *= e;
  }
  return static_cast<std::uint64_t>(n) * dtypeSize(dtype);
}

DeviceArray::DeviceArray(const Device &device, DType dtype, std::vector<std::int64_t> shape)
    : DeviceArray(device, dtype, std::move(shape), dtype) {}

static DType checkedStorage(DType dtype, DType storage) {
  if (!isStorageDTypeOf(dtype, storage))
    throw Error(fmt::format("a device array of {} cannot be stored as {} (only int64 as int32, "
                            "uint64 as uint32, float64 as float32 and complex128 as complex64)",
                            dtypeName(dtype), dtypeName(storage)));
  return storage;
}

DeviceArray::DeviceArray(const Device &device, DType dtype, std::vector<std::int64_t> shape,
                         DType storage)
    : buffer_(device, arrayBytes(checkedStorage(dtype, storage), shape)), dtype_(dtype),
      storage_(storage), shape_(std::move(shape)) {}

DeviceArray DeviceArray::forArgument(const Device &device, const EntryPointDesc &entry,
                                     const std::string &argument,
                                     std::vector<std::int64_t> shape) {
  const ArgumentDesc *desc = entry.findArgument(argument);
  if (!desc || desc->kind != ArgumentKind::Array)
    throw Error(fmt::format("DeviceArray::forArgument: '{}' has no array parameter '{}'",
                            entry.name, argument));
  if (shape.size() != desc->ndim)
    throw Error(fmt::format("DeviceArray::forArgument: parameter '{}' of '{}' has {} "
                            "dimensions, the shape given {}",
                            argument, entry.name, desc->ndim, shape.size()));
  return DeviceArray(device, desc->dtype, std::move(shape), desc->deviceDType);
}

DeviceArray DeviceArray::fromHost(const Device &device, const HostArray &host) {
  return fromHost(device, host, host.dtype);
}

DeviceArray DeviceArray::fromHost(const Device &device, const HostArray &host, DType storage) {
  DeviceArray array(device, host.dtype, host.shape, storage);
  array.copyFromHost(host);
  return array;
}

std::int64_t DeviceArray::elementCount() const {
  std::int64_t n = 1;
  for (std::int64_t e : shape_)
    n *= e;
  return n;
}

static void checkSame(const DeviceArray &a, const HostArray &h, const char *what) {
  if (h.dtype != a.dtype() || h.shape != a.shape())
    throw Error(fmt::format("{}: the host array ({}, {} dimensions) differs from the device array "
                            "({}, {} dimensions) in dtype or shape",
                            what, dtypeName(h.dtype), h.shape.size(), dtypeName(a.dtype()),
                            a.shape().size()));
}

// Host and device images differ in element size when the array is narrowed: the
// elements are converted one by one (detail::elementToStorage/elementFromStorage, as
// launches convert host arrays); a plain C-contiguous array of its own storage type is
// copied whole.
void DeviceArray::copyFromHost(const HostArray &host) {
  checkSame(*this, host, "DeviceArray::copyFromHost");
  if (host.isCContiguous() && storage_ == dtype_) {
    buffer_.upload(host.data, bytes());
    return;
  }
  const std::size_t hostSize = dtypeSize(dtype_), storageSize = dtypeSize(storage_);
  std::vector<unsigned char> packed(bytes());
  const auto *src = static_cast<const unsigned char *>(host.data);
  detail::forEachElement(
      host.shape, host.effectiveStrides(), false, [&](std::int64_t linear, std::int64_t offset) {
        const unsigned char *s = src + offset * static_cast<std::int64_t>(hostSize);
        if (!detail::elementToStorage(dtype_, storage_, s,
                                      packed.data() + linear * static_cast<std::int64_t>(storageSize)))
          throw Error(fmt::format(
              "DeviceArray::copyFromHost: element {} value {} does not fit in {}, the device "
              "storage of this {} array (the kernel it is for was compiled with 32-bit "
              "integers; recompile it with --index-bits=64 to pass such values)",
              detail::formatIndex(shape_, linear, false), detail::integerElementText(dtype_, s),
              dtypeName(storage_), dtypeName(dtype_)));
      });
  buffer_.upload(packed.data(), bytes());
}

void DeviceArray::copyToHost(const HostArray &host) const {
  checkSame(*this, host, "DeviceArray::copyToHost");
  if (host.isCContiguous() && storage_ == dtype_) {
    buffer_.download(host.data, bytes());
    return;
  }
  const std::size_t hostSize = dtypeSize(dtype_), storageSize = dtypeSize(storage_);
  std::vector<unsigned char> packed(bytes());
  buffer_.download(packed.data(), bytes());
  auto *dst = static_cast<unsigned char *>(host.data);
  detail::forEachElement(
      host.shape, host.effectiveStrides(), false, [&](std::int64_t linear, std::int64_t offset) {
        detail::elementFromStorage(dtype_, storage_,
                                   packed.data() + linear * static_cast<std::int64_t>(storageSize),
                                   dst + offset * static_cast<std::int64_t>(hostSize));
      });
}

HostArray DeviceArray::descriptor() const {
  // A non-null address that is never read: binding only looks at dtype and shape.
  static unsigned char placeholder[8];
  return HostArray::contiguous(placeholder, dtype_, shape_);
}

} // namespace nvc::rt
