// Internal: the registry of PinnedArray memory of a device, so that a stream copy
// recognises a host pointer inside one and copies from or to it directly.
#pragma once

#include "HostVisibleBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace nvc::rt::detail {

/// A host range inside a pinned allocation: its buffer and the byte offset there.
struct PinnedRange {
  std::shared_ptr<HostVisibleBuffer> buffer;
  VkDeviceSize offset = 0;
};

/// The pinned allocation of `context` holding all of [data, data + bytes), if any.
std::optional<PinnedRange> findPinned(Device::Context &context, const void *data,
                                      std::uint64_t bytes);

} // namespace nvc::rt::detail
