// ArrayRef<T>: a typed, non-owning view of a host array for the launch functions of
// generated headers (`nvc --emit=header`). Its element type is fixed at compile time,
// so passing a std::vector<double> where the kernel takes float32 does not compile;
// `ArrayRef<const T>` is what a kernel that only reads the array takes (const data
// binds to it, and only to it). The number of dimensions and the extents are checked
// when the launch binds the view (BoundArguments), as for a HostArray. recordBytes()
// views records (structs) as the uint8 array an argument that is an array of records takes.
#pragma once

#include "nvc/DType.h"
#include "nvc/Error.h"
#include "nvc/HostArray.h"

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace nvc::rt {

template <class T> class ArrayRef {
public:
  using element_type = T;
  using value_type = std::remove_const_t<T>;

  /// A 1-d view of a vector's elements (not std::vector<bool>, which has no element
  /// storage to view). The vector must not be resized while viewed.
  template <class V, class = std::enable_if_t<std::is_same_v<std::remove_const_t<V>, value_type> &&
                                              (std::is_const_v<T> || !std::is_const_v<V>)>>
  ArrayRef(std::vector<V> &values) : ArrayRef(values.data(), {std::int64_t(values.size())}) {}
  template <class V, class = std::enable_if_t<std::is_same_v<V, value_type> && std::is_const_v<T>>>
  ArrayRef(const std::vector<V> &values) : ArrayRef(values.data(), {std::int64_t(values.size())}) {}

  /// A 1-d view of a std::array.
  template <class V, std::size_t N,
            class = std::enable_if_t<std::is_same_v<std::remove_const_t<V>, value_type> &&
                                     (std::is_const_v<T> || !std::is_const_v<V>)>>
  ArrayRef(std::array<V, N> &values) : ArrayRef(values.data(), {std::int64_t(N)}) {}

  /// `data` with extents `shape` and strides in elements (empty: C-contiguous), as
  /// HostArray.
  ArrayRef(T *data, std::vector<std::int64_t> shape, std::vector<std::int64_t> strides = {}) {
    view_.data = const_cast<value_type *>(data); // never written through for const T
    view_.dtype = dtypeOf<value_type>();
    view_.shape = std::move(shape);
    view_.strides = std::move(strides);
  }

  /// The same elements, read-only (ArrayRef<const T> from ArrayRef<T>).
  template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<U, value_type>>>
  ArrayRef(const ArrayRef<U> &other) : view_(other.view()) {}

  /// An untyped view whose dtype must be T's. Throws Error otherwise.
  explicit ArrayRef(const HostArray &view) : view_(view) {
    if (view.dtype != dtypeOf<value_type>())
      throw Error("a " + std::string(dtypeName(view.dtype)) + " array passed where " +
                  std::string(dtypeName(dtypeOf<value_type>())) + " elements are expected");
  }

  /// The untyped view the runtime binds.
  const HostArray &view() const { return view_; }

private:
  HostArray view_;
};

/// The bytes of records of type R (the struct `nvc --emit=header` declares for a record
/// layout, or any trivially copyable type laid out as the record) for an argument that is
/// an array of records (docs/manifest.md "Arrays of records"): `data` with extents `shape`,
/// counted in records (C order; {} for a single record), as the uint8 array of shape +
/// (sizeof(R)) the launch binds; ArrayRef<const std::uint8_t> for const R. The launch
/// checks that sizeof(R) is the record's itemsize, not the fields.
template <class R>
ArrayRef<std::conditional_t<std::is_const_v<R>, const std::uint8_t, std::uint8_t>>
recordBytes(R *data, std::vector<std::int64_t> shape) {
  static_assert(std::is_trivially_copyable_v<std::remove_const_t<R>>,
                "records are passed as their bytes: R must be trivially copyable");
  using Byte = std::conditional_t<std::is_const_v<R>, const std::uint8_t, std::uint8_t>;
  shape.push_back(static_cast<std::int64_t>(sizeof(R)));
  return {reinterpret_cast<Byte *>(data), std::move(shape)};
}

/// The bytes of a vector of records: a uint8 array of shape (size, sizeof(R)).
template <class R> ArrayRef<std::uint8_t> recordBytes(std::vector<R> &records) {
  return recordBytes(records.data(), {static_cast<std::int64_t>(records.size())});
}
template <class R> ArrayRef<const std::uint8_t> recordBytes(const std::vector<R> &records) {
  return recordBytes(records.data(), {static_cast<std::int64_t>(records.size())});
}

} // namespace nvc::rt
