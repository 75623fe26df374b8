// Launch geometry: a launch names either a grid (invocations per axis, rounded up to
// whole workgroups like numba's `forall`) or a number of workgroups per axis (like
// `kernel[groups, local]`), plus an optional workgroup size overriding the manifest's
// default. planDispatch turns that into the workgroup size and count of one
// vkCmdDispatch, checked against the device limits.
#pragma once

#include "nvc/Device.h"
#include "nvc/Manifest.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nvc::rt {

/// How a launch is sized. Build with LaunchConfig::grid or LaunchConfig::groups.
struct LaunchConfig {
  enum class Mode { Grid, Groups };
  Mode mode = Mode::Grid;
  /// Grid: invocations along x, y, z. Groups: workgroups along x, y, z.
  std::array<std::uint64_t, 3> count{1, 1, 1};
  /// Invocations per workgroup along x, y, z; the manifest's default when unset.
  /// Set through the specialization constants `workgroup_size_spec_ids`.
  std::optional<std::array<std::uint32_t, 3>> workgroupSize;
  /// Bytes of dynamic shared memory per workgroup, numba-cuda's fourth launch
  /// parameter (`kernel[blocks, threads, stream, bytes]`): the length of the
  /// kernel's `cuda.shared.array(0, dtype)` arrays is bytes // itemsize. Set through
  /// the manifest's `dynamic_shared_memory.spec_id`; 0 (numba's default) gives
  /// length 0. Checked by checkSharedMemory.
  std::uint32_t sharedMemoryBytes = 0;

  /// At least `x*y*z` invocations: ceil(count/workgroupSize) workgroups per axis.
  static LaunchConfig grid(std::uint64_t x, std::uint64_t y = 1, std::uint64_t z = 1);
  /// Exactly `x*y*z` workgroups.
  static LaunchConfig groups(std::uint64_t x, std::uint64_t y = 1, std::uint64_t z = 1);
  /// Returns a copy with the workgroup size overridden.
  LaunchConfig withWorkgroupSize(std::uint32_t x, std::uint32_t y = 1, std::uint32_t z = 1) const;
  /// Returns a copy with `bytes` of dynamic shared memory.
  LaunchConfig withSharedMemoryBytes(std::uint32_t bytes) const;
};

/// The resolved geometry of one dispatch.
struct DispatchShape {
  std::array<std::uint32_t, 3> workgroupSize{1, 1, 1};  ///< invocations per workgroup
  std::array<std::uint32_t, 3> workgroupCount{1, 1, 1}; ///< vkCmdDispatch arguments
  /// Thread coarsening (manifest `coarsen`): each invocation does the work of this
  /// many invocations of the requested grid; workgroupCount[0] is already divided.
  std::uint32_t coarsen = 1;
  /// Invocations along x the launch asked for (workgroups x workgroup size before
  /// the division by `coarsen`): the value of the manifest's `original_grid_offset`.
  std::uint64_t requestedInvocationsX = 0;
  /// The same along y (manifest `coarsen_y`, `original_grid_offset_y`):
  /// workgroupCount[1] is divided by coarsenY.
  std::uint32_t coarsenY = 1;
  std::uint64_t requestedInvocationsY = 0;
};

/// Resolves `config` with `defaultWorkgroupSize` (the manifest's) and checks it against
/// `limits`. Throws Error if any count or workgroup-size component is zero, a
/// workgroup-size component exceeds maxComputeWorkGroupSize, the product exceeds
/// maxComputeWorkGroupInvocations ("workgroup size 2048x1x1 exceeds the device's
/// maxComputeWorkGroupInvocations (1024)"), or a workgroup count exceeds
/// maxComputeWorkGroupCount.
/// Resolves `config` against the entry point's default workgroup size and checks it
/// against the device's limits. With `indexBits == 32` (the manifest's `index_bits`),
/// the invocations along each axis (workgroups x workgroup size) must also fit a
/// signed 32-bit integer: the kernel computes global ids and grid sizes in int32.
/// With `coarsen` > 1 (the manifest's `coarsen`), ceil(workgroups / coarsen)
/// workgroups run along x; the coarsened kernel's indices reach coarsen x the
/// dispatched invocations, which must fit as well. `coarsenY` (the manifest's
/// `coarsen_y`) does the same along y.
DispatchShape planDispatch(const LaunchConfig &config,
                           const std::array<std::uint32_t, 3> &defaultWorkgroupSize,
                           const DeviceLimits &limits, std::uint32_t indexBits = 64,
                           std::uint32_t coarsen = 1, std::uint32_t coarsenY = 1);

/// Checks a launch's dynamic shared memory (`config.sharedMemoryBytes`) for `entry`:
/// the workgroup memory it takes (DynamicSharedMemoryDesc::allocatedBytes, or the
/// bytes themselves where the kernel allocates none, as CUDA counts a request
/// whether or not the kernel uses it) plus the entry point's static
/// `shared_memory_bytes` must not exceed the device's maxComputeSharedMemorySize.
/// Throws Error otherwise ("2048 bytes of dynamic shared memory ... exceed the
/// device's maxComputeSharedMemorySize (32768): at most 1024 bytes fit").
void checkSharedMemory(const LaunchConfig &config, const EntryPointDesc &entry,
                       const DeviceLimits &limits);

/// Checks a launch's workgroup size (`shape.workgroupSize`, planDispatch's) against
/// the largest `entry` runs right with (`maxWorkgroupSize`: a shared array the
/// kernel indexes by its local id would be written past). Throws Error naming the
/// axis, the limit and its reason ("workgroup size 256x1x1 is larger than kernel
/// 'k' runs with along x (at most 128): shared array 'sm' has 128 elements ...").
void checkWorkgroupSize(const DispatchShape &shape, const EntryPointDesc &entry);

/// Writes `shape.requestedInvocationsX` (`axis` 0) or `requestedInvocationsY`
/// (`axis` 1) into a coarsened kernel's parameter block at `offset` (the
/// manifest's `original_grid_offset` or `original_grid_offset_y`), `indexBits`
/// wide (little-endian, as every field of the block). `block` must hold the field.
void writeRequestedGrid(const DispatchShape &shape, std::uint32_t offset,
                        std::uint32_t indexBits, std::vector<unsigned char> &block,
                        int axis = 0);

/// Writes every requested-grid field `entry` has (planDispatch's `shape` of a
/// launch of `entry`): writeRequestedGrid along x and y.
void writeRequestedGrids(const DispatchShape &shape, const EntryPointDesc &entry,
                         std::vector<unsigned char> &block);

/// "64x1x1".
std::string formatSize(const std::array<std::uint32_t, 3> &size);

} // namespace nvc::rt
