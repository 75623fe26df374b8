// Internal: the state behind a Stream — its queue, the operations enqueued but not yet
// submitted (the batch being collected), the submissions in flight with their fences,
// and the bookkeeping that lets a copy wait only for the work that uses its buffer.
//
// Every operation gets a ticket, 1, 2, 3 ... in enqueue order; `submitted` and
// `completed` are the highest tickets submitted to the queue and known to be complete.
// A device buffer remembers, per stream, the ticket of the last operation that used it
// (DeviceBuffer::State::uses), so waiting for it is waiting for that ticket.
#pragma once

#include "LaunchStep.h"
#include "nvc/Error.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace nvc::rt::detail {

/// 004 "Keeping data on the device": a batch is submitted at once while the stream's
/// queue is idle, otherwise after this many operations or when something waits.
constexpr std::size_t kMaxBatchOperations = 16;

class StreamState : public std::enable_shared_from_this<StreamState> {
public:
  /// A stream submitting to `queue` of `context` (which must outlive it: a user stream
  /// also holds `owner`, the device's default stream is owned by the context itself).
  StreamState(Device::Context *context, std::shared_ptr<Device::Context> owner, VkQueue queue,
              std::uint32_t queueIndex);
  /// Submits and waits for everything; a kernel exception not yet thrown is reported
  /// on stderr (a destructor cannot throw).
  ~StreamState();
  StreamState(const StreamState &) = delete;
  StreamState &operator=(const StreamState &) = delete;

  /// Appends `step`, with `onComplete` to run on the host once it has completed (the
  /// second half of a copy to host memory). Records its ticket in every device buffer
  /// it uses, then submits the batch if the queue is idle, the batch is full, or the
  /// device was made synchronous (NVC_SYNC / NUMBA_VULKAN_SYNC=1, or no Device handle
  /// is left to synchronise it later: then it also waits). Returns the ticket.
  std::uint64_t enqueue(std::unique_ptr<LaunchStep> step, std::function<void()> onComplete = {});
  /// Submits the collected batch, if any, as one command buffer.
  void flush();
  /// Retires the submissions that have completed (all of them, waiting, when `wait`):
  /// runs their host completions, hands their prints to the print handler and keeps
  /// the first exception a launch raised for the next wait.
  void retire(bool wait);
  /// Waits until the operation with `ticket` has completed (submitting it first), then
  /// throws the first kernel exception not yet thrown.
  void waitFor(std::uint64_t ticket);
  /// waitFor(every operation enqueued so far).
  void synchronize() { waitFor(enqueued_); }
  /// Whether every operation enqueued so far has completed (submits the batch if the
  /// queue is idle, delivers what completed).
  bool idle();
  /// Whether `ticket` has completed (delivers what completed).
  bool done(std::uint64_t ticket);

  std::uint64_t enqueued() const { return enqueued_; }
  std::uint64_t submitted() const { return submitted_; }
  std::uint64_t completed() const { return completed_; }
  std::uint32_t queueIndex() const { return queueIndex_; }
  Device::Context &context() const { return *context_; }

private:
  /// Where a step runs: the stream's compute queue, or its copy queue (copies
  /// between host-visible and device memory, when the device has a copy queue).
  enum Engine { Compute = 0, Copy = 1 };
  Engine engineOf(const LaunchStep &step) const;

  struct Submission {
    /// One command buffer per run of consecutive steps on one engine, in order.
    std::vector<std::pair<VkCommandBuffer, Engine>> commands;
    VkFence fence = VK_NULL_HANDLE; ///< signalled with the last command buffer
    /// Pieces of a grid-sync launch of many dispatches submitted with fences of their
    /// own (recordLaunchDispatches), not yet known complete: their fence and
    /// (Compute) command buffer, in submission order.
    std::deque<std::pair<VkFence, VkCommandBuffer>> pieces;
    std::uint64_t lastTicket = 0;
    std::vector<std::unique_ptr<LaunchStep>> steps;
    std::vector<std::function<void()>> completions;
  };
  /// Returns the submission's fence and command buffer to the free lists.
  void release(Submission &s);
  /// Waits for `fence`: polls for a while before a blocking wait, whose wake-up took
  /// most of a millisecond on NVIDIA's driver.
  void waitFence(VkFence fence);

  Device::Context *context_;
  std::shared_ptr<Device::Context> owner_;
  VkQueue queue_;
  std::uint32_t queueIndex_;
  /// The copy queue (null: copies are recorded with the kernels) and the timeline
  /// semaphore that orders the stream's submissions across its two queues: each
  /// waits for the value the one before it signalled.
  VkQueue copyQueue_ = VK_NULL_HANDLE;
  VkSemaphore timeline_ = VK_NULL_HANDLE;
  std::uint64_t timelineValue_ = 0;
  std::vector<std::unique_ptr<LaunchStep>> batch_;
  std::vector<std::function<void()>> batchCompletions_;
  std::deque<Submission> inFlight_;
  /// Fences and command buffers of retired submissions, reused (creating a fence is
  /// a system call on some drivers).
  std::vector<VkFence> freeFences_;
  std::vector<VkCommandBuffer> freeCommands_[2]; ///< per Engine (their own pools)
  std::uint64_t enqueued_ = 0, submitted_ = 0, completed_ = 0;
  std::optional<KernelError> error_;
};

/// Waits on the host until no stream's work still uses `buffer` (submitting what waits
/// in a batch), then throws the first kernel exception of a stream it waited for.
/// Called before anything outside the streams reads or writes the buffer.
void waitForUses(const DeviceBuffer::State &buffer);

/// Device::synchronize on a context: waits for the default stream and every Stream,
/// throws the first KernelError (the others are reported on stderr).
void synchronizeAll(Device::Context &context);

/// The stream of launches and copies made without one (Kernel::launch on device arrays).
StreamState &defaultStream(Device::Context &context);

} // namespace nvc::rt::detail
