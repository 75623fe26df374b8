// IEEE 754 binary16 (NumPy's float16) conversions on the host, header-only so that the
// compiler (float16 constants) and the runtime (float16 scalars and arrays) share one rule.
// A half is its 16 bits: sign, 5 exponent bits (bias 15), 10 fraction bits.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace nvc::rt {

/// The float32 of a half (exact: every half is a float32). NaN payloads are kept in the
/// high fraction bits, as NumPy's npy_half_to_float. Never throws.
inline float halfToFloat(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu, fraction = h & 0x3ffu;
  std::uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (fraction << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112u) << 23) | (fraction << 13);
  } else {
    // Zero or subnormal: fraction × 2^-24, exact in float32.
    float v = std::ldexp(static_cast<float>(fraction), -24);
    std::memcpy(&bits, &v, 4);
    bits |= sign;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// The half nearest to `x`, ties to even (IEEE's default and NumPy's astype(float16)):
/// values of magnitude ≥ 65520 become ±inf, NaN stays NaN (quiet). Rounds once, from
/// the double itself (a detour through float32 could round twice). Never throws.
inline std::uint16_t doubleToHalf(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, 8);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 48) & 0x8000u);
  const std::uint64_t magnitude = bits & 0x7fffffffffffffffull;
  if (magnitude >= 0x7ff0000000000000ull) // inf or NaN
    return sign | (magnitude > 0x7ff0000000000000ull
                       ? static_cast<std::uint16_t>(0x7e00u | ((magnitude >> 42) & 0x3ffu))
                       : 0x7c00u);
  const double a = std::fabs(x);
  if (a >= 65520.0)
    return sign | 0x7c00u;
  if (a == 0.0)
    return sign;
  // The value in units of the half's last place at its binade (2^-24 below 2^-14),
  // rounded to an integer ties-to-even: the half's bits less the exponent offset.
  int e;
  std::frexp(a, &e); // a = m × 2^e, m in [0.5, 1)
  const int unitExponent = e - 11 < -24 ? -24 : e - 11;
  const double scaled = std::ldexp(a, -unitExponent); // exact: a power-of-two scaling
  double whole = std::nearbyint(scaled);              // the default mode: ties to even
  auto units = static_cast<std::uint32_t>(whole);
  if (unitExponent == -24)
    return sign | static_cast<std::uint16_t>(units); // subnormal (or the smallest normal)
  // A normal half of binade 2^E (unitExponent = E - 10): exponent field E + 15 and
  // fraction units - 1024, i.e. ((E + 14) << 10) + units; `units` is 2048 when rounding
  // carried into the next binade, which the exponent field absorbs.
  const std::uint32_t field = static_cast<std::uint32_t>(unitExponent + 24) << 10;
  return sign | static_cast<std::uint16_t>(field + units);
}

/// doubleToHalf of a float32 (exact widening first, so one rounding).
inline std::uint16_t floatToHalf(float x) { return doubleToHalf(static_cast<double>(x)); }

/// One float16 element as a C++ type (its 16 bits), for host arrays of float16:
/// `std::vector<Half>` binds as DType::Float16 (ArrayRef<Half>, HostArray::of).
struct Half {
  std::uint16_t bits = 0;
  Half() = default;
  /// The half nearest `x` (ties to even).
  explicit Half(float x) : bits(floatToHalf(x)) {}
  explicit operator float() const { return halfToFloat(bits); }
};
static_assert(sizeof(Half) == 2, "a Half is the 2 bytes of a float16 element");

} // namespace nvc::rt
