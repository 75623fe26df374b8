// Pinned host arrays (nvc/PinnedArray.h) and the registry stream copies look them up in.
#include "nvc/PinnedArray.h"
#include "PinnedMemory.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace nvc::rt {

struct PinnedArray::State {
  std::shared_ptr<Device::Context> context;
  std::shared_ptr<detail::HostVisibleBuffer> buffer;
  std::uintptr_t begin = 0;
  ~State() {
    if (context && begin)
      context->pinned.erase(begin);
  }
};

PinnedArray::PinnedArray(const Device &device, DType dtype, std::vector<std::int64_t> shape)
    : state_(std::make_shared<State>()) {
  std::uint64_t n = 1;
  for (std::int64_t e : shape) {
    if (e < 0)
      throw Error(fmt::format("PinnedArray: negative extent {}", e));
    if (e && n > UINT64_MAX / 16 / static_cast<std::uint64_t>(e))
      throw Error("PinnedArray: the shape has more elements than memory can hold");
    n *= static_cast<std::uint64_t>(e);
  }
  const std::uint64_t bytes = std::max<std::uint64_t>(4, n * dtypeSize(dtype));
  state_->context = device.context();
  state_->buffer = std::make_shared<detail::HostVisibleBuffer>(
      device.context(), bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  state_->begin = reinterpret_cast<std::uintptr_t>(state_->buffer->data());
  device.context()->pinned[state_->begin] = {state_->begin + bytes, state_->buffer};
  host_ = HostArray::contiguous(state_->buffer->data(), dtype, std::move(shape));
}

void PinnedArray::throwDTypeMismatch(DType asked) const {
  throw Error(fmt::format("PinnedArray::data<{}>: the array holds {}", dtypeName(asked),
                          dtypeName(host_.dtype)));
}

namespace detail {

std::optional<PinnedRange> findPinned(Device::Context &context, const void *data,
                                      std::uint64_t bytes) {
  const auto address = reinterpret_cast<std::uintptr_t>(data);
  auto it = context.pinned.upper_bound(address);
  if (it == context.pinned.begin())
    return std::nullopt;
  --it;
  const auto &[end, weak] = it->second;
  if (address + bytes > end)
    return std::nullopt;
  std::shared_ptr<HostVisibleBuffer> buffer = weak.lock();
  if (!buffer)
    return std::nullopt;
  return PinnedRange{std::move(buffer), address - it->first};
}

} // namespace detail
} // namespace nvc::rt
