// The Arguments container: named host arrays and scalars for one launch, refusing a
// name given twice.
#include "nvc/Arguments.h"

#include "nvc/Error.h"

#include <fmt/format.h>

namespace nvc::rt {

std::string toString(const ScalarValue &value) {
  return std::visit(
      [](auto v) -> std::string {
        using T = decltype(v);
        if constexpr (std::is_same_v<T, bool>)
          return v ? "true" : "false";
        else
          return fmt::format("{}", v);
      },
      value);
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
