// NumPy's casting rules and element conversions: see nvc/Casting.h. The tables were
// checked against np.can_cast for every pair of the runtime's dtypes
// (tests/runtime/UfuncTests.cpp).
#include "nvc/Casting.h"

#include "nvc/Error.h"
#include "nvc/Float16.h"

#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

namespace nvc::rt {
namespace {

/// NumPy's kinds in the order same_kind casts along: b, u, i, f, c.
int kindRank(DType d) {
  if (d == DType::Bool)
    return 0;
  if (isIntegerDType(d))
    return isSignedDType(d) ? 2 : 1;
  if (isFloatDType(d))
    return 3;
  return 4;
}

/// Bytes of a float, or of one part of a complex.
std::size_t floatWidth(DType d) {
  return isComplexDType(d) ? dtypeSize(d) / 2 : dtypeSize(d);
}

/// The narrowest float width (2, 4, 8) that holds every value of integer type `d`.
std::size_t floatWidthFor(DType d) {
  const std::size_t size = dtypeSize(d);
  return size == 1 ? 2 : size == 2 ? 4 : 8;
}

/// An element's value in one of four shapes, for conversions.
struct Value {
  enum class Kind { Signed, Unsigned, Real, Complex } kind = Kind::Signed;
  std::int64_t s = 0;
  std::uint64_t u = 0;
  std::complex<double> z; ///< Real: the real part only
};

template <class T> T load(const void *src) {
  T v;
  std::memcpy(&v, src, sizeof v);
  return v;
}

template <class T> void store(void *dst, T v) { std::memcpy(dst, &v, sizeof v); }

Value read(DType d, const void *src) {
  Value v;
  switch (d) {
  case DType::Bool:
    v.kind = Value::Kind::Signed, v.s = *static_cast<const unsigned char *>(src) != 0;
    break;
  case DType::Int8:
    v.s = load<std::int8_t>(src);
    break;
  case DType::Int16:
    v.s = load<std::int16_t>(src);
    break;
  case DType::Int32:
    v.s = load<std::int32_t>(src);
    break;
  case DType::Int64:
    v.s = load<std::int64_t>(src);
    break;
  case DType::UInt8:
    v.kind = Value::Kind::Unsigned, v.u = load<std::uint8_t>(src);
    break;
  case DType::UInt16:
    v.kind = Value::Kind::Unsigned, v.u = load<std::uint16_t>(src);
    break;
  case DType::UInt32:
    v.kind = Value::Kind::Unsigned, v.u = load<std::uint32_t>(src);
    break;
  case DType::UInt64:
    v.kind = Value::Kind::Unsigned, v.u = load<std::uint64_t>(src);
    break;
  case DType::Float16:
    v.kind = Value::Kind::Real, v.z = halfToFloat(load<std::uint16_t>(src));
    break;
  case DType::Float32:
    v.kind = Value::Kind::Real, v.z = load<float>(src);
    break;
  case DType::Float64:
    v.kind = Value::Kind::Real, v.z = load<double>(src);
    break;
  case DType::Complex64: {
    const auto c = load<std::complex<float>>(src);
    v.kind = Value::Kind::Complex, v.z = {c.real(), c.imag()};
    break;
  }
  case DType::Complex128:
    v.kind = Value::Kind::Complex, v.z = load<std::complex<double>>(src);
    break;
  }
  return v;
}

/// The integer bits of `v` (two's complement, to be truncated to the target width):
/// integers as they are, floats truncated toward zero (unrepresentable ones: the
/// signed minimum, or 0 for unsigned targets).
std::uint64_t integerBits(const Value &v, bool toSigned) {
  switch (v.kind) {
  case Value::Kind::Signed:
    return static_cast<std::uint64_t>(v.s);
  case Value::Kind::Unsigned:
    return v.u;
  default: {
    const double x = std::trunc(v.z.real());
    if (toSigned) {
      if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0))
        return static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::min());
      return static_cast<std::uint64_t>(static_cast<std::int64_t>(x));
    }
    if (x >= 0 && x < 18446744073709551616.0)
      return static_cast<std::uint64_t>(x);
    if (x < 0 && x >= -9223372036854775808.0) // NumPy: through int64, then wrapped
      return static_cast<std::uint64_t>(static_cast<std::int64_t>(x));
    return 0;
  }
  }
}

double realOf(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Signed:
    return static_cast<double>(v.s);
  case Value::Kind::Unsigned:
    return static_cast<double>(v.u);
  default:
    return v.z.real();
  }
}

