// DeviceBuffer and DeviceArray: device-local storage buffers that persist across
// launches, filled and read back explicitly through host-visible staging buffers.
#include "DeviceBufferState.h"
#include "LaunchStep.h"
#include "StreamState.h"
#include "BufferPool.h"
#include "ElementConversion.h"
#include "HostVisibleBuffer.h"
#include "StridedIteration.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <vector>

#include <algorithm>
#include <cstring>

namespace nvc::rt {

namespace {
/// Every DeviceBuffer's usage: a storage buffer that copies read and write.
constexpr VkBufferUsageFlags kUsage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT;
} // namespace

DeviceBuffer::State::~State() {
  if (buffer && memory && context->bufferPool) {
    context->bufferPool->give({buffer, memory, capacity, kUsage, false, nullptr, false});
    return;
  }
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

} // namespace detail

DeviceBuffer::DeviceBuffer(const Device &device, std::uint64_t bytes)
    : state_(detail::allocateDeviceBuffer(device.context(), bytes)) {}

std::shared_ptr<DeviceBuffer::State>
detail::allocateDeviceBuffer(const std::shared_ptr<Device::Context> &context, std::uint64_t bytes) {
  auto state = std::make_shared<DeviceBuffer::State>();
  DeviceBuffer::State &s = *state;
  s.context = context;
  const Device::Context &ctx = *s.context;
  s.size = std::max<std::uint64_t>(4, (bytes + 3) / 4 * 4);
  if (auto pooled = ctx.bufferPool->take(s.size, kUsage, false)) {
    s.buffer = pooled->buffer;
    s.memory = pooled->memory;
    s.capacity = pooled->capacity;
    return state;
  }
  s.capacity = s.size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = s.size;
  info.usage = kUsage;
  ctx.setBufferSharing(info);
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
  return state;
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
  detail::waitForUses(s); // launches still using the buffer (nvc/Stream.h)
  detail::HostVisibleBuffer staging(s.context, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  std::memcpy(staging.data(), src, bytes);
  staging.flush();
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        VkBufferCopy region{0, offset, bytes};
        vkCmdCopyBuffer(cb, staging.handle(), s.buffer, 1, &region);
        detail::recordBarrier(cb);
      },
      "uploading to a device buffer");
}

void DeviceBuffer::download(void *dst, std::uint64_t bytes, std::uint64_t offset) const {
  checkRange(*this, bytes, offset, "DeviceBuffer::download");
  if (bytes == 0)
    return;
  State &s = *state_;
  detail::waitForUses(s);
  detail::HostVisibleBuffer staging(s.context, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        detail::recordBarrier(cb);
        VkBufferCopy region{offset, 0, bytes};
        vkCmdCopyBuffer(cb, s.buffer, staging.handle(), 1, &region);
        detail::recordBarrier(cb);
      },
      "downloading a device buffer");
  staging.invalidate();
  std::memcpy(dst, staging.data(), bytes);
}

