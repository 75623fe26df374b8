// Shape and stride arithmetic of HostArray views: default (C) strides, element counts
// and NumPy's C/Fortran contiguity rules.
#include "nvc/HostArray.h"

#include "nvc/Error.h"

#include <fmt/format.h>

#include <limits>

namespace nvc::rt {

HostArray HostArray::contiguous(void *data, DType dtype, std::vector<std::int64_t> shape) {
  HostArray a;
  a.data = data;
  a.dtype = dtype;
  a.shape = std::move(shape);
  return a;
}

std::vector<std::int64_t> HostArray::effectiveStrides() const {
  if (strides.empty())
    return cStrides(shape);
  if (strides.size() != shape.size())
    throw Error(
        fmt::format("array view has {} dimensions but {} strides", shape.size(), strides.size()));
  return strides;
}

std::int64_t HostArray::elementCount() const {
  std::int64_t n = 1;
  for (std::int64_t e : shape) {
    if (e < 0)
      throw Error(fmt::format("array view has a negative extent ({})", e));
    if (e != 0 && n > std::numeric_limits<std::int64_t>::max() / e)
      throw Error("array view has more elements than fit in 64 bits");
    n *= e;
  }
  return n;
}

namespace {

// NumPy's rule: dimensions of extent 1 may have any stride; an empty array is
// contiguous in both orders.
bool contiguousIn(const std::vector<std::int64_t> &shape, const std::vector<std::int64_t> &strides,
                  bool fortran) {
  for (std::int64_t e : shape)
    if (e == 0)
      return true;
  std::int64_t expected = 1;
  const std::size_t n = shape.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t d = fortran ? k : n - 1 - k;
    if (shape[d] == 1)
      continue;
    if (strides[d] != expected)
      return false;
    expected *= shape[d];
  }
  return true;
}

} // namespace

bool HostArray::isCContiguous() const {
  return contiguousIn(shape, effectiveStrides(), /*fortran=*/false);
}

bool HostArray::isFContiguous() const {
  return contiguousIn(shape, effectiveStrides(), /*fortran=*/true);
}

std::vector<std::int64_t> cStrides(const std::vector<std::int64_t> &shape) {
  std::vector<std::int64_t> s(shape.size());
  std::int64_t stride = 1;
  for (std::size_t k = shape.size(); k-- > 0;) {
    s[k] = stride;
    stride *= shape[k] > 0 ? shape[k] : 1;
  }
  return s;
}

std::vector<std::int64_t> fStrides(const std::vector<std::int64_t> &shape) {
  std::vector<std::int64_t> s(shape.size());
  std::int64_t stride = 1;
  for (std::size_t k = 0; k < shape.size(); ++k) {
    s[k] = stride;
    stride *= shape[k] > 0 ? shape[k] : 1;
  }
  return s;
}

} // namespace nvc::rt
