// Properties and NumPy names of the element types in nvc/DType.h.
#include "nvc/DType.h"

#include <array>

namespace nvc::rt {
namespace {

struct DTypeRow {
  DType dtype;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<DTypeRow, 14> kTable{{
    {DType::Bool, "bool", 1},
    {DType::Int8, "int8", 1},
    {DType::Int16, "int16", 2},
    {DType::Int32, "int32", 4},
    {DType::Int64, "int64", 8},
    {DType::UInt8, "uint8", 1},
    {DType::UInt16, "uint16", 2},
    {DType::UInt32, "uint32", 4},
    {DType::UInt64, "uint64", 8},
    {DType::Float32, "float32", 4},
    {DType::Float64, "float64", 8},
    {DType::Complex64, "complex64", 8},
    {DType::Complex128, "complex128", 16},
    {DType::Float16, "float16", 2},
}};

const DTypeRow &row(DType dtype) { return kTable[static_cast<std::size_t>(dtype)]; }

} // namespace

std::size_t dtypeSize(DType dtype) { return row(dtype).size; }

std::string_view dtypeName(DType dtype) { return row(dtype).name; }

std::optional<DType> dtypeFromName(std::string_view name) {
  for (const DTypeRow &r : kTable)
    if (r.name == name)
      return r.dtype;
  return std::nullopt;
}

bool isIntegerDType(DType dtype) {
  return dtype != DType::Bool && !isFloatDType(dtype) && !isComplexDType(dtype);
}

bool isSignedDType(DType dtype) {
  return dtype == DType::Int8 || dtype == DType::Int16 || dtype == DType::Int32 ||
         dtype == DType::Int64;
}

bool isFloatDType(DType dtype) {
  return dtype == DType::Float16 || dtype == DType::Float32 || dtype == DType::Float64;
}

bool isComplexDType(DType dtype) { return dtype == DType::Complex64 || dtype == DType::Complex128; }

bool isStorageDTypeOf(DType dtype, DType storage) {
  return dtype == storage || (dtype == DType::Int64 && storage == DType::Int32) ||
         (dtype == DType::UInt64 && storage == DType::UInt32) ||
         (dtype == DType::Float64 && storage == DType::Float32) ||
         (dtype == DType::Float16 && storage == DType::Float32) ||
         (dtype == DType::Complex128 && storage == DType::Complex64);
}

} // namespace nvc::rt
