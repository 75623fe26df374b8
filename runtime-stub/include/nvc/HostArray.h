// HostArray: a non-owning view of an n-dimensional array in host memory (pointer,
// element type, shape and strides counted in elements, like a NumPy array whose
// strides were divided by its itemsize). It is how callers hand arrays to a kernel
// launch and to the .npy writer.
#pragma once

#include "nvc/DType.h"

#include <cstdint>
#include <vector>

namespace nvc::rt {

/// A view of host memory holding an array. `data` points at element [0, …, 0];
/// element [i0, …, in-1] lives at `data + (Σ ik * strides[k]) * dtypeSize(dtype)`.
/// Strides are in elements and may be zero or negative. An empty `strides` vector
/// means C-contiguous (row-major) strides for `shape`. `shape.size()` is the number
/// of dimensions (0 for a scalar-like 0-d array holding one element). The view never
/// owns or frees the memory; the memory must stay valid while the view is used.
struct HostArray {
  void *data = nullptr;
  DType dtype = DType::Float32;
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;

  /// A C-contiguous view of `data` with the given shape.
  static HostArray contiguous(void *data, DType dtype, std::vector<std::int64_t> shape);

  /// A 1-d C-contiguous view of a std::vector's elements (T is float, double,
  /// std::int32_t, …; see dtypeOf). The vector must not be resized while viewed.
  template <class T> static HostArray of(std::vector<T> &values) {
    return contiguous(values.data(), dtypeOf<T>(), {static_cast<std::int64_t>(values.size())});
  }

  /// Number of dimensions.
  std::size_t ndim() const { return shape.size(); }

  /// Strides in elements: `strides` if given, else the C-contiguous strides of `shape`.
  /// Throws Error if `strides` is non-empty and its length differs from `shape`'s.
  std::vector<std::int64_t> effectiveStrides() const;

  /// Number of elements (product of the extents; 1 for 0-d). Throws Error if an
  /// extent is negative or the product overflows int64.
  std::int64_t elementCount() const;

  /// True if the elements are laid out row-major without gaps (NumPy's C_CONTIGUOUS:
  /// the strides of extent-1 dimensions are ignored; empty arrays are contiguous).
  bool isCContiguous() const;

  /// True if the elements are laid out column-major without gaps (F_CONTIGUOUS).
  bool isFContiguous() const;
};

/// C-contiguous (row-major) strides in elements for `shape`.
std::vector<std::int64_t> cStrides(const std::vector<std::int64_t> &shape);

/// Fortran-contiguous (column-major) strides in elements for `shape`.
std::vector<std::int64_t> fStrides(const std::vector<std::int64_t> &shape);

} // namespace nvc::rt
