// Internal: one recorded operation on device-resident memory — a kernel launch on
// DeviceBuffers, a buffer copy, or a timestamp — prepared once (arguments checked,
// pipeline chosen, descriptor set written, parameter block filled) and recorded into
// any number of command buffers. Chains (nvc/Chain.h) record a sequence of them many
// times; streams (nvc/Stream.h) record each once, batched with the launches around it.
#pragma once

#include "DeviceBufferState.h"
#include "HostVisibleBuffer.h"
#include "KernelState.h"
#include "ReportBuffers.h"
#include "nvc/BoundArguments.h"
#include "nvc/Chain.h"
#include "nvc/GridSync.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nvc::rt::detail {

/// The dispatches of a grid-synchronising launch (docs/manifest.md "Grid
/// synchronisation") recorded into one command buffer before it is submitted:
/// Kernel::launch on host arrays and streams record and submit a longer schedule in
/// pieces, at most kGridSyncPiecesInFlight of them in flight (a Chain records its
/// launches whole). Measured on lavapipe: see docs/manifest.md.
constexpr std::uint64_t kGridSyncDispatchesPerCommandBuffer = 4096;
constexpr std::size_t kGridSyncPiecesInFlight = 3;

/// One operation: a launch when `kernel` is set, a copy when `src` or `stagingSrc` is, a
/// timestamp when `timestampPool` is, else nothing (an event on a queue without
/// timestamps). Owns its descriptor pool and keeps every buffer it uses
/// alive until it is destroyed (after the last command buffer using it completed).
struct LaunchStep {
  std::string label;
  // A launch:
  std::shared_ptr<Kernel::State> kernel;
  VkPipeline pipeline = VK_NULL_HANDLE;
  std::vector<std::pair<std::uint32_t, std::shared_ptr<DeviceBuffer::State>>> storage;
  std::vector<unsigned char> pushConstants;
  std::unique_ptr<HostVisibleBuffer> uniform;
  std::uint32_t uniformBinding = 0;
  /// The launch's hidden error and print buffers (null when it has none).
  std::unique_ptr<ReportBuffers> reports;
  /// A grid-synchronising launch (manifest grid_sync): its state buffer (null
  /// otherwise) and plan; the step records plan.dispatches dispatches.
  std::shared_ptr<DeviceBuffer::State> gridSyncState;
  GridSyncPlan gridSync;
  /// A dynamic schedule's outcome, filled when the stream runs it: the dispatches run,
  /// or the error that stopped it (the dispatch cap).
  struct DynamicOutcome {
    std::uint64_t dispatches = 0;
    std::string error;
  };
  std::shared_ptr<DynamicOutcome> dynamicOutcome;
  std::unique_ptr<HostVisibleBuffer> dynamicReadback; ///< where the flag is read
  DispatchShape shape; ///< the planned dispatch
  std::array<std::uint32_t, 3> groups{1, 1, 1};
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE; ///< back to the context's free pools
  std::pair<std::uint32_t, std::uint32_t> descriptorCounts{0, 0}; ///< storage, uniform
  VkDescriptorSet set = VK_NULL_HANDLE;
  // A copy (between device buffers, or with a host-visible staging buffer):
  std::shared_ptr<DeviceBuffer::State> src, dst;
  std::shared_ptr<HostVisibleBuffer> stagingSrc, stagingDst;
  VkDeviceSize srcOffset = 0, dstOffset = 0, bytes = 0;
  // A timestamp (query `query` of `timestampPool`, reset and written here):
  VkQueryPool timestampPool = VK_NULL_HANDLE;
  std::uint32_t query = 0;
  /// Whatever else must live until the step has run (an Event's query pool).
  std::shared_ptr<const void> keepAlive;

  std::shared_ptr<Device::Context> context;
  LaunchStep() = default;
  LaunchStep(const LaunchStep &) = delete;
  LaunchStep &operator=(const LaunchStep &) = delete;
  ~LaunchStep();

  /// The device buffers the step reads or writes.
  std::vector<std::shared_ptr<DeviceBuffer::State>> deviceBuffers() const;
};

/// Binds `args` to `kernel`'s entry point with every array placed where it lies in
/// its device buffer (offset and strides in the parameter block) and returns the
/// bound arguments and the buffers, in bound.arrays() order. Throws Error for argument
/// errors, a storage dtype other than the manifest's device_dtype, and overlapping
/// views of one buffer for a kernel that assumes no aliasing.
std::pair<BoundArguments, std::vector<DeviceBuffer>> bindDeviceArguments(Kernel::State &kernel,
                                                                        const DeviceArguments &args);

/// Prepares a launch of `kernel` on `bound` with `buffers` (bound.arrays() order, each
/// at least its bufferSize): plans the dispatch, checks the device's limits, picks the
/// pipeline, fills the parameter block and writes the descriptor set. Throws Error for
/// a kernel or buffer of another device than `context` and for exceeded limits.
std::unique_ptr<LaunchStep> prepareLaunch(const std::shared_ptr<Device::Context> &context,
                                          const std::shared_ptr<Kernel::State> &kernel,
                                          const BoundArguments &bound,
                                          const std::vector<DeviceBuffer> &buffers,
                                          const LaunchConfig &config, std::string label);

