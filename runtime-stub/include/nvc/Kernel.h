// Kernel: one entry point of a Module, ready to launch — its descriptor-set layout
// (set 0: a storage buffer per array argument at its binding, plus the uniform-buffer
// parameter block if any), its pipeline layout (with the push-constant range when the
// parameter block is push constants) and a cache of compute pipelines, one per
// workgroup size set through specialization constants. launch() runs the kernel
// synchronously on host arrays.
#pragma once

#include "nvc/Arguments.h"
#include "nvc/Dispatch.h"
#include "nvc/Manifest.h"

#include <array>
#include <cstdint>
#include <memory>

namespace nvc::rt {

class DeviceArguments;
class Stream;

/// What a launch did (or, for a launch on device arrays, will do).
struct LaunchResult {
  DispatchShape dispatch; ///< workgroup size and count used
  /// vkCmdDispatch calls of the launch: the manifest's grid_sync.dispatches for a
  /// grid-synchronising kernel (docs/manifest.md "Grid synchronisation"), else 1. For a
  /// dynamic schedule (grid_sync.dispatches null), the dispatches actually run: the
  /// launch blocks until the kernel finished, also on a stream.
  std::uint64_t dispatches = 1;
};

/// A launchable entry point. Made by Module::kernel; keeps the module and device alive.
class Kernel {
public:
  /// Destroys the kernel's pipelines and layouts (after any launch has completed).
  ~Kernel();
  /// Movable (a moved-from Kernel must not be used), not copyable.
  Kernel(Kernel &&) noexcept;
  Kernel &operator=(Kernel &&) noexcept;

  /// The manifest's description of this entry point.
  const EntryPointDesc &entryPoint() const;

  /// Runs the kernel once and waits for it: binds `args` (see BoundArguments::bind),
  /// plans the dispatch (see planDispatch), creates one host-visible storage buffer per
  /// array (device_dtype elements, size padded to a multiple of 4 bytes, at least 4)
  /// and uploads it, fills the parameter block (push constants or uniform buffer),
  /// dispatches, waits for completion and copies arrays with access `write` or
  /// `readwrite` back into the caller's memory. Throws Error for argument errors,
  /// exceeded limits (including maxStorageBufferRange for a buffer), Vulkan failures
  /// and a lost device; the caller's arrays are untouched unless the kernel completed.
  /// A kernel that prints hands its lines to the device's print handler after the
  /// dispatch (Device::setPrintHandler); an exception the kernel raised is thrown as
  /// KernelError after the copy-back (the invocations that did not raise ran to
  /// completion, docs/language.md "Errors"). A grid-synchronising entry point
  /// (manifest grid_sync, nvc/GridSync.h) is dispatched max(1, dispatches) times with
  /// its state buffer (Error, before anything runs, if the expression fails or the
  /// buffer exceeds the device's limits); result.dispatches says how many. With a
  /// dynamic schedule (grid_sync.dispatches null) it is dispatched in batches of 1, 2,
  /// 4, ... 4096 until no invocation waits at a grid barrier (Error naming the kernel
  /// after 2^31 dispatches).
  LaunchResult launch(const Arguments &args, const LaunchConfig &config);

  /// Enqueues a launch on device arrays (nvc/Stream.h) on the device's default stream
  /// and returns at once, before the kernel has run (004: "a launch whose arrays are
  /// all device arrays returns at once"). Arguments are checked now, as Chain::launch
  /// checks them (Error). Later copies of the arrays wait for it; Device::synchronize
  /// waits for it and throws the KernelError it raised. Except for a dynamic grid-sync
  /// schedule (grid_sync.dispatches null): the stream's earlier work is submitted and
  /// the launch runs in batches, the host waiting for each batch to read whether
  /// another is needed, so that this returns once the kernel finished (its prints and
  /// exception still come at the next synchronisation); Error naming the kernel after
  /// 2^31 dispatches.
  LaunchResult launch(const DeviceArguments &args, const LaunchConfig &config);
  /// The same on `stream` (Error if the stream is of another device).
  LaunchResult launch(const DeviceArguments &args, const LaunchConfig &config, Stream &stream);

  /// Implementation state (runtime sources only).
  struct State;
  const std::shared_ptr<State> &state() const { return state_; }

private:
  friend class Module;
  friend class Chain; // records launches of this kernel on device buffers
  explicit Kernel(std::unique_ptr<State> state);
  /// Shared with the Chains that record launches of this kernel, so a chain
  /// stays valid after the Kernel (and its Module) are destroyed.
  std::shared_ptr<State> state_;
};

} // namespace nvc::rt
