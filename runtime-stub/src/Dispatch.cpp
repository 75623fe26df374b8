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

LaunchConfig LaunchConfig::withSharedMemoryBytes(std::uint32_t bytes) const {
  LaunchConfig c = *this;
  c.sharedMemoryBytes = bytes;
  return c;
}

void checkSharedMemory(const LaunchConfig &config, const EntryPointDesc &entry,
                       const DeviceLimits &limits) {
  const std::uint64_t bytes = config.sharedMemoryBytes;
  // What the device allocates, or the request itself where the kernel
  // allocates nothing (counted as CUDA counts it).
  const std::uint64_t taken = entry.dynamicSharedMemory && entry.dynamicSharedMemory->wordBytes
                                  ? entry.dynamicSharedMemory->allocatedBytes(bytes)
                                  : bytes;
  const std::uint64_t limit = limits.maxComputeSharedMemorySize;
  if (entry.sharedMemoryBytes + taken <= limit)
    return;
  const std::uint64_t left = limit > entry.sharedMemoryBytes ? limit - entry.sharedMemoryBytes : 0;
  throw Error(fmt::format(
      "{} bytes of dynamic shared memory{} and the entry point's {} bytes of static shared "
      "memory exceed the device's maxComputeSharedMemorySize ({}): at most {} bytes of dynamic "
      "shared memory fit",
      bytes, taken != bytes ? fmt::format(" (taking {} bytes)", taken) : std::string(),
      entry.sharedMemoryBytes, limit, left));
}

void checkWorkgroupSize(const DispatchShape &shape, const EntryPointDesc &entry) {
  for (int i = 0; i < 3; ++i)
    if (entry.maxWorkgroupSize[i] != 0 && shape.workgroupSize[i] > entry.maxWorkgroupSize[i])
      throw Error(fmt::format(
          "workgroup size {} is larger than kernel '{}' runs with along {} (at most {}): {}; "
          "launch with a workgroup size of at most {} along {}",
          formatSize(shape.workgroupSize), entry.function, kAxis[i], entry.maxWorkgroupSize[i],
          entry.maxWorkgroupSizeReasons[i], entry.maxWorkgroupSize[i], kAxis[i]));
}

std::string formatSize(const std::array<std::uint32_t, 3> &size) {
  return fmt::format("{}x{}x{}", size[0], size[1], size[2]);
}

DispatchShape planDispatch(const LaunchConfig &config,
                           const std::array<std::uint32_t, 3> &defaultWorkgroupSize,
                           const DeviceLimits &limits, std::uint32_t indexBits,
                           std::uint32_t coarsen, std::uint32_t coarsenY) {
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
  // The invocations the launch asked for along x and y, then the division
  // of a coarsened axis's workgroups by its factor.
  shape.requestedInvocationsX = std::uint64_t{shape.workgroupCount[0]} * local[0];
  shape.requestedInvocationsY = std::uint64_t{shape.workgroupCount[1]} * local[1];
  shape.coarsen = coarsen;
  shape.coarsenY = coarsenY;
  for (int i : {0, 1}) {
    const std::uint32_t factor = i == 0 ? coarsen : coarsenY;
    if (factor <= 1)
      continue;
    const std::uint64_t groups = shape.workgroupCount[i];
    shape.workgroupCount[i] = static_cast<std::uint32_t>((groups + factor - 1) / factor);
    // The last copy's index: factor x the dispatched invocations, minus 1.
    const std::uint64_t reach = std::uint64_t{shape.workgroupCount[i]} * local[i] * factor;
    if (indexBits == 32 && reach > 2147483647u)
      throw Error(fmt::format("{} invocations along {} with coarsening by {} reach index {}, "
                              "beyond the kernel's 32-bit indices; recompile with "
                              "--index-bits=64 or --coarsen=1, or launch a smaller grid",
                              groups * local[i], kAxis[i], factor, reach - 1));
  }
  return shape;
}

void writeRequestedGrid(const DispatchShape &shape, std::uint32_t offset, std::uint32_t indexBits,
                        std::vector<unsigned char> &block, int axis) {
  const std::uint32_t bytes = indexBits / 8;
  if (std::uint64_t{offset} + bytes > block.size())
    throw Error(fmt::format("the manifest's original_grid_offset{} {} lies outside the {}-byte "
                            "parameter block",
                            axis ? "_y" : "", offset, block.size()));
  const std::uint64_t value = axis ? shape.requestedInvocationsY : shape.requestedInvocationsX;
  for (std::uint32_t b = 0; b < bytes; ++b)
    block[offset + b] = static_cast<unsigned char>(value >> (8 * b));
}

void writeRequestedGrids(const DispatchShape &shape, const EntryPointDesc &entry,
                         std::vector<unsigned char> &block) {
  if (entry.originalGridOffset)
    writeRequestedGrid(shape, *entry.originalGridOffset, entry.indexBits, block, 0);
  if (entry.originalGridOffsetY)
    writeRequestedGrid(shape, *entry.originalGridOffsetY, entry.indexBits, block, 1);
}

} // namespace nvc::rt
