// Internal: the runtime's switches read from the environment (NVC_PIPELINE_CACHE,
// NVC_SYNC, numba-vulkan's NUMBA_VULKAN_SYNC ...), with one spelling of true and false.
#pragma once

#include <optional>

namespace nvc::rt::detail {

/// The value of the switch `name`: true for 1, true, on, yes; false for 0, false, off,
/// no (any case); nullopt when unset, empty or anything else.
std::optional<bool> environmentSwitch(const char *name);

} // namespace nvc::rt::detail
