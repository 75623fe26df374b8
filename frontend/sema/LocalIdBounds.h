//===- LocalIdBounds.h - Shared arrays indexed by the invocation's local id -===//
//
// A numba-cuda kernel written for a fixed block says so only in its code:
// `sm = cuda.shared.array(TPB, float32)` then `sm[cuda.threadIdx.x] = ...`
// needs exactly TPB invocations per block along x. Launched with a larger
// workgroup it writes past the array; with a smaller one it reads elements
// nobody wrote. This analysis finds such indexing so that nvc can make the
// kernel's default workgroup size the one the code shows (with a warning,
// -Wworkgroup-size) and the launcher can refuse a workgroup larger than the
// array (issue 26, item 2; docs/manifest.md, `max_workgroup_size`).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_LOCALIDBOUNDS_H
#define NVC_FRONTEND_LOCALIDBOUNDS_H

#include "frontend/sema/TypeInference.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace nvc {

/// A dimension of a shared array of constant shape that a kernel indexes
/// with the invocation's local id along one axis.
struct LocalIdBound {
  unsigned axis = 0;      ///< 0, 1, 2: x, y, z
  int64_t extent = 0;     ///< the dimension's extent: the largest safe workgroup size on `axis`
  std::string array;      ///< the shared array's variable
  std::string id;         ///< the local id as written ("cuda.threadIdx.x", "nv.local_id(0)")
  ast::Location loc;      ///< the subscript
};

/// For each axis, the smallest extent among the shared-array dimensions
/// that `k` indexes with the local id along that axis, or nothing.
///
/// Counted: a subscript (or one item of a tuple subscript) that is the
/// local id itself (`cuda.threadIdx.x`, `nv.local_id(0)`) or a variable
/// assigned only once, from it (`tx = cuda.threadIdx.x`), of a variable
/// assigned only once from `cuda.shared.array`/`nv.shared.array` with a
/// constant shape (not the dynamic `shape 0` form). Not counted: such a
/// subscript under an `if`, `while` or conditional expression whose test
/// reads the local id along that axis, or after an `if` on it that returns
/// (`if tx >= N: return`): the kernel guards the access itself. Index
/// arithmetic (`sm[tx + 1]`) and arrays passed to device functions are not
/// followed.
std::array<std::optional<LocalIdBound>, 3> localIdBounds(const TypedKernel &k);

} // namespace nvc

#endif // NVC_FRONTEND_LOCALIDBOUNDS_H
