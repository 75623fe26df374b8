// DeviceBuffer and DeviceArray: memory that lives on the device across launches.
// A DeviceBuffer is a storage buffer in device-local memory (where the device has
// any; lavapipe's memory is the host's) that kernels of any module on the same Device
// read and write in place. Data moves only when asked: upload() and download() copy
// through a host-visible staging buffer and wait, so a chain of launches (see
// nvc/Chain.h) measures kernels, not transfers. A DeviceArray adds an element type
// and a shape, which is what a kernel's array parameter needs; its views (slice, at,
// transpose, reshape) share its buffer with an element offset and strides, which a
// launch passes to the kernel through the parameter block (004 "device arrays").
#pragma once

#include "nvc/DType.h"
#include "nvc/Device.h"
#include "nvc/HostArray.h"
#include "nvc/Manifest.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace nvc::rt {

/// A device-local storage buffer. Copies share the same memory (a shared handle);
/// the memory is freed with the last copy and any Chain that uses it.
class DeviceBuffer {
public:
  /// Allocates `bytes` bytes (rounded up to a multiple of 4, at least 4) of
  /// device-local memory, preferring a memory type that is not host-visible on
  /// discrete GPUs. The contents are undefined until written. Throws Error if the
  /// allocation fails.
  DeviceBuffer(const Device &device, std::uint64_t bytes);

  /// Size in bytes (after rounding).
  std::uint64_t size() const;

  /// Copies `bytes` bytes from `src` into the buffer at byte `offset` through a staging
  /// buffer and waits. Throws Error if the range is outside the buffer.
  void upload(const void *src, std::uint64_t bytes, std::uint64_t offset = 0);
  /// Copies `bytes` bytes at byte `offset` of the buffer into `dst` and waits.
  void download(void *dst, std::uint64_t bytes, std::uint64_t offset = 0) const;
  /// Sets every 32-bit word of the buffer to `word` (vkCmdFillBuffer) and waits.
  void fill(std::uint32_t word);

  /// Implementation state (runtime sources only).
  struct State;
  const std::shared_ptr<State> &state() const { return state_; }

private:
  std::shared_ptr<State> state_;
};

/// An n-dimensional array in a DeviceBuffer: element type, the type that stores it on
/// the device, shape, and where its elements lie: C-contiguous from the buffer's start
/// for an array made by a constructor or fromHost, at an element offset and strides
/// (in elements, as HostArray's) for a view, which shares the buffer (writes through
/// a view are seen by the array and by every other view). A kernel parameter takes the array when its
/// manifest dtype is the array's dtype and its device_dtype the array's storage dtype:
/// kernels compiled with 32-bit integers keep int64 arrays as int32 (uint64 as
/// uint32), narrowed-float kernels float64 as float32 (complex128 as complex64). Such
/// arrays convert on copyFromHost/copyToHost the way Kernel::launch converts host
/// arrays: integers are range-checked (Error, like numba-vulkan's OverflowError),
/// floats rounded to nearest, and widened back exactly.
class DeviceArray {
public:
  /// An uninitialised array of `shape` elements of `dtype`, stored as `dtype`.
  DeviceArray(const Device &device, DType dtype, std::vector<std::int64_t> shape);
  /// An uninitialised array of `shape` elements of `dtype`, stored on the device as
  /// `storage` (`dtype` itself or its narrowed type, as a manifest's device_dtype may
  /// be). Throws Error for any other pair.
  DeviceArray(const Device &device, DType dtype, std::vector<std::int64_t> shape, DType storage);
  /// An uninitialised array for the array parameter `argument` of `entry`: its dtype
  /// and device_dtype, and `shape`. Throws Error if there is no such array parameter.
  static DeviceArray forArgument(const Device &device, const EntryPointDesc &entry,
                                 const std::string &argument, std::vector<std::int64_t> shape);
  /// A new device array holding a copy of `host` (any strides; copied element by
  /// element into C order when not C-contiguous), stored as host.dtype.
  static DeviceArray fromHost(const Device &device, const HostArray &host);
  /// The same, stored as `storage` (see the constructor); throws Error if an integer
  /// does not fit in `storage`.
  static DeviceArray fromHost(const Device &device, const HostArray &host, DType storage);

  DType dtype() const { return dtype_; }
  /// The element type in the device buffer (dtype() unless narrowed).
  DType storageDType() const { return storage_; }
  const std::vector<std::int64_t> &shape() const { return shape_; }
  std::int64_t elementCount() const;
  /// Bytes the elements take on the device (storage dtype).
  std::uint64_t bytes() const {
    return static_cast<std::uint64_t>(elementCount()) * dtypeSize(storage_);
  }
  /// Element offset of [0, ..., 0] in the buffer (0 unless a view).
  std::int64_t offset() const { return offset_; }
  /// Strides in elements (C-contiguous ones unless a view).
  std::vector<std::int64_t> strides() const;
  /// Whether the elements are C-contiguous from the buffer's start (not a view, or a
  /// view that covers the buffer the same way).
  bool isWholeBuffer() const;

  /// Views (NumPy's basic indexing; each shares the buffer). Axes and indices count
  /// from 0; negative ones count from the end, as in Python. Each throws Error for an
  /// axis or index out of range or a step of 0.
  /// a[start:stop:step] along `axis` (start and stop clamped as Python's slice).
  DeviceArray slice(std::size_t axis, std::int64_t start, std::int64_t stop,
                    std::int64_t step = 1) const;
  /// a[..., index, ...] along `axis`: one dimension fewer (of a 1-d array, a 0-d
  /// array: one element, which kernels take as `Array(dtype, 0, 'C')`).
  DeviceArray at(std::size_t axis, std::int64_t index) const;
  /// a.T: the axes reversed.
  DeviceArray transpose() const;
  /// a.reshape(shape), one extent -1 inferred (an empty shape: 0-d, of one element);
  /// only of a C-contiguous array or view (Error otherwise, as Numba's reshape of a
  /// non-contiguous array).
  DeviceArray reshape(std::vector<std::int64_t> shape) const;
  const DeviceBuffer &buffer() const { return buffer_; }
  DeviceBuffer &buffer() { return buffer_; }

  /// Copies `host` (same dtype and shape, any strides) to the device, converted to the
  /// storage dtype, and waits. Throws Error if dtype or shape differ, or if an
  /// integer does not fit in the storage dtype (the device array is then unchanged).
  void copyFromHost(const HostArray &host);
  /// Copies the array into `host` (same dtype and shape, any strides), widened from
  /// the storage dtype, and waits.
  void copyToHost(const HostArray &host) const;
  /// A host vector with the array's elements in C order (T must match dtype()).
  template <class T> std::vector<T> toVector() const {
    std::vector<T> values(static_cast<std::size_t>(elementCount()));
    copyToHost(HostArray::contiguous(values.data(), dtypeOf<T>(), shape_));
    return values;
  }

  /// A HostArray describing this array's dtype, shape and strides whose data pointer
  /// must never be dereferenced (used to bind arguments: a layout C parameter takes a
  /// C-contiguous view only).
  HostArray descriptor() const;

private:
  DeviceBuffer buffer_;
  DType dtype_;
  DType storage_;
  std::vector<std::int64_t> shape_;
  std::int64_t offset_ = 0;
  std::vector<std::int64_t> strides_; ///< empty: C-contiguous
};

} // namespace nvc::rt
