// The runtime's environment switches.
#include "Environment.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace nvc::rt::detail {

std::optional<bool> environmentSwitch(const char *name) {
  const char *value = std::getenv(name);
  if (!value)
    return std::nullopt;
  std::string v(value);
  for (char &ch : v)
    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (v == "1" || v == "true" || v == "on" || v == "yes")
    return true;
  if (v == "0" || v == "false" || v == "off" || v == "no")
    return false;
  return std::nullopt;
}

} // namespace nvc::rt::detail