/// float32 of an integer value rounded once (an int64 through double could round twice).
float floatOf(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Signed:
    return static_cast<float>(v.s);
  case Value::Kind::Unsigned:
    return static_cast<float>(v.u);
  default:
    return static_cast<float>(v.z.real());
  }
}

void write(const Value &v, DType d, void *dst) {
  const bool isSigned = isSignedDType(d);
  switch (d) {
  case DType::Bool: {
    const bool b = v.kind == Value::Kind::Signed     ? v.s != 0
                   : v.kind == Value::Kind::Unsigned ? v.u != 0
                                                     : v.z != std::complex<double>(0, 0);
    *static_cast<unsigned char *>(dst) = b ? 1 : 0;
    return;
  }
  case DType::Int8:
    return store(dst, static_cast<std::int8_t>(integerBits(v, isSigned)));
  case DType::Int16:
    return store(dst, static_cast<std::int16_t>(integerBits(v, isSigned)));
  case DType::Int32:
    return store(dst, static_cast<std::int32_t>(integerBits(v, isSigned)));
  case DType::Int64:
    return store(dst, static_cast<std::int64_t>(integerBits(v, isSigned)));
  case DType::UInt8:
    return store(dst, static_cast<std::uint8_t>(integerBits(v, isSigned)));
  case DType::UInt16:
    return store(dst, static_cast<std::uint16_t>(integerBits(v, isSigned)));
  case DType::UInt32:
    return store(dst, static_cast<std::uint32_t>(integerBits(v, isSigned)));
  case DType::UInt64:
    return store(dst, integerBits(v, isSigned));
  case DType::Float16:
    return store(dst, doubleToHalf(realOf(v)));
  case DType::Float32:
    return store(dst, floatOf(v));
  case DType::Float64:
    return store(dst, realOf(v));
  case DType::Complex64:
    if (v.kind == Value::Kind::Complex)
      return store(dst, std::complex<float>(static_cast<float>(v.z.real()),
                                            static_cast<float>(v.z.imag())));
    return store(dst, std::complex<float>(floatOf(v), 0.0f));
  case DType::Complex128:
    if (v.kind == Value::Kind::Complex)
      return store(dst, v.z);
    return store(dst, std::complex<double>(realOf(v), 0.0));
  }
}

} // namespace

const char *toString(Casting casting) {
  switch (casting) {
  case Casting::Safe:
    return "safe";
  case Casting::SameKind:
    return "same_kind";
  case Casting::Unsafe:
    return "unsafe";
  }
  return "?";
}

bool canCast(DType from, DType to, Casting casting) {
  if (from == to || from == DType::Bool || casting == Casting::Unsafe)
    return true;
  if (casting == Casting::SameKind && kindRank(from) <= kindRank(to))
    return true;
  if (to == DType::Bool)
    return false;
  if (isIntegerDType(from)) {
    if (isIntegerDType(to)) {
      if (isSignedDType(from) == isSignedDType(to))
        return dtypeSize(to) >= dtypeSize(from);
      return isSignedDType(to) && dtypeSize(to) > dtypeSize(from); // unsigned to wider signed
    }
    return floatWidth(to) >= floatWidthFor(from);
  }
  if (isFloatDType(from))
    return !isIntegerDType(to) && floatWidth(to) >= dtypeSize(from);
  return isComplexDType(to) && dtypeSize(to) >= dtypeSize(from); // complex
}

void castElement(DType from, const void *src, DType to, void *dst) {
  if (from == to) {
    std::memmove(dst, src, dtypeSize(from));
    return;
  }
  write(read(from, src), to, dst);
}

