// Grid-wide synchronisation (docs/manifest.md "Grid synchronisation"): a kernel that
// calls `cuda.cg.this_grid().sync()` is compiled into a resumable state machine that
// the launcher dispatches several times in a row, one phase per dispatch, with a
// hidden per-invocation state buffer. This header evaluates the manifest's
// `dispatches` expression for a launch and sizes the state buffer.
#pragma once

#include "nvc/BoundArguments.h"
#include "nvc/Device.h"
#include "nvc/Dispatch.h"
#include "nvc/Manifest.h"

#include <cstdint>
#include <string>

namespace nvc::rt {

/// The largest number of dispatches one launch may ask for (2^31): a larger value of
/// `dispatches` is an error rather than a launch that would never end.
constexpr std::int64_t kMaxGridSyncDispatches = std::int64_t(1) << 31;

/// Evaluates `expr` (of `entry`'s grid_sync) with the launch's arguments `bound`:
/// Python's integer semantics (floor division, len(range(...))) in int64. Throws Error
/// naming the kernel for an overflow, a division by zero or a range step of 0.
std::int64_t evaluateGridSyncExpr(const GridSyncExpr &expr, const EntryPointDesc &entry,
                                  const BoundArguments &bound);

/// The expression as Python-like text, for messages: "max(1, n // 2)".
std::string formatGridSyncExpr(const GridSyncExpr &expr);

/// The largest batch of a dynamic schedule (manifest `dispatches: null`): batches of
/// 1, 2, 4, ... dispatches, each followed by a read of the waiting flag, up to this.
constexpr std::uint64_t kMaxGridSyncBatch = 4096;

/// The number of dispatches of batch `index` (0, 1, ...) of a dynamic schedule:
/// min(2^index, kMaxGridSyncBatch).
constexpr std::uint64_t gridSyncBatchSize(std::uint64_t index) {
  return index >= 12 ? kMaxGridSyncBatch : std::uint64_t(1) << index;
}

/// What one launch of a grid-synchronising entry point needs.
struct GridSyncPlan {
  std::uint64_t invocations = 0; ///< N: invocations of one dispatch (all axes)
  std::uint64_t words = 0;       ///< words_per_invocation * N (+ 1: the flag, when dynamic)
  std::uint64_t bytes = 0;       ///< 4 * words: the state buffer's size
  std::uint64_t fillBytes = 0;   ///< 4 * N: slot 0, zeroed before the first dispatch
  /// max(1, dispatches expression); 0 for a dynamic schedule (known only as it runs).
  std::uint64_t dispatches = 1;
  /// A dynamic schedule (manifest `dispatches: null`): batches until the flag word,
  /// at byte `flagOffset` (4 * words_per_invocation * N), stays 0 in a batch's last
  /// dispatch.
  bool dynamic = false;
  std::uint64_t flagOffset = 0;
};

/// Plans a launch of `entry` (which must have grid_sync) on `bound` with the dispatch
/// `shape` (planDispatch's): evaluates the number of dispatches (none for a dynamic
/// schedule) and sizes the state buffer (with the flag word for a dynamic schedule). Throws Error naming the kernel when the expression fails or exceeds
/// kMaxGridSyncDispatches, or the buffer exceeds the device's maxStorageBufferRange
/// or, at index_bits 32, 2^31 words.
GridSyncPlan planGridSync(const EntryPointDesc &entry, const BoundArguments &bound,
                          const DispatchShape &shape, const DeviceLimits &limits);

} // namespace nvc::rt
