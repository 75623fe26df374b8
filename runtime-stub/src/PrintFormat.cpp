// Python's formatting of the values kernels print (PrintFormat.h).
#include "PrintFormat.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>

namespace nvc::rt::detail {

namespace {

/// The shortest round-trip digits of a finite nonzero |v| and its decimal
/// exponent: v = 0.d1d2d3... × 10^(exponent + 1), i.e. d1.d2d3... × 10^exponent.
void shortestDigits(double v, bool float32, std::string &digits, int &exponent) {
  char buf[64];
  std::to_chars_result r =
      float32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v),
                              std::chars_format::scientific)
              : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
  std::size_t e = text.find('e');
  digits.clear();
  for (char c : text.substr(0, e))
    if (c >= '0' && c <= '9')
      digits += c;
  exponent = std::atoi(std::string(text.substr(e + 1)).c_str());
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
}

} // namespace

std::string formatFloat(double v, bool float32) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  const std::string sign = std::signbit(v) ? "-" : "";
  if (v == 0)
    return sign + "0.0";
  std::string digits;
  int exp = 0;
  shortestDigits(std::fabs(v), float32, digits, exp);
  if (exp >= -4 && exp < 16) {
    std::string text;
    if (exp >= 0) {
      std::string whole = digits.substr(0, std::min<std::size_t>(digits.size(), exp + 1));
      whole.append(static_cast<std::size_t>(exp + 1) - whole.size(), '0');
      std::string frac = digits.size() > static_cast<std::size_t>(exp + 1)
                             ? digits.substr(static_cast<std::size_t>(exp + 1))
                             : "0";
      text = whole + "." + frac;
    } else {
      text = "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
    }
    return sign + text;
  }
  std::string mantissa = digits.substr(0, 1);
  if (digits.size() > 1)
    mantissa += "." + digits.substr(1);
  char expText[16];
  std::snprintf(expText, sizeof expText, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
  return sign + mantissa + expText;
}

std::string formatComplex(double re, double im, bool float32) {
  auto part = [&](double v) {
    std::string t = formatFloat(v, float32);
    if (t.size() > 2 && t.compare(t.size() - 2, 2, ".0") == 0)
      t.resize(t.size() - 2);
    return t;
  };
  if (re == 0 && !std::signbit(re))
    return part(im) + "j";
  const bool negative = !std::isnan(im) && std::signbit(im);
  return "(" + part(re) + (negative ? "-" : "+") + part(std::isnan(im) ? im : std::fabs(im)) +
         "j)";
}

std::string formatRecord(const PrintRecordDesc &record, const std::uint32_t *values) {
  std::string line;
  std::size_t w = 0;
  auto u64 = [&]() {
    std::uint64_t lo = values[w], hi = values[w + 1];
    w += 2;
    return lo | (hi << 32);
  };
  auto f64 = [&]() {
    std::uint64_t bits = u64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  };
  auto f32 = [&]() {
    float f;
    std::memcpy(&f, &values[w++], sizeof f);
    return static_cast<double>(f);
  };
  for (const PrintPieceDesc &p : record.pieces) {
    if (!p.dtype) {
      line += p.text;
      continue;
    }
    switch (*p.dtype) {
    case DType::Bool: line += values[w++] ? "True" : "False"; break;
    case DType::Int8:
    case DType::Int16:
    case DType::Int32: line += std::to_string(static_cast<std::int32_t>(values[w++])); break;
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32: line += std::to_string(values[w++]); break;
    case DType::Int64: line += std::to_string(static_cast<std::int64_t>(u64())); break;
    case DType::UInt64: line += std::to_string(u64()); break;
    case DType::Float16: // (kernels send a float16 as its float32 value)
    case DType::Float32: line += formatFloat(f32(), true); break;
    case DType::Float64: line += formatFloat(f64(), false); break;
    case DType::Complex64: {
      double re = f32(), im = f32();
      line += formatComplex(re, im, true);
      break;
    }
    case DType::Complex128: {
      double re = f64(), im = f64();
      line += formatComplex(re, im, false);
      break;
    }
    default: line += "?"; break;
    }
  }
  return line;
}

} // namespace nvc::rt::detail
