// Records: the elements of NumPy structured dtypes (np.dtype([("x", "f4"), ("v", "f4"),
// ("alive", "?")]), Numba's Record type). An array of records travels between host and
// device as its bytes: a uint8 array with one more, trailing dimension whose extent is
// the record's itemsize (docs/manifest.md "Arrays of records"). RecordDesc describes
// the fields those bytes hold; the manifest's `record` object of such an argument and a
// structured `.npy` file (nvc/Npy.h) both read into it.
#pragma once

#include "nvc/DType.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nvc::rt {

/// One field of a record: its name, the dtype of its elements, its byte offset from the
/// start of the record and, for a nested array field (NumPy's `("d", "u1", (5,))`), its
/// shape (empty for a scalar field).
struct RecordField {
  std::string name;
  DType dtype = DType::UInt8;
  std::uint64_t offset = 0;
  std::vector<std::int64_t> shape;

  /// Bytes the field takes: dtypeSize(dtype) times the product of `shape`.
  std::uint64_t byteSize() const;
  /// Same name, dtype, offset and shape.
  bool operator==(const RecordField &other) const;
  bool operator!=(const RecordField &other) const { return !(*this == other); }
};

/// The records of an array-of-records argument (manifest `record`) or of a structured
/// `.npy` file: the record array's own number of dimensions (the uint8 array of its
/// bytes has ndim + 1; 0 for a single record, a 1-d uint8 array of `itemsize` bytes),
/// the bytes of one record (padding included), whether the dtype was made with
/// align=True (NumPy's C-struct layout; a `.npy` file does not record it), and the
/// fields in the dtype's order.
struct RecordDesc {
  std::uint32_t ndim = 0;
  std::uint64_t itemsize = 0;
  bool aligned = false;
  std::vector<RecordField> fields;

  /// The field called `name`, or nullptr.
  const RecordField *field(const std::string &name) const;
};

/// True if `a` and `b` describe the same bytes: the same itemsize and the same fields
/// (names, dtypes, offsets and shapes, in order). `ndim` and `aligned` are not compared.
bool sameRecordLayout(const RecordDesc &a, const RecordDesc &b);

/// The fields for messages: "{x: float32 at 0, v: float32 at 4, d: uint8 (5,) at 8;
/// 16 bytes}".
std::string describeRecord(const RecordDesc &record);

} // namespace nvc::rt
