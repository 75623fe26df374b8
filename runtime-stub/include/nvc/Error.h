// nvc::rt::Error, the one exception type of the nvc runtime stub. Every failure the
// runtime detects — malformed files, manifest violations, argument mismatches, values
// that do not fit a narrowed type, missing device features, exceeded device limits and
// failing Vulkan calls — is reported by throwing an Error whose what() is a complete,
// human-readable sentence naming the offending file, argument or limit.
#pragma once

#include <stdexcept>
#include <string>

namespace nvc::rt {

/// The exception thrown by every function of the nvc runtime for any detected error.
/// what() holds a self-contained message (no trailing newline) suitable for printing
/// to a user as-is.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace nvc::rt
