// Internal: the launch state of a Kernel — its module, its manifest entry point, the
// descriptor-set and pipeline layouts and the compute pipelines built so far, one per
// workgroup size and dynamic shared-memory bytes (specialization-constant values).
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
  /// By workgroup size x, y, z and dynamic shared-memory bytes.
  std::map<std::array<std::uint32_t, 4>, VkPipeline> pipelines;

  VkDevice device() const { return module->context->device; }
  /// The pipeline specialized for `workgroupSize` and, when the entry point has
  /// dynamic shared memory, `sharedMemoryBytes` of it (ignored otherwise).
  VkPipeline pipeline(const std::array<std::uint32_t, 3> &workgroupSize,
                      std::uint32_t sharedMemoryBytes = 0);

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  ~State();
};

} // namespace nvc::rt
