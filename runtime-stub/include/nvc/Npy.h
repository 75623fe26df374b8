// Reading and writing NumPy `.npy` files (format versions 1.0, 2.0 and 3.0, as
// documented in numpy/lib/format.py) for the little-endian numeric types the runtime
// supports: |b1 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <f4 <f8 <c8 <c16 (complex64 and
// complex128: real then imaginary part), any number of dimensions, C or Fortran order.
//
// Fortran-ordered files are not transposed or copied on reading: the array keeps the
// file's byte order and reports column-major strides (NpyArray::strides, view()), so a
// kernel argument with layout `F` accepts it as-is and writing it back produces a
// Fortran-ordered file again.
//
// Structured dtypes (arrays of records, nvc/Record.h) are read as their bytes: a uint8
// array of the file's shape plus a trailing dimension of the itemsize, with the fields
// in NpyArray::record. Their `descr` is the list NumPy writes
// (np.lib.format.dtype_to_descr): [('x', '<f4'), ('', '|V3'), ('d', '|u1', (5,))], where
// entries with an empty name and a void type are padding; fields may be nested arrays
// of the numeric types above, not records themselves.
#pragma once

#include "nvc/DType.h"
#include "nvc/HostArray.h"
#include "nvc/Record.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nvc::rt {

/// An array read from (or to be written to) a .npy file, owning its bytes.
/// `bytes` holds elementCount() * dtypeSize(dtype) bytes in C order, or in Fortran
/// (column-major) order when `fortranOrder` is true.
///
/// An array of records (a structured dtype) has `record` set: `dtype` is UInt8 and
/// `shape` the record array's shape followed by record->itemsize (a 0-d structured
/// array: {itemsize}); record->ndim is the record array's number of dimensions. Its
/// bytes are always in C order (a Fortran-ordered structured file is reordered when
/// read), and writeNpy writes it back as the structured dtype.
struct NpyArray {
  DType dtype = DType::Float64;
  std::vector<std::int64_t> shape;
  bool fortranOrder = false;
  std::vector<unsigned char> bytes;
  std::optional<RecordDesc> record;

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
/// and 'shape', big-endian or unsupported dtypes (object, strings, complex256,
/// datetimes …, also as fields of a structured dtype), structured dtypes whose fields
/// are records themselves or raw bytes ('|V4' with a name), have no name, repeat a
/// name or are no fields at all, negative extents, a data section shorter than the
/// shape requires ("truncated") or bytes after the data.
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

/// NumPy's `descr` of the record's structured dtype, as np.lib.format.dtype_to_descr
/// writes it: the fields in order, ('', '|Vn') entries for the gaps between them and
/// after the last one up to the itemsize, and nested array fields with their shape:
/// "[('a', '|u1'), ('', '|V7'), ('b', '<f8'), ('d', '|u1', (5,)), ('', '|V3')]". Throws
/// Error when a field ends beyond the itemsize, or fields overlap or are out of offset
/// order (a descr list cannot describe them; NumPy's np.save refuses them too).
std::string recordDescr(const RecordDesc &record);

/// Encodes the bytes of an array of records as a .npy file of the structured dtype
/// `record` describes (recordDescr), whose shape is `bytes`' without its last
/// dimension: np.load reads it back with the same names, formats, offsets and
/// itemsize. `bytes` is a uint8 view of record.ndim + 1 dimensions whose last extent
/// is record.itemsize with stride 1; records C-contiguous (in units of the itemsize)
/// are written in C order, Fortran-contiguous ones with fortran_order True, others
/// gathered into C order. Throws Error for another view, or as recordDescr.
std::vector<unsigned char> encodeNpy(const HostArray &bytes, const RecordDesc &record);

/// Writes encodeNpy(bytes, record) to `path`, replacing the file.
void writeNpy(const std::string &path, const HostArray &bytes, const RecordDesc &record);

/// Convenience overload writing an NpyArray (in its own storage order; an array of
/// records as its structured dtype).
void writeNpy(const std::string &path, NpyArray &array);

} // namespace nvc::rt
