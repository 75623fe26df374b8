// Element conversions between host dtypes and their device storage: see
// ElementConversion.h.
#include "ElementConversion.h"

#include <cstring>
#include <limits>

namespace nvc::rt::detail {
namespace {

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559,
              "float64 is narrowed to float32 by an IEEE conversion");

template <class Host, class Device> bool narrowInteger(const unsigned char *src, unsigned char *dst) {
  Host h;
  std::memcpy(&h, src, sizeof h);
  if (h < static_cast<Host>(std::numeric_limits<Device>::min()) ||
      h > static_cast<Host>(std::numeric_limits<Device>::max()))
    return false;
  const auto d = static_cast<Device>(h);
  std::memcpy(dst, &d, sizeof d);
  return true;
}

template <class Host, class Device> void widenInteger(const unsigned char *src, unsigned char *dst) {
  Device d;
  std::memcpy(&d, src, sizeof d);
  const auto h = static_cast<Host>(d);
  std::memcpy(dst, &h, sizeof h);
}

/// Rounds `parts` float64 values (one float64, or a complex128's two parts) to float32:
/// NumPy's astype(float32), round to nearest, ties to even.
void narrowFloats(const unsigned char *src, unsigned char *dst, std::size_t parts) {
  for (std::size_t i = 0; i < parts; ++i) {
    double h;
    std::memcpy(&h, src + 8 * i, 8);
    const auto d = static_cast<float>(h);
    std::memcpy(dst + 4 * i, &d, 4);
  }
}

void widenFloats(const unsigned char *src, unsigned char *dst, std::size_t parts) {
  for (std::size_t i = 0; i < parts; ++i) {
    float d;
    std::memcpy(&d, src + 4 * i, 4);
    const double h = d;
    std::memcpy(dst + 8 * i, &h, 8);
  }
}

} // namespace

bool elementToStorage(DType dtype, DType storage, const unsigned char *src, unsigned char *dst) {
  if (dtype == DType::Bool) {
    *dst = *src != 0;
  } else if (dtype == DType::Int64 && storage == DType::Int32) {
    return narrowInteger<std::int64_t, std::int32_t>(src, dst);
  } else if (dtype == DType::UInt64 && storage == DType::UInt32) {
    return narrowInteger<std::uint64_t, std::uint32_t>(src, dst);
  } else if (dtype == DType::Float64 && storage == DType::Float32) {
    narrowFloats(src, dst, 1);
  } else if (dtype == DType::Complex128 && storage == DType::Complex64) {
    narrowFloats(src, dst, 2);
  } else {
    std::memcpy(dst, src, dtypeSize(dtype));
  }
  return true;
}

void elementFromStorage(DType dtype, DType storage, const unsigned char *src, unsigned char *dst) {
  if (dtype == DType::Bool)
    *dst = *src != 0;
  else if (dtype == DType::Int64 && storage == DType::Int32)
    widenInteger<std::int64_t, std::int32_t>(src, dst);
  else if (dtype == DType::UInt64 && storage == DType::UInt32)
    widenInteger<std::uint64_t, std::uint32_t>(src, dst);
  else if (dtype == DType::Float64 && storage == DType::Float32)
    widenFloats(src, dst, 1);
  else if (dtype == DType::Complex128 && storage == DType::Complex64)
    widenFloats(src, dst, 2);
  else
    std::memcpy(dst, src, dtypeSize(dtype));
}

std::string integerElementText(DType dtype, const unsigned char *src) {
  if (dtype == DType::UInt64) {
    std::uint64_t v;
    std::memcpy(&v, src, sizeof v);
    return std::to_string(v);
  }
  std::int64_t v;
  std::memcpy(&v, src, sizeof v);
  return std::to_string(v);
}

} // namespace nvc::rt::detail
