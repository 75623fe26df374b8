// Arguments: the values a caller passes to one kernel launch, by parameter name —
// host arrays (HostArray views) and scalars (ScalarValue). The set is checked against
// the entry point's manifest only when it is bound (BoundArguments::bind), so one
// Arguments object can be reused for several launches.
#pragma once

#include "nvc/HostArray.h"

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace nvc::rt {

/// A scalar argument as the caller has it: a bool, a signed or unsigned 64-bit
/// integer, a double or a complex number. It is converted to the manifest's `dtype`
/// when bound; values that do not fit that type, or the narrower `device_dtype`, are
/// refused then. Real values bind to complex parameters (imaginary part 0); complex
/// values bind only to complex parameters.
using ScalarValue = std::variant<bool, std::int64_t, std::uint64_t, double, std::complex<double>>;

/// A human-readable rendering of a scalar ("true", "-3", "2.5", complex numbers as
/// Python writes them: "(1.5-2j)").
std::string toString(const ScalarValue &value);

/// Parses a complex number in the forms Python's complex() accepts: "1.5+2j",
/// "(1.5-2j)", "3j", "-j", "1e3+2.5e-1J", "inf-nanj", and plain reals ("2.5", "(2.5)")
/// with imaginary part 0. Hexadecimal numbers, whitespace and digit separators are
/// not accepted. Returns std::nullopt for text in any other form; throws Error if a
/// part is out of the float64 range ("1e999j").
std::optional<std::complex<double>> parseComplexLiteral(std::string_view text);

/// One named argument: an array view or a scalar.
struct ArgumentValue {
  std::string name;
  std::variant<HostArray, ScalarValue> value;

  /// True for a HostArray, false for a ScalarValue.
  bool isArray() const { return value.index() == 0; }
};

/// The named arguments of one launch, in the order they were set.
class Arguments {
public:
  /// Passes a host array for parameter `name`. The memory must stay valid until the
  /// launch returns; arrays the kernel writes are copied back into it.
  /// Throws Error if `name` was already given.
  Arguments &array(const std::string &name, const HostArray &array);

  /// Passes a scalar for parameter `name`. Throws Error if `name` was already given.
  Arguments &scalar(const std::string &name, const ScalarValue &value);

  /// Convenience overload for any C++ arithmetic type (int, float, std::size_t, …),
  /// stored as int64, uint64, double or bool.
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  Arguments &scalar(const std::string &name, T value) {
    if constexpr (std::is_same_v<T, bool>)
      return scalar(name, ScalarValue(value));
    else if constexpr (std::is_floating_point_v<T>)
      return scalar(name, ScalarValue(static_cast<double>(value)));
    else if constexpr (std::is_signed_v<T>)
      return scalar(name, ScalarValue(static_cast<std::int64_t>(value)));
    else
      return scalar(name, ScalarValue(static_cast<std::uint64_t>(value)));
  }

  /// Convenience overload for std::complex<float> and std::complex<double>, stored as
  /// std::complex<double>.
  template <class T> Arguments &scalar(const std::string &name, std::complex<T> value) {
    return scalar(name, ScalarValue(std::complex<double>(value)));
  }

  /// The arguments in the order they were given.
  const std::vector<ArgumentValue> &values() const { return values_; }

  /// The argument called `name`, or nullptr.
  const ArgumentValue *find(const std::string &name) const;

private:
  void add(ArgumentValue value);
  std::vector<ArgumentValue> values_;
};

} // namespace nvc::rt