void castArray(const HostArray &src, const HostArray &dst) {
  if (src.shape != dst.shape)
    throw Error("castArray: the arrays' shapes differ");
  const std::vector<std::int64_t> ss = src.effectiveStrides(), ds = dst.effectiveStrides();
  const std::size_t n = src.shape.size();
  for (std::size_t d = 0; d < n; ++d)
    if (dst.shape[d] > 1 && ds[d] == 0)
      throw Error("castArray: the destination has a zero stride, so it would write an element "
                  "more than once");
  const std::int64_t count = src.elementCount();
  if (count == 0)
    return;
  const std::size_t srcSize = dtypeSize(src.dtype), dstSize = dtypeSize(dst.dtype);
  if (src.dtype == dst.dtype && src.isCContiguous() && dst.isCContiguous()) {
    std::memmove(dst.data, src.data, static_cast<std::size_t>(count) * srcSize);
    return;
  }
  const auto *s = static_cast<const unsigned char *>(src.data);
  auto *t = static_cast<unsigned char *>(dst.data);
  std::vector<std::int64_t> index(n, 0);
  std::int64_t so = 0, to = 0;
  for (std::int64_t linear = 0; linear < count; ++linear) {
    castElement(src.dtype, s + so * static_cast<std::int64_t>(srcSize), dst.dtype,
                t + to * static_cast<std::int64_t>(dstSize));
    for (std::size_t k = n; k-- > 0;) {
      if (++index[k] < src.shape[k]) {
        so += ss[k], to += ds[k];
        break;
      }
      so -= ss[k] * (src.shape[k] - 1), to -= ds[k] * (src.shape[k] - 1);
      index[k] = 0;
    }
  }
}

DType scalarDType(const ScalarValue &value) {
  switch (value.index()) {
  case 0:
    return DType::Bool;
  case 1:
    return DType::Int64;
  case 2:
    return std::get<std::uint64_t>(value) > static_cast<std::uint64_t>(INT64_MAX) ? DType::UInt64
                                                                                   : DType::Int64;
  case 3:
    return DType::Float64;
  default:
    return DType::Complex128;
  }
}

void castScalar(const ScalarValue &value, DType to, void *dst, const std::string &what) {
  Value v;
  if (const bool *b = std::get_if<bool>(&value)) {
    v.s = *b;
    write(v, to, dst);
    return;
  }
  if (const auto *z = std::get_if<std::complex<double>>(&value)) {
    if (!isComplexDType(to))
      throw Error(fmt::format("{}: the complex value {} cannot be converted to {} (it would drop "
                              "the imaginary part)",
                              what, toString(value), dtypeName(to)));
    v.kind = Value::Kind::Complex, v.z = *z;
    write(v, to, dst);
    return;
  }
  const bool isInteger = !std::holds_alternative<double>(value);
  if (isInteger) {
    if (const auto *s = std::get_if<std::int64_t>(&value))
      v.kind = Value::Kind::Signed, v.s = *s;
    else
      v.kind = Value::Kind::Unsigned, v.u = std::get<std::uint64_t>(value);
  } else {
    const double x = std::get<double>(value);
    v.kind = Value::Kind::Real, v.z = x;
    if (isIntegerDType(to)) {
      if (std::isnan(x) || std::isinf(x))
        throw Error(fmt::format("{}: cannot convert float {} to integer ({})", what,
                                std::isnan(x) ? "NaN" : "infinity", dtypeName(to)));
      const double t = std::trunc(x);
      if (t >= -9223372036854775808.0 && t < 9223372036854775808.0)
        v.kind = Value::Kind::Signed, v.s = static_cast<std::int64_t>(t);
      else if (t >= 0 && t < 18446744073709551616.0)
        v.kind = Value::Kind::Unsigned, v.u = static_cast<std::uint64_t>(t);
      else
        throw Error(fmt::format("{}: {} is out of bounds for {}", what, toString(value),
                                dtypeName(to)));
    }
  }
  if (isIntegerDType(to)) {
    // The value's range check, as NumPy 2 refuses a Python integer that does not fit.
    const std::size_t bits = dtypeSize(to) * 8;
    bool fits;
    if (isSignedDType(to)) {
      const std::int64_t lo = bits == 64 ? INT64_MIN : -(std::int64_t(1) << (bits - 1));
      const std::int64_t hi = bits == 64 ? INT64_MAX : (std::int64_t(1) << (bits - 1)) - 1;
      fits = v.kind == Value::Kind::Signed ? v.s >= lo && v.s <= hi
                                           : v.u <= static_cast<std::uint64_t>(hi);
    } else {
      const std::uint64_t hi = bits == 64 ? UINT64_MAX : (std::uint64_t(1) << bits) - 1;
      fits = v.kind == Value::Kind::Signed ? v.s >= 0 && static_cast<std::uint64_t>(v.s) <= hi
                                           : v.u <= hi;
    }
    if (!fits)
      throw Error(fmt::format("{}: {} {} out of bounds for {}", what,
                              isInteger ? "Python integer" : "the value", toString(value),
                              dtypeName(to)));
  }
  write(v, to, dst);
}

} // namespace nvc::rt
