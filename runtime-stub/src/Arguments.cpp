// The Arguments container: named host arrays and scalars for one launch, refusing a
// name given twice.
#include "nvc/Arguments.h"

#include "nvc/Error.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace nvc::rt {
namespace {

/// `text` as a float64 if strtod reads all of it, else std::nullopt.
std::optional<double> parseReal(std::string_view text) {
  if (text.empty())
    return std::nullopt;
  const std::string s(text);
  char *end = nullptr;
  errno = 0;
  const double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size())
    return std::nullopt;
  if (errno == ERANGE && std::isinf(d))
    throw Error(fmt::format("the number {} is out of the float64 range", s));
  return d;
}

} // namespace

std::string toString(const ScalarValue &value) {
  return std::visit(
      [](auto v) -> std::string {
        using T = decltype(v);
        if constexpr (std::is_same_v<T, bool>)
          return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::complex<double>>)
          return fmt::format("({}{}{}j)", v.real(), std::signbit(v.imag()) ? "-" : "+",
                             std::fabs(v.imag()));
        else
          return fmt::format("{}", v);
      },
      value);
}

std::optional<std::complex<double>> parseComplexLiteral(std::string_view text) {
  if (text.size() >= 2 && text.front() == '(' && text.back() == ')')
    text = text.substr(1, text.size() - 2);
  // strtod would also read hexadecimal numbers, leading whitespace and "nan(…)".
  if (text.empty() || text.find_first_of("xX()_ \t\n\r\f\v") != std::string_view::npos)
    return std::nullopt;
  if (text.back() != 'j' && text.back() != 'J') {
    const std::optional<double> re = parseReal(text);
    return re ? std::optional<std::complex<double>>(std::complex<double>(*re, 0.0)) : std::nullopt;
  }
  const std::string_view body = text.substr(0, text.size() - 1);
  // The imaginary part starts at the last sign that is neither the first character nor
  // an exponent's sign ("1e-3+2e+1j" splits before "+2e+1").
  std::size_t split = 0;
  for (std::size_t i = body.size(); i-- > 1;)
    if ((body[i] == '+' || body[i] == '-') && body[i - 1] != 'e' && body[i - 1] != 'E') {
      split = i;
      break;
    }
  double re = 0;
  if (split > 0) {
    const std::optional<double> r = parseReal(body.substr(0, split));
    if (!r)
      return std::nullopt;
    re = *r;
  }
  const std::string_view imText = body.substr(split);
  double im = 0;
  if (imText.empty() || imText == "+")
    im = 1; // "j", "1+j"
  else if (imText == "-")
    im = -1; // "-j", "1-j"
  else if (const std::optional<double> i = parseReal(imText))
    im = *i;
  else
    return std::nullopt;
  return std::complex<double>(re, im);
}

Arguments &Arguments::array(const std::string &name, const HostArray &array) {
  add(ArgumentValue{name, array});
  return *this;
}

Arguments &Arguments::scalar(const std::string &name, const ScalarValue &value) {
  add(ArgumentValue{name, value});
  return *this;
}

const ArgumentValue *Arguments::find(const std::string &name) const {
  for (const ArgumentValue &v : values_)
    if (v.name == name)
      return &v;
  return nullptr;
}

void Arguments::add(ArgumentValue value) {
  if (value.name.empty())
    throw Error("argument name is empty");
  if (find(value.name))
    throw Error(fmt::format("argument '{}' given more than once", value.name));
  values_.push_back(std::move(value));
}

} // namespace nvc::rt
