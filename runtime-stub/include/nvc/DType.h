// Element types the runtime moves between host and device. The names are NumPy's
// (`bool`, `int8` … `uint64`, `float32`, `float64`, `complex64`, `complex128`), the vocabulary of
// the binding manifest's `dtype` and `device_dtype` fields and of `.npy` files.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace nvc::rt {

/// A NumPy element type supported by the runtime. `Bool` is one byte per element
/// holding 0 or 1 (NumPy's `bool_`). `Complex64` and `Complex128` are NumPy's layout:
/// two float32 (float64) values, real part first, then imaginary part. `Float16` is
/// IEEE binary16 (nvc/Float16.h converts it).
enum class DType : std::uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float32,
  Float64,
  Complex64,
  Complex128,
  Float16,
};

/// Size of one element in bytes (1, 2, 4, 8, or 16 for Complex128). Never throws.
std::size_t dtypeSize(DType dtype);

/// NumPy name of the type ("bool", "int8", …, "float64", "complex64", "complex128").
/// Never throws.
std::string_view dtypeName(DType dtype);

/// The type with the given NumPy name, or std::nullopt for any other string
/// (names are case-sensitive; aliases such as "float" or "i4" are not accepted).
std::optional<DType> dtypeFromName(std::string_view name);

/// True for the signed and unsigned integer types (not Bool, floats or complex).
bool isIntegerDType(DType dtype);

/// True for Int8 … Int64.
bool isSignedDType(DType dtype);

/// True for Float16, Float32 and Float64.
bool isFloatDType(DType dtype);

/// True for Complex64 and Complex128.
bool isComplexDType(DType dtype);

/// True if `storage` may hold elements of `dtype` on the device (a manifest's
/// device_dtype for a dtype): `dtype` itself, or the type nvc narrows it to — int64 to
/// int32 and uint64 to uint32 under 32-bit integers, float64 to float32 and complex128
/// to complex64 for narrow=True/"floats" kernels and --no-float64, and float16 scalars to
/// float32, the width kernels compute them in (docs/manifest.md).
bool isStorageDTypeOf(DType dtype, DType storage);

/// The DType of a C++ element type: `dtypeOf<float>() == DType::Float32`, etc. `bool`
/// maps to DType::Bool (sizeof(bool) is 1 on every supported platform).
template <class T> constexpr DType dtypeOf();
template <> constexpr DType dtypeOf<bool>() { return DType::Bool; }
template <> constexpr DType dtypeOf<std::int8_t>() { return DType::Int8; }
template <> constexpr DType dtypeOf<std::int16_t>() { return DType::Int16; }
template <> constexpr DType dtypeOf<std::int32_t>() { return DType::Int32; }
template <> constexpr DType dtypeOf<std::int64_t>() { return DType::Int64; }
template <> constexpr DType dtypeOf<std::uint8_t>() { return DType::UInt8; }
template <> constexpr DType dtypeOf<std::uint16_t>() { return DType::UInt16; }
template <> constexpr DType dtypeOf<std::uint32_t>() { return DType::UInt32; }
template <> constexpr DType dtypeOf<std::uint64_t>() { return DType::UInt64; }
template <> constexpr DType dtypeOf<float>() { return DType::Float32; }
template <> constexpr DType dtypeOf<double>() { return DType::Float64; }
struct Half; // nvc/Float16.h
template <> constexpr DType dtypeOf<Half>() { return DType::Float16; }
template <> constexpr DType dtypeOf<std::complex<float>>() { return DType::Complex64; }
template <> constexpr DType dtypeOf<std::complex<double>>() { return DType::Complex128; }

} // namespace nvc::rt