void DeviceBuffer::fill(std::uint32_t word) {
  State &s = *state_;
  detail::waitForUses(s);
  detail::submitAndWait(
      *s.context,
      [&](VkCommandBuffer cb) {
        vkCmdFillBuffer(cb, s.buffer, 0, VK_WHOLE_SIZE, word);
        detail::recordBarrier(cb);
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

/// Each element's offset (in elements, from element [0, ..., 0]) in C order.
static std::vector<std::int64_t> elementOffsets(const std::vector<std::int64_t> &shape,
                                                const std::vector<std::int64_t> &strides) {
  std::int64_t n = 1;
  for (std::int64_t e : shape)
    n *= e;
  std::vector<std::int64_t> out(static_cast<std::size_t>(n));
  detail::forEachElement(shape, strides, false, [&](std::int64_t linear, std::int64_t offset) {
    out[static_cast<std::size_t>(linear)] = offset;
  });
  return out;
}

void detail::checkSameDTypeAndShape(const DeviceArray &a, const HostArray &h, const char *what) {
  if (h.dtype != a.dtype() || h.shape != a.shape())
    throw Error(fmt::format("{}: the host array ({}, {} dimensions) differs from the device array "
                            "({}, {} dimensions) in dtype or shape",
                            what, dtypeName(h.dtype), h.shape.size(), dtypeName(a.dtype()),
                            a.shape().size()));
}

// Host and device images differ in element size when the array is narrowed: the
// elements are converted one by one (detail::elementToStorage/elementFromStorage, as
// launches convert host arrays); a C-contiguous host array of the storage type goes
// to or from a C-contiguous device array or view in one copy. A strided view is
// read or written through the span of buffer elements it touches: downloaded,
// changed element by element, and (copyFromHost) uploaded again.
namespace detail {

void packForDevice(const DeviceArray &array, const HostArray &host, unsigned char *image,
                   std::int64_t lo, const char *what) {
  const DType dtype = array.dtype(), storage = array.storageDType();
  const std::size_t hostSize = dtypeSize(dtype), storageSize = dtypeSize(storage);
  if (storage == dtype && host.isCContiguous() && array.descriptor().isCContiguous()) {
    std::memcpy(image + (array.offset() - lo) * static_cast<std::int64_t>(storageSize), host.data,
                array.bytes());
    return;
  }
  const std::vector<std::int64_t> at = elementOffsets(array.shape(), array.strides());
  const auto *src = static_cast<const unsigned char *>(host.data);
  forEachElement(
      host.shape, host.effectiveStrides(), false, [&](std::int64_t linear, std::int64_t offset) {
        const unsigned char *s = src + offset * static_cast<std::int64_t>(hostSize);
        unsigned char *d = image + (array.offset() + at[static_cast<std::size_t>(linear)] - lo) *
                                       static_cast<std::int64_t>(storageSize);
        if (!elementToStorage(dtype, storage, s, d))
          throw Error(fmt::format(
              "{}: element {} value {} does not fit in {}, the device "
              "storage of this {} array (the kernel it is for was compiled with 32-bit "
              "integers; recompile it with --index-bits=64 to pass such values)",
              what, formatIndex(array.shape(), linear, false), integerElementText(dtype, s),
              dtypeName(storage), dtypeName(dtype)));
      });
}

void unpackFromDevice(const DeviceArray &array, const unsigned char *image, std::int64_t lo,
                      const HostArray &host) {
  const DType dtype = array.dtype(), storage = array.storageDType();
  const std::size_t hostSize = dtypeSize(dtype), storageSize = dtypeSize(storage);
  if (storage == dtype && host.isCContiguous() && array.descriptor().isCContiguous()) {
    std::memcpy(host.data, image + (array.offset() - lo) * static_cast<std::int64_t>(storageSize),
                array.bytes());
    return;
  }
  const std::vector<std::int64_t> at = elementOffsets(array.shape(), array.strides());
  auto *dst = static_cast<unsigned char *>(host.data);
  forEachElement(
      host.shape, host.effectiveStrides(), false, [&](std::int64_t linear, std::int64_t offset) {
        elementFromStorage(dtype, storage,
                           image + (array.offset() + at[static_cast<std::size_t>(linear)] - lo) *
                                       static_cast<std::int64_t>(storageSize),
                           dst + offset * static_cast<std::int64_t>(hostSize));
      });
}

} // namespace detail

void DeviceArray::copyFromHost(const HostArray &host) {
  detail::checkSameDTypeAndShape(*this, host, "DeviceArray::copyFromHost");
  const std::size_t storageSize = dtypeSize(storage_);
  const bool contiguous = descriptor().isCContiguous();
  if (contiguous && host.isCContiguous() && storage_ == dtype_) {
    buffer_.upload(host.data, bytes(), static_cast<std::uint64_t>(offset_) * storageSize);
    return;
  }
  const auto [lo, hi] = detail::elementSpan(shape_, strides(), offset_);
  if (hi < lo)
    return; // no elements
  std::vector<unsigned char> image(static_cast<std::size_t>(hi - lo + 1) * storageSize);
  if (!contiguous)
    buffer_.download(image.data(), image.size(), static_cast<std::uint64_t>(lo) * storageSize);
  detail::packForDevice(*this, host, image.data(), lo, "DeviceArray::copyFromHost");
  buffer_.upload(image.data(), image.size(), static_cast<std::uint64_t>(lo) * storageSize);
}

void DeviceArray::copyToHost(const HostArray &host) const {
  detail::checkSameDTypeAndShape(*this, host, "DeviceArray::copyToHost");
  const std::size_t storageSize = dtypeSize(storage_);
  if (descriptor().isCContiguous() && host.isCContiguous() && storage_ == dtype_) {
    buffer_.download(host.data, bytes(), static_cast<std::uint64_t>(offset_) * storageSize);
    return;
  }
  const auto [lo, hi] = detail::elementSpan(shape_, strides(), offset_);
  if (hi < lo)
    return;
  std::vector<unsigned char> image(static_cast<std::size_t>(hi - lo + 1) * storageSize);
  buffer_.download(image.data(), image.size(), static_cast<std::uint64_t>(lo) * storageSize);
  detail::unpackFromDevice(*this, image.data(), lo, host);
}

std::vector<std::int64_t> DeviceArray::strides() const {
  return strides_.empty() ? cStrides(shape_) : strides_;
}

bool DeviceArray::isWholeBuffer() const {
  return offset_ == 0 && descriptor().isCContiguous() && bytes() == buffer_.size();
}

/// `axis` (negative: from the end) as an index into `ndim` dimensions.
static std::size_t checkedAxis(std::int64_t axis, std::size_t ndim, const char *what) {
  const std::int64_t n = static_cast<std::int64_t>(ndim);
  if (axis < -n || axis >= n)
    throw Error(fmt::format("DeviceArray::{}: axis {} is out of range for {} dimensions", what,
                            axis, ndim));
  return static_cast<std::size_t>(axis < 0 ? axis + n : axis);
}

DeviceArray DeviceArray::slice(std::size_t axisIn, std::int64_t start, std::int64_t stop,
                               std::int64_t step) const {
  const std::size_t axis =
      checkedAxis(static_cast<std::int64_t>(axisIn), shape_.size(), "slice");
  if (step == 0)
    throw Error("DeviceArray::slice: the step cannot be 0");
  // Python's slice.indices(n).
  const std::int64_t n = shape_[axis];
  auto clamp = [&](std::int64_t v, std::int64_t lo, std::int64_t hi) {
    if (v < 0)
      v = v < -n ? lo : v + n; // below -n: before the first element
    return std::min(std::max(v, lo), hi);
  };
  std::int64_t length;
  if (step > 0) {
    start = clamp(start, 0, n);
    stop = clamp(stop, 0, n);
    length = stop > start ? (stop - start + step - 1) / step : 0;
  } else {
    start = clamp(start, -1, n - 1);
    stop = clamp(stop, -1, n - 1);
    length = start > stop ? (start - stop - step - 1) / -step : 0;
  }
  DeviceArray view = *this;
  std::vector<std::int64_t> s = strides();
  if (length > 0)
    view.offset_ += start * s[axis];
  s[axis] *= step;
  view.shape_[axis] = length;
  view.strides_ = std::move(s);
  return view;
}

DeviceArray DeviceArray::at(std::size_t axisIn, std::int64_t index) const {
  const std::size_t axis = checkedAxis(static_cast<std::int64_t>(axisIn), shape_.size(), "at");
  const std::int64_t n = shape_[axis];
  if (index < -n || index >= n)
    throw Error(fmt::format("DeviceArray::at: index {} is out of range for extent {}", index, n));
  if (index < 0)
    index += n;
  DeviceArray view = *this;
  std::vector<std::int64_t> s = strides();
  view.offset_ += index * s[axis];
  s.erase(s.begin() + static_cast<std::ptrdiff_t>(axis));
  view.shape_.erase(view.shape_.begin() + static_cast<std::ptrdiff_t>(axis));
  view.strides_ = std::move(s);
  return view;
}

DeviceArray DeviceArray::transpose() const {
  DeviceArray view = *this;
  std::vector<std::int64_t> s = strides();
  std::reverse(s.begin(), s.end());
  std::reverse(view.shape_.begin(), view.shape_.end());
  view.strides_ = std::move(s);
  return view;
}

DeviceArray DeviceArray::reshape(std::vector<std::int64_t> shape) const {
  if (!descriptor().isCContiguous())
    throw Error("DeviceArray::reshape: the array is not C-contiguous (reshape a contiguous "
                "copy, as in Numba)");
  std::int64_t known = 1, inferred = -1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred >= 0)
        throw Error("DeviceArray::reshape: only one extent can be -1");
      inferred = static_cast<std::int64_t>(d);
    } else if (shape[d] < 0) {
      throw Error(fmt::format("DeviceArray::reshape: negative extent {}", shape[d]));
    } else {
      known *= shape[d];
    }
  }
  const std::int64_t count = elementCount();
  if (inferred >= 0) {
    if (known == 0 || count % known)
      throw Error(fmt::format("DeviceArray::reshape: cannot infer the -1 extent of {} elements",
                              count));
    shape[static_cast<std::size_t>(inferred)] = count / known;
    known = count;
  }
  if (known != count)
    throw Error(fmt::format("DeviceArray::reshape: {} elements cannot take a shape of {}", count,
                            known));
  DeviceArray view = *this;
  view.shape_ = std::move(shape);
  view.strides_.clear(); // C-contiguous from offset_
  return view;
}

HostArray DeviceArray::descriptor() const {
  // A non-null address that is never read: binding looks at dtype, shape, strides.
  static unsigned char placeholder[8];
  HostArray h = HostArray::contiguous(placeholder, dtype_, shape_);
  h.strides = strides();
  return h;
}

} // namespace nvc::rt
