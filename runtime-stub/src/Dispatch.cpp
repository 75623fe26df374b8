// Launch geometry: resolving a grid or workgroup count and a workgroup size into the
// arguments of vkCmdDispatch, checked against the device's compute limits and, for
// kernels with 32-bit indices, against INT32_MAX invocations per axis.
#include "nvc/Dispatch.h"

#include "nvc/Error.h"

#include <fmt/format.h>

namespace nvc::rt {
namespace {
constexpr char kAxis[] = {'x', 'y', 'z'};
}

LaunchConfig LaunchConfig::grid(std::uint64_t x, std::uint64_t y, std::uint64_t z) {
  LaunchConfig c;
  c.mode = Mode::Grid;
  c.count = {x, y, z};
  return c;
}

LaunchConfig LaunchConfig::groups(std::uint64_t x, std::uint64_t y, std::uint64_t z) {
  LaunchConfig c;
  c.mode = Mode::Groups;
  c.count = {x, y, z};
  return c;
}

LaunchConfig LaunchConfig::withWorkgroupSize(std::uint32_t x, std::uint32_t y,
                                             std::uint32_t z) const {
  LaunchConfig c = *this;
  c.workgroupSize = std::array<std::uint32_t, 3>{x, y, z};
  return c;
}

std::string formatSize(const std::array<std::uint32_t, 3> &size) {
  return fmt::format("{}x{}x{}", size[0], size[1], size[2]);
}

DispatchShape planDispatch(const LaunchConfig &config,
                           const std::array<std::uint32_t, 3> &defaultWorkgroupSize,
                           const DeviceLimits &limits, std::uint32_t indexBits) {
  DispatchShape shape;
  shape.workgroupSize = config.workgroupSize.value_or(defaultWorkgroupSize);
  const auto &local = shape.workgroupSize;
  for (int i = 0; i < 3; ++i)
    if (local[i] == 0)
      throw Error(
          fmt::format("workgroup size {} has a zero component ({})", formatSize(local), kAxis[i]));
  const std::uint64_t invocations =
      std::uint64_t{local[0]} * std::uint64_t{local[1]} * std::uint64_t{local[2]};
  if (invocations > limits.maxComputeWorkGroupInvocations)
    throw Error(fmt::format("workgroup size {} exceeds the device's "
                            "maxComputeWorkGroupInvocations ({})",
                            formatSize(local), limits.maxComputeWorkGroupInvocations));

  for (int i = 0; i < 3; ++i)
    if (local[i] > limits.maxComputeWorkGroupSize[i])
      throw Error(fmt::format("workgroup size {} exceeds the device's maxComputeWorkGroupSize[{}] "
                              "({}) along {}",
                              formatSize(local), i, limits.maxComputeWorkGroupSize[i], kAxis[i]));
  const bool grid = config.mode == LaunchConfig::Mode::Grid;
  for (int i = 0; i < 3; ++i) {
    const std::uint64_t n = config.count[i];
    if (n == 0)
      throw Error(fmt::format("the {} is zero along {} (every component must be at least 1)",
                              grid ? "grid" : "workgroup count", kAxis[i]));
    const std::uint64_t groups = grid ? (n + local[i] - 1) / local[i] : n;
    if (groups > limits.maxComputeWorkGroupCount[i])
      throw Error(fmt::format(
          "{} workgroups along {}{} exceed the device's maxComputeWorkGroupCount[{}] ({})", groups,
          kAxis[i],
          grid ? fmt::format(" (grid {} with workgroup size {})", n, local[i]) : std::string(), i,
          limits.maxComputeWorkGroupCount[i]));
    shape.workgroupCount[i] = static_cast<std::uint32_t>(groups);
    const std::uint64_t total = groups * local[i];
    const std::uint64_t int32Max = 2147483647u;
    if (indexBits == 32 && total > int32Max)
      throw Error(fmt::format(
          "{} invocations along {} ({} workgroups of {}) do not fit the kernel's 32-bit indices "
          "(at most {}); recompile the kernel with --index-bits=64 or launch a smaller grid",
          total, kAxis[i], groups, local[i], int32Max));
  }
  return shape;
}

} // namespace nvc::rt
