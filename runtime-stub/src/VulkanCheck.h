// Internal: turning failed Vulkan calls into nvc::rt::Error exceptions that name the
// call and the VkResult ("vkCreateDevice failed: VK_ERROR_FEATURE_NOT_PRESENT").
#pragma once

#include <vulkan/vulkan.h>

#include <string>

namespace nvc::rt::detail {

/// The enumerator name of a VkResult ("VK_ERROR_DEVICE_LOST"), or its number.
std::string resultName(VkResult result);

/// Throws Error("<what> failed: <result name>") unless result is VK_SUCCESS.
void vkCheck(VkResult result, const char *what);

} // namespace nvc::rt::detail
