// Reading and writing NumPy `.npy` files (format versions 1.0, 2.0 and 3.0, as
// documented in numpy/lib/format.py) for the little-endian numeric types the runtime
// supports: |b1 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <f4 <f8 <c8 <c16 (complex64 and
// complex128: real then imaginary part), any number of dimensions, C or Fortran order.
//
// Fortran-ordered files are not transposed or copied on reading: the array keeps the
// file's byte order and reports column-major strides (NpyArray::strides, view()), so a
// kernel argument with layout `F` accepts it as-is and writing it back produces a
// Fortran-ordered file again.
#pragma once

#include "nvc/DType.h"
#include "nvc/HostArray.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nvc::rt {

/// An array read from (or to be written to) a .npy file, owning its bytes.
/// `bytes` holds elementCount() * dtypeSize(dtype) bytes in C order, or in Fortran
/// (column-major) order when `fortranOrder` is true.
struct NpyArray {
  DType dtype = DType::Float64;
  std::vector<std::int64_t> shape;
  bool fortranOrder = false;
  std::vector<unsigned char> bytes;

  /// Product of the extents (1 for a 0-d array).
  std::int64_t elementCount() const;

  /// Strides in elements matching the storage order (C or Fortran).
  std::vector<std::int64_t> strides() const;

  /// A mutable view of `bytes` with this array's dtype, shape and strides. The view
  /// is invalidated when `bytes` is resized or the NpyArray is destroyed.
  HostArray view();
};

/// Parses the bytes of a .npy file. `name` is used in error messages (a path).
/// Throws Error for: a missing magic string, an unknown format version, a header
/// that is not a valid dict literal with exactly the keys 'descr', 'fortran_order'
/// and 'shape', big-endian or unsupported dtypes (object, structured, strings,
/// complex256, float16, datetimes …), negative extents, a data section shorter than
/// the shape requires ("truncated") or bytes after the data.
NpyArray parseNpy(const unsigned char *data, std::size_t size, const std::string &name);

/// Reads and parses the .npy file at `path`. Throws Error if the file cannot be read
/// or for any of the reasons listed for parseNpy.
NpyArray readNpy(const std::string &path);

/// Encodes `array` as a .npy file image: version 1.0 (2.0 if the header would exceed
/// 65535 bytes), header padded to a multiple of 64 bytes. A C-contiguous view is
/// written in C order, a Fortran-contiguous (but not C-contiguous) view with
/// fortran_order True, and any other strided view is gathered into C order.
/// Throws Error for a null data pointer with a non-empty shape.
std::vector<unsigned char> encodeNpy(const HostArray &array);

/// Writes encodeNpy(array) to `path`, replacing the file. Throws Error on I/O errors.
void writeNpy(const std::string &path, const HostArray &array);

/// Convenience overload writing an NpyArray (in its own storage order).
void writeNpy(const std::string &path, NpyArray &array);

} // namespace nvc::rt
