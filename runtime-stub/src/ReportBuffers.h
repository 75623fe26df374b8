// Internal: the hidden error and print buffers of one launch (docs/manifest.md
// "Errors and printing"): allocated for the entry points that have them, reset before
// each dispatch (on the host for Kernel::launch, in the command buffer for a Chain,
// which may run many times), bound at the manifest's bindings, and read after the
// dispatch: print records go to the device's print handler, an exception becomes a
// KernelError.
#pragma once

#include "HostVisibleBuffer.h"
#include "nvc/Error.h"
#include "nvc/Manifest.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace nvc::rt::detail {

class ReportBuffers {
public:
  /// Buffers for `entry` (none where it has neither); the print buffer has the
  /// device's printBufferWords words.
  ReportBuffers(const std::shared_ptr<Device::Context> &context, const EntryPointDesc &entry);

  /// Whether the entry point has any hidden buffer.
  bool empty() const { return !errors_ && !prints_; }
  /// Calls `f(binding, buffer)` for each hidden buffer.
  void forEachBinding(const std::function<void(std::uint32_t, const HostVisibleBuffer &)> &f) const;
  /// Resets both buffers through their mapping (before a one-time dispatch).
  void resetOnHost();
  /// Records the reset into `commands` (fill and update, then a barrier before
  /// the compute shader reads them), for command buffers that run many times.
  void recordReset(VkCommandBuffer commands) const;
  /// After the dispatch has completed: hands every print record to the device's
  /// print handler (stdout by default), warns once on stderr when records were
  /// dropped, and returns the exception a kernel raised, if any.
  std::optional<KernelError> collect();

private:
  std::shared_ptr<Device::Context> context_;
  const EntryPointDesc *entry_;
  std::unique_ptr<HostVisibleBuffer> errors_, prints_;
  std::uint32_t printWords_ = 0;
};

/// Throws `error` as a KernelError (keeps its dynamic type).
[[noreturn]] void throwKernelError(const KernelError &error);

} // namespace nvc::rt::detail
