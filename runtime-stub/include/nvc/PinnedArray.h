// PinnedArray: host memory the device copies directly (004's nv.pinned_array,
// numba.cuda's cuda.pinned_array). Stream copies between a DeviceArray and any
// C-contiguous HostArray that lies inside a PinnedArray (the whole array or a part of
// it, of the device array's storage dtype) run as one device copy, without the
// staging buffer and host memcpy other host memory goes through, so that they can
// overlap with kernels and with the host.
//
//   nvc::rt::PinnedArray host(device, DType::Float32, {n});
//   float *values = host.data<float>();            // fill it
//   stream.copyToDevice(HostArray::contiguous(values + c * size, DType::Float32, {size}), dx);
#pragma once

#include "nvc/DType.h"
#include "nvc/Device.h"
#include "nvc/HostArray.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace nvc::rt {

/// A C-contiguous host array in memory the device can copy from and to (host-visible,
/// cached where the device offers it). Copies of a PinnedArray share its memory, which
/// is released with the last copy (and after any stream copy still using it).
class PinnedArray {
public:
  /// Uninitialised memory for `shape` elements of `dtype`. Throws Error if the device
  /// cannot allocate host-visible memory of that size.
  PinnedArray(const Device &device, DType dtype, std::vector<std::int64_t> shape);

  DType dtype() const { return host_.dtype; }
  const std::vector<std::int64_t> &shape() const { return host_.shape; }
  /// The elements (C order).
  void *data() const { return host_.data; }
  template <class T> T *data() const {
    if (dtypeOf<T>() != host_.dtype)
      throwDTypeMismatch(dtypeOf<T>());
    return static_cast<T *>(host_.data);
  }
  /// The whole array as a HostArray (for launches and copies).
  const HostArray &host() const { return host_; }

  struct State;

private:
  [[noreturn]] void throwDTypeMismatch(DType asked) const;
  std::shared_ptr<State> state_;
  HostArray host_;
};

} // namespace nvc::rt
