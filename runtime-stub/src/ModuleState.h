// Internal: the state shared by a Module and the Kernels made from it — the device,
// the manifest, what was read from the SPIR-V binary and the VkShaderModule.
#pragma once

#include "DeviceContext.h"
#include "nvc/Module.h"

namespace nvc::rt {

struct Module::State {
  std::shared_ptr<Device::Context> context;
  Manifest manifest;
  SpirvInfo spirv;
  std::string spirvName;
  VkShaderModule shader = VK_NULL_HANDLE;

  State() = default;
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  ~State();
};

namespace detail {
/// Creates the launch state of `entry` (which must belong to module->manifest).
std::unique_ptr<Kernel::State> makeKernelState(std::shared_ptr<Module::State> module,
                                               const EntryPointDesc &entry);
} // namespace detail

} // namespace nvc::rt
