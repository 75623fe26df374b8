// nvc::rt::Error, the one exception type of the nvc runtime stub. Every failure the
// runtime detects — malformed files, manifest violations, argument mismatches, values
// that do not fit a narrowed type, missing device features, exceeded device limits and
// failing Vulkan calls — is reported by throwing an Error whose what() is a complete,
// human-readable sentence naming the offending file, argument or limit.
#pragma once

#include <array>
#include <cstdint>
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

/// An exception a kernel raised on the device (docs/language.md "Errors"): thrown by
/// the launch that ran it, after the launch's outputs were copied back (the other
/// invocations ran to completion), or for launches that do not wait (Chain::run) by
/// the synchronisation that finds it. what() is two lines, as numba-vulkan reports it:
///   ValueError: log of a non-positive number
///   raised in Vulkan kernel 'kernel', in checked_log at example.py:4 (global id (5, 0, 0))
class KernelError : public Error {
public:
  KernelError(std::string type, std::string message, std::string kernel, std::string function,
              std::string file, std::uint32_t line, std::uint32_t column,
              std::array<std::uint32_t, 3> globalId);
  /// The exception class's name ("ValueError", a class of the kernel's file).
  const std::string &type() const { return type_; }
  /// str() of the exception: its message, "" when raised without arguments.
  const std::string &message() const { return message_; }
  /// The entry point that was launched.
  const std::string &kernel() const { return kernel_; }
  /// Where it was raised: the Python function (a device function the kernel calls,
  /// or the kernel), its file and its 1-based line and column.
  const std::string &function() const { return function_; }
  const std::string &file() const { return file_; }
  std::uint32_t line() const { return line_; }
  std::uint32_t column() const { return column_; }
  /// The raising invocation's global id along x, y, z.
  const std::array<std::uint32_t, 3> &globalId() const { return globalId_; }

private:
  std::string type_, message_, kernel_, function_, file_;
  std::uint32_t line_, column_;
  std::array<std::uint32_t, 3> globalId_;
};

} // namespace nvc::rt
