// Internal: visiting every element of a strided n-dimensional view in C (row-major)
// or Fortran (column-major) order, yielding each element's position in that order and
// its offset in elements from element [0, …, 0] under the view's strides. Used to
// gather views into dense buffers and to scatter them back.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace nvc::rt::detail {

/// Calls f(linearIndex, elementOffset) for every element of a view with `shape` and
/// `strides` (in elements), in C order, or Fortran order if `fortranOrder`.
template <class F>
void forEachElement(const std::vector<std::int64_t> &shape,
                    const std::vector<std::int64_t> &strides, bool fortranOrder, F &&f) {
  std::int64_t count = 1;
  for (std::int64_t e : shape)
    count *= e;
  if (count <= 0)
    return;
  const std::size_t n = shape.size();
  std::vector<std::int64_t> index(n, 0);
  std::int64_t offset = 0;
  for (std::int64_t linear = 0; linear < count; ++linear) {
    f(linear, offset);
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t d = fortranOrder ? k : n - 1 - k;
      if (++index[d] < shape[d]) {
        offset += strides[d];
        break;
      }
      offset -= strides[d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
}

/// The lowest and highest offsets (in elements) of the elements of a view with `shape`
/// and `strides` whose element [0, …, 0] lies at `offset`; {0, -1} (high below low)
/// when the view has no element.
inline std::pair<std::int64_t, std::int64_t> elementSpan(const std::vector<std::int64_t> &shape,
                                                         const std::vector<std::int64_t> &strides,
                                                         std::int64_t offset = 0) {
  std::int64_t lo = offset, hi = offset;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 0)
      return {0, -1};
    const std::int64_t reach = (shape[d] - 1) * strides[d];
    (reach < 0 ? lo : hi) += reach;
  }
  return {lo, hi};
}

/// The multi-index "[i, j, k]" of the element at position `linear` in C (or Fortran)
/// order, for error messages.
inline std::string formatIndex(const std::vector<std::int64_t> &shape, std::int64_t linear,
                               bool fortranOrder) {
  const std::size_t n = shape.size();
  std::vector<std::int64_t> index(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t d = fortranOrder ? k : n - 1 - k;
    if (shape[d] > 0) {
      index[d] = linear % shape[d];
      linear /= shape[d];
    }
  }
  std::string s = "[";
  for (std::size_t d = 0; d < n; ++d) {
    if (d)
      s += ", ";
    s += std::to_string(index[d]);
  }
  return s + "]";
}

} // namespace nvc::rt::detail
