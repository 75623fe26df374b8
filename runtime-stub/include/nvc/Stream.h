// Stream and Event: asynchronous launches and copies on device arrays (004 "Keeping
// data on the device", "Streams").
//
// A launch whose arrays are all DeviceArrays returns at once, before the kernel has
// run (Kernel::launch with DeviceArguments: on the device's default stream; or on a
// Stream). Work on one stream runs in order; work on different streams may run at the
// same time (each stream submits to its own compute queue while the device has queues
// to spare, and shares one otherwise). Operations are collected into one command
// buffer, submitted at once while the stream's queue is idle, otherwise after 16
// operations or when something waits. Whatever reads or writes a device array outside
// a stream (DeviceArray::copyToHost, copyFromHost, DeviceBuffer::upload ..., a Chain)
// first waits for the stream operations that use that array's buffer, and only those.
// NVC_SYNC=1 (or numba-vulkan's NUMBA_VULKAN_SYNC=1) makes every operation wait.
// NVC_TRANSFER_QUEUE=1 submits the copies between host and device memory to a
// transfer-only queue family where the device has one (off by default: measured no
// faster on the H200, docs/benchmarks.md "The launcher").
//
//   nvc::rt::Stream stream(device);
//   stream.copyToDevice(HostArray::of(chunk), dx);     // host data taken now
//   stream.launch(kernel, DeviceArguments().array("x", dx).array("out", dout),
//                 LaunchConfig::grid(n));
//   stream.copyToHost(dout, HostArray::of(result));    // written by synchronize()
//   stream.synchronize();                               // result is complete
//
// What kernels print is delivered to the device's print handler when the stream finds
// the launch finished (synchronize, query, a wait); the first exception a kernel
// raised is thrown as KernelError by the next wait on that stream (synchronize(), a
// copy or Event::synchronize waiting for it, Device::synchronize).
// Streams, like devices, are not thread-safe.
#pragma once

#include "nvc/Chain.h"
#include "nvc/DeviceBuffer.h"
#include "nvc/Dispatch.h"
#include "nvc/HostArray.h"
#include "nvc/Kernel.h"

#include <cstdint>
#include <memory>

namespace nvc::rt {

namespace detail {
class StreamState;
}

/// An in-order queue of launches and copies on one device. Copies of a Stream are
/// handles to the same stream; the last one to go waits for the stream's work.
class Stream {
public:
  /// A new stream on `device`, on a compute queue of its own when the device's compute
  /// queue family has one to spare (the device's default stream takes the first).
  explicit Stream(const Device &device);
  /// The stream of `device` that launches without a stream use (Device::defaultStream).
  static Stream defaultStream(const Device &device);
  /// Waits for the stream's work when this is the last handle (a kernel exception
  /// not yet thrown is then reported on stderr).
  ~Stream();
  Stream(const Stream &);
  Stream &operator=(const Stream &);
  Stream(Stream &&) noexcept;
  Stream &operator=(Stream &&) noexcept;

  /// Enqueues a launch of `kernel` on device arrays and returns at once. Arguments are
  /// checked now, as Chain::launch checks them (Error); the parameter block is copied.
  Stream &launch(Kernel &kernel, const DeviceArguments &args, const LaunchConfig &config);
  /// Enqueues a copy of `host` (same dtype and shape, any strides) into `array`: the host
  /// data is converted and taken into a staging buffer now, so `host` may change at
  /// once — except a C-contiguous `host` inside a PinnedArray (nvc/PinnedArray.h) of the
  /// storage dtype, which the device reads when the copy runs (as CUDA's asynchronous
  /// copies from pinned memory): it must not change before then. Throws Error if dtype
  /// or shape differ, an integer does not fit the storage dtype, or `array` is a view
  /// whose elements are not contiguous (copy those with DeviceArray::copyFromHost,
  /// which waits).
  Stream &copyToDevice(const HostArray &host, DeviceArray &array);
  /// Enqueues a copy of `array` (any view) into `host` (same dtype and shape, any
  /// strides). `host`'s memory is written when the copy runs (a PinnedArray, for a
  /// contiguous `array` of an unnarrowed dtype) or when the stream finds the copy
  /// finished (other memory: synchronize(), query(), an Event on this stream); either
  /// way it must stay valid, and is complete, after the stream's synchronize().
  Stream &copyToHost(const DeviceArray &array, const HostArray &host);
  /// Enqueues a copy of `bytes` bytes (all of `src` when 0) between device buffers.
  Stream &copy(const DeviceBuffer &src, DeviceBuffer &dst, std::uint64_t bytes = 0);

  /// Submits what was enqueued and not yet submitted; does not wait.
  void flush();
  /// Whether everything enqueued has finished (numba.cuda's stream.query()).
  bool query();
  /// Waits for everything enqueued; throws the first KernelError a launch raised and
  /// Error on a lost device.
  void synchronize();
  /// Index of the queue (in the compute family) this stream submits to.
  std::uint32_t queueIndex() const;

  /// Implementation state (runtime sources only).
  const std::shared_ptr<detail::StreamState> &state() const { return state_; }

private:
  friend class Kernel; // the default stream of a kernel's device
  friend class Event;
  friend class Autotuner; // a stream of its own, from the device's context
  explicit Stream(std::shared_ptr<detail::StreamState> state,
                  std::shared_ptr<Device::Context> context);
  /// A new stream of the device behind `context` (the public constructor's work).
  static Stream create(const std::shared_ptr<Device::Context> &context);
  std::shared_ptr<detail::StreamState> state_;
  std::shared_ptr<Device::Context> context_;
};

/// A point in a stream's work, timed with a device timestamp (numba.cuda's event).
class Event {
public:
  /// An event of `device`, not yet recorded.
  explicit Event(const Device &device);
  ~Event();
  Event(Event &&) noexcept;
  Event &operator=(Event &&) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  /// Marks the point after the work enqueued on `stream` so far (recording again moves
  /// the mark). Throws Error if the stream is of another device.
  void record(Stream &stream);
  /// The same on the device's default stream.
  void record();
  /// Whether the work before the mark has finished (false when never recorded).
  bool query();
  /// Waits for the work before the mark (throws that stream's KernelError, as
  /// Stream::synchronize). Throws Error if the event was never recorded.
  void synchronize();
  /// Milliseconds of device time from this event to `end` (both recorded; waits for
  /// both), from the device's timestamps: time the device spent waiting for the host
  /// between them counts. Throws Error if either was not recorded, they belong to
  /// different devices, or the queue has no timestamps (TimestampSupport).
  double elapsedTime(Event &end);

  struct State;

private:
  friend class Autotuner;
  explicit Event(const std::shared_ptr<Device::Context> &context);
  std::unique_ptr<State> state_;
};

} // namespace nvc::rt
