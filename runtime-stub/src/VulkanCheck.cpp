// Names of VkResult codes and the check that converts a failed Vulkan call into an
// Error, with a hint for the results users actually meet.
#include "VulkanCheck.h"

#include "nvc/Error.h"

#include <fmt/format.h>

namespace nvc::rt::detail {

std::string resultName(VkResult result) {
  switch (result) {
#define NVC_RESULT(name)                                                                           \
  case name:                                                                                       \
    return #name;
    NVC_RESULT(VK_SUCCESS)
    NVC_RESULT(VK_NOT_READY)
    NVC_RESULT(VK_TIMEOUT)
    NVC_RESULT(VK_INCOMPLETE)
    NVC_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    NVC_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    NVC_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    NVC_RESULT(VK_ERROR_DEVICE_LOST)
    NVC_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    NVC_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    NVC_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    NVC_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    NVC_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    NVC_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    NVC_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    NVC_RESULT(VK_ERROR_FRAGMENTED_POOL)
    NVC_RESULT(VK_ERROR_UNKNOWN)
    NVC_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
    NVC_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    NVC_RESULT(VK_ERROR_FRAGMENTATION)
    NVC_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    NVC_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef NVC_RESULT
  default:
    return fmt::format("VkResult {}", static_cast<int>(result));
  }
}

void vkCheck(VkResult result, const char *what) {
  if (result == VK_SUCCESS)
    return;
  std::string hint;
  if (result == VK_ERROR_DEVICE_LOST)
    hint = " (the device was lost: the kernel may have faulted or run too long)";
  else if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY)
    hint = " (the arrays may be too large for the device)";
  throw Error(fmt::format("{} failed: {}{}", what, resultName(result), hint));
}

} // namespace nvc::rt::detail
