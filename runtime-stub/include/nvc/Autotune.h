// Autotuning (004 "Autotuning"): which candidate of an operation — a workgroup size,
// a kernel variant, a tile size — is fastest depends on the device and the problem, so
// the launcher chooses by measurement. On the first call for a key every candidate runs
// once untimed and three times timed (device timestamps between Events where the queue
// has them, host time around a synchronize otherwise), and the one with the lowest
// median is kept: in memory, and per device and driver in autotune.json in the
// runtime's cache directory ($NVC_CACHE_DIR, else $XDG_CACHE_HOME/nvc, else
// ~/.cache/nvc; NVC_AUTOTUNE_CACHE=0 keeps choices in memory only), so later processes
// skip the timing. Candidates must leave the same results; arrays they write are
// written several times while tuning (tune in-place updates on a copy).
//
//   nvc::rt::Autotuner tuner(device, "matmul");
//   const auto &r = tuner.run(nvc::rt::autotuneKey(args), {
//       {"tiled", [&](nvc::rt::Stream &s) { tiled.launch(args, tiledConfig, s); }},
//       {"blocked", [&](nvc::rt::Stream &s) { blocked.launch(args, blockedConfig, s); }}});
//   r.choice;   // "blocked"; r.timingsMs has the medians
#pragma once

#include "nvc/Chain.h"
#include "nvc/Device.h"
#include "nvc/Dispatch.h"
#include "nvc/Stream.h"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nvc::rt {

/// One way of doing the operation: a name (unique among the candidates) and the work,
/// enqueued on the stream it is given.
struct AutotuneCandidate {
  std::string name;
  std::function<void(Stream &)> enqueue;
};

/// The choice for one key.
struct AutotuneChoice {
  std::string choice;
  /// Median milliseconds per candidate, in the candidates' order, of the run that chose
  /// (also when the choice was read from the file).
  std::vector<std::pair<std::string, double>> timingsMs;
  bool deviceTimed = false; ///< device timestamps (false: host time around a synchronize)
  bool fromFile = false;    ///< read from autotune.json rather than measured in this process
};

/// Chooses among candidates by measurement, per key, and remembers the choice.
class Autotuner {
public:
  /// An autotuner for `operation` (the name choices are kept under in the file) on
  /// `device`. Reads the file's choices for this device and driver (a missing or
  /// unreadable file means none).
  Autotuner(const Device &device, std::string operation);
  ~Autotuner();
  Autotuner(Autotuner &&) noexcept;
  Autotuner &operator=(Autotuner &&) noexcept;

  /// Enqueues the chosen candidate for `key` on the device's default stream (it runs
  /// asynchronously, as a launch on device arrays). If no choice is known for `key`,
  /// or the known one is not among `candidates`, times them first (on a stream of
  /// its own, waiting for each) and records the choice (file written at once). Throws
  /// Error for no candidates or a repeated name; KernelError from a candidate's launch.
  const AutotuneChoice &run(const std::string &key,
                            const std::vector<AutotuneCandidate> &candidates);
  /// The choices made or read so far, by key.
  const std::map<std::string, AutotuneChoice> &choices() const;
  /// The file choices are kept in; empty when persistence is off.
  const std::string &path() const;

  struct State;

private:
  std::unique_ptr<State> state_;
};

/// 004's default key: the name, dtype and shape of every array argument in name order,
/// e.g. "a:float32[64,32];b:float32[32]".
std::string autotuneKey(const DeviceArguments &args);

/// Workgroup sizes worth trying for `entry` on a device with `limits`: for a kernel whose
/// grid is 1-d, 32 to 1024 invocations in powers of two; 2-d, 8x8, 16x16, 32x8, 8x32,
/// 32x32; 3-d, 4x4x4, 8x8x4, 8x8x8, 16x8x4 — each within the device's limits, the
/// manifest's own size first.
std::vector<std::array<std::uint32_t, 3>> workgroupSizeCandidates(const EntryPointDesc &entry,
                                                                   const DeviceLimits &limits,
                                                                   std::size_t gridDimensions);

} // namespace nvc::rt
