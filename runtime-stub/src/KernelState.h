// Internal: the launch state of a Kernel — its module, its manifest entry point, the
// descriptor-set and pipeline layouts and the compute pipelines built so far, one per
// workgroup size (specialization-constant values).
#pragma once

#include "ModuleState.h"
#include "nvc/Kernel.h"

#include <array>
#include <map>

namespace nvc::rt {

struct Kernel::State {
  std::shared_ptr<Module::State> module;
  const EntryPointDesc *entry = nullptr;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  std::map<std::array<std::uint32_t, 3>, VkPipeline> pipelines; ///< by workgroup size

  VkDevice device() const { return module->context->device; }
  VkPipeline pipeline(const std::array<std::uint32_t, 3> &workgroupSize);

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  ~State();
};

} // namespace nvc::rt
