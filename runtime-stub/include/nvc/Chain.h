// Chain: a recorded sequence of kernel launches (of any kernels and modules of one
// Device) and buffer copies on device-resident memory (DeviceBuffer / DeviceArray),
// submitted as one command buffer with a barrier between steps, and timed on the
// device with Vulkan timestamp queries around each step. Nothing is copied between
// the host and the device while a chain runs, so what is timed is the kernels.
//
//   nvc::rt::DeviceArray x = DeviceArray::fromHost(device, HostArray::of(xs));
//   nvc::rt::DeviceArray y = DeviceArray::fromHost(device, HostArray::of(ys));
//   nvc::rt::Chain chain(device);
//   chain.launch(saxpy, DeviceArguments().scalar("a", 2.0).array("x", x).array("y", y),
//                LaunchConfig::grid(n));
//   nvc::rt::ChainTiming t = chain.run(/*repeats=*/20, /*warmup=*/2);
//   double ms = t.medianMs(0);                 // GPU time of step 0, median of 20
//   std::vector<float> result = y.toVector<float>();
#pragma once

#include "nvc/Arguments.h"
#include "nvc/BoundArguments.h"
#include "nvc/DeviceBuffer.h"
#include "nvc/Dispatch.h"
#include "nvc/Kernel.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace nvc::rt {

/// What the device offers for timing: VkQueueFamilyProperties::timestampValidBits of
/// the compute queue's family and VkPhysicalDeviceLimits::timestampPeriod.
struct TimestampSupport {
  std::uint32_t validBits = 0; ///< 0: the queue cannot write timestamps
  double periodNs = 0;         ///< nanoseconds per timestamp tick
  bool supported() const { return validBits > 0 && periodNs > 0; }
};

/// The timestamp support of `device`'s compute queue.
TimestampSupport timestampSupport(const Device &device);

/// Arguments of a launch on device memory: DeviceArrays and scalars by name.
class DeviceArguments {
public:
  /// Passes a device array for parameter `name`. Throws Error if `name` was already given.
  DeviceArguments &array(const std::string &name, const DeviceArray &array);
  /// Passes a scalar for parameter `name` (as in Arguments::scalar).
  DeviceArguments &scalar(const std::string &name, const ScalarValue &value);
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  DeviceArguments &scalar(const std::string &name, T value) {
    scalars_.scalar(name, value);
    return *this;
  }

  /// The arrays by name.
  const std::map<std::string, DeviceArray> &arrays() const { return arrays_; }
  /// The arguments as host Arguments whose array views describe the device arrays
  /// (their data pointers must never be dereferenced): what BoundArguments::bind checks.
  Arguments asArguments() const;

private:
  Arguments scalars_;
  std::map<std::string, DeviceArray> arrays_;
};

/// The device times of one Chain::run, in milliseconds.
struct ChainTiming {
  TimestampSupport support;
  std::vector<std::string> labels;          ///< one per step
  std::vector<std::vector<double>> stepMs;  ///< [step][repeat]; empty when !support.supported()
  std::vector<double> totalMs;              ///< per repeat: start of step 0 to end of the last
  double hostMsPerRepeat = 0;               ///< wall clock of the timed submission / repeats

  /// Median over the repeats of step `step` (0 when untimed).
  double medianMs(std::size_t step) const;
  /// Median of totalMs (0 when untimed).
  double medianTotalMs() const;
};

/// Median of `values` (mean of the middle two for an even count; 0 for none).
double median(std::vector<double> values);

/// A sequence of launches and copies on device memory, run any number of times.
class Chain {
public:
  explicit Chain(const Device &device);
  ~Chain();
  Chain(Chain &&) noexcept;
  Chain &operator=(Chain &&) noexcept;

  /// Appends a launch of `kernel` (of a module of the same Device; the chain shares
  /// ownership of its state, so the Kernel and its Module may be destroyed before the
  /// chain runs) on `args`: binds and
  /// checks them now (as Kernel::launch does) and plans the dispatch. Throws Error for
  /// argument errors, a device array smaller than the manifest needs, or a parameter
  /// whose manifest dtype differs from its device_dtype.
  Chain &launch(Kernel &kernel, const DeviceArguments &args, const LaunchConfig &config,
                std::string label = "");
  /// Lower-level form: arguments already bound (with any host views) and one buffer per
  /// bound array, in bound.arrays() order, each at least bufferSize bytes.
  Chain &launchBound(Kernel &kernel, const BoundArguments &bound,
                     const std::vector<DeviceBuffer> &buffers, const LaunchConfig &config,
                     std::string label = "");
  /// Appends a copy of `bytes` bytes (all of `src` when 0) from `src` to `dst`.
  Chain &copy(const DeviceBuffer &src, DeviceBuffer &dst, std::uint64_t bytes = 0,
              std::string label = "copy");

  /// Number of steps recorded.
  std::size_t size() const;

  /// Runs the steps `warmup` times untimed (one submission), then `repeats` times in one
  /// submission with a timestamp before and after every step, and waits. Returns the
  /// device times (if the queue has timestamps) and the host time per repeat.
  /// Kernels that print or raise (docs/language.md "Errors", "Printing"): after each
  /// submission, what every launch printed in it goes to the device's print handler,
  /// in launch order, and the first exception a launch raised is thrown as
  /// KernelError (the launches after it ran, as separate launches would have).
  ChainTiming run(unsigned repeats = 1, unsigned warmup = 0);

  struct State;

private:
  std::unique_ptr<State> state_;
};

} // namespace nvc::rt