/// Prepares a copy of `bytes` bytes (all of `src` when 0) from the start of `src` to the
/// start of `dst`, labelled `label`. Throws Error, naming `what`, if a buffer is of another
/// device than `context` (`owner` names what the copy is for, "the chain") or the bytes
/// do not fit either buffer.
std::unique_ptr<LaunchStep> prepareBufferCopy(const std::shared_ptr<Device::Context> &context,
                                              const DeviceBuffer &src, const DeviceBuffer &dst,
                                              std::uint64_t bytes, std::string label,
                                              const char *what, const char *owner);

/// Records `step` into `cb` (bind, push constants, dispatch; or the copy; or the
/// timestamp). Records no barrier: callers put recordBarrier between steps, and reset
/// a launch's error and print buffers themselves (ReportBuffers: on the host for a
/// step that runs once, in the command buffer for a chain that repeats it).
void recordStep(VkCommandBuffer cb, const LaunchStep &step);

/// Records dispatches `first` to `first + count - 1` of a launch of `groups`
/// workgroups whose pipeline, descriptor set and parameter block are bound: for a
/// grid-synchronising launch (`gridSyncState` set, docs/manifest.md "Grid
/// synchronisation"), dispatch 0 is preceded by zeroing the first `fillBytes` bytes of
/// the state buffer and a transfer-to-compute barrier, and every later dispatch by a
/// compute-write-to-compute-read/write barrier (also when it starts a command buffer:
/// a barrier's first scope covers the queue's earlier submissions). Without a state
/// buffer, `count` must be 1 and it records one dispatch.
void recordDispatches(VkCommandBuffer cb, VkBuffer gridSyncState, VkDeviceSize fillBytes,
                      const std::array<std::uint32_t, 3> &groups, std::uint64_t first,
                      std::uint64_t count);

/// The most dispatches a dynamic grid-sync schedule (manifest `dispatches: null`) runs
/// before the launch fails: kMaxGridSyncDispatches; tests lower it to reach it.
std::uint64_t &gridSyncDispatchCap();

/// Records one batch of a dynamic grid-sync schedule (docs/manifest.md "Dynamic
/// schedules"): dispatches `first` to `first + count - 1` as recordDispatches does,
/// except that immediately before the last one the flag word (4 bytes at `flagOffset`
/// of `state`) is zeroed (compute-to-transfer and transfer-to-compute barriers around
/// the fill, which also order the phase before); after the last, the flag is copied to
/// byte 0 of `readback` and every shader and transfer write is made visible to the
/// host.
void recordDynamicGridSyncBatch(VkCommandBuffer cb, VkBuffer state, VkDeviceSize fillBytes,
                                VkDeviceSize flagOffset, VkBuffer readback,
                                const std::array<std::uint32_t, 3> &groups, std::uint64_t first,
                                std::uint64_t count);

/// Runs a dynamic grid-sync schedule of the launch `kernel` (its name, for errors),
/// reading the flag through `readback` (4 bytes, TRANSFER_DST), with
/// state buffer `state` planned as `plan` and `groups` workgroups: batches of
/// gridSyncBatchSize(0), gridSyncBatchSize(1), ... dispatches, each recorded by
/// recordDynamicGridSyncBatch after `bind` (pipeline, descriptor set, parameter block)
/// into a command buffer that `submitAndWait` begins, ends, submits and waits for, until
/// a batch's flag reads 0. Returns the dispatches run. Throws Error naming the kernel
/// when gridSyncDispatchCap() dispatches have run and an invocation still waits.
std::uint64_t runDynamicGridSync(
    HostVisibleBuffer &readback, const std::string &kernel, VkBuffer state,
    const GridSyncPlan &plan, const std::array<std::uint32_t, 3> &groups,
    const std::function<void(VkCommandBuffer)> &bind,
    const std::function<void(const std::function<void(VkCommandBuffer)> &)> &submitAndWait);

/// Records binding `step`'s pipeline, descriptor set and push constants (a launch).
void recordBindings(VkCommandBuffer cb, const LaunchStep &step);

/// Records dispatches `first` to `first + count - 1` of the launch `step`, with its
/// bindings (recordDispatches).
void recordLaunchDispatches(VkCommandBuffer cb, const LaunchStep &step, std::uint64_t first,
                            std::uint64_t count);

/// Milliseconds from timestamp `from` to timestamp `to` of a queue with `support`
/// (the difference taken modulo its valid bits, times timestampPeriod).
double timestampMs(const TimestampSupport &support, std::uint64_t from, std::uint64_t to);

/// recordBarrier for a queue of a transfer-only family, which has no shader stages:
/// transfer writes before later transfers and host reads.
void recordTransferBarrier(VkCommandBuffer cb);

/// The timestamp support of the device's compute queue family.
TimestampSupport timestampSupport(const Device::Context &context);

/// A memory barrier ordering every earlier shader or transfer write before every later
/// shader, transfer or host access (between the steps of a batch, and at the start of
/// a command buffer, where it also orders it after earlier submissions to the queue).
void recordBarrier(VkCommandBuffer cb);

} // namespace nvc::rt::detail
