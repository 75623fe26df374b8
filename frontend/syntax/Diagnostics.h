//===- Diagnostics.h - Source files and compiler diagnostics ---------------===//
//
// Every message nvc prints about a kernel source goes through here, in the
// format of clang and gcc so that editors and CI log parsers pick it up:
//
//   kernel.py:4:13: error: unknown attribute 'gridd' of module 'cuda'
//       i = cuda.gridd(1)
//               ^
//
// A stage that finds a fatal problem throws CompileError. Type inference
// recovers at statement level and throws every independent error of a
// function at once (CompileErrors), as clang reports every error of a file;
// the lexer, the parser and MLIR generation stop at the first. Warnings are
// collected and may be promoted to errors with -Werror or silenced with
// -Wno-<flag>.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_DIAGNOSTICS_H
#define NVC_FRONTEND_DIAGNOSTICS_H

#include "frontend/syntax/AST.h"

#include <exception>
#include <iosfwd>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace nvc {

/// The text of one source file and the byte offset of each line, for
/// printing source lines under diagnostics.
class SourceFile {
public:
  /// `path` is used verbatim in diagnostics; `text` is the whole file.
  SourceFile(std::string path, std::string text);
  const std::string &path() const { return path_; }
  const std::string &text() const { return text_; }
  /// Line `line` (1-based) without its line terminator; empty if out of range.
  std::string_view line(uint32_t line) const;

private:
  std::string path_;
  std::string text_;
  std::vector<size_t> lineStarts_;
};

/// A fatal error in the kernel source at `loc`. Thrown by the lexer, parser,
/// type inference and MLIR generation; caught by the driver, which prints it
/// with DiagnosticEngine::error and exits with status 1. `file` is the file
/// `loc` is in when that is not the file being compiled (an imported helper
/// module); whoever knows the file sets it on the way out.
class CompileError : public std::exception {
public:
  CompileError(ast::Location loc, std::string message)
      : loc(loc), message(std::move(message)) {}
  const char *what() const noexcept override { return message.c_str(); }
  ast::Location loc;
  std::string message;
  const class SourceFile *file = nullptr;
};

/// Several independent errors of one function, in the order they were found
/// (source order within a function): type inference goes on with the next
/// statement after an error, leaving what the failed statement assigns
/// untyped, and throws them all when the function is done. Never empty.
class CompileErrors : public std::exception {
public:
  explicit CompileErrors(std::vector<CompileError> errors) : errors(std::move(errors)) {}
  const char *what() const noexcept override { return errors.front().what(); }
  std::vector<CompileError> errors;
};

enum class Severity { Error, Warning, Note };

/// "error", "warning" or "note": the label of the text format, GCC's JSON
/// `kind` and SARIF's `level`.
const char *severityName(Severity severity);

/// One diagnostic as printed, for the machine-readable formats
/// (-fdiagnostics-format=json|sarif): `line` 0 when it has no location (an
/// option error: `file` empty then too); `flag` the warning group, also of
/// a warning -Werror made an error.
struct DiagnosticRecord {
  Severity severity;
  std::string message;
  std::string flag;
  std::string file;
  uint32_t line = 0;
  uint32_t col = 0;
};

/// Prints diagnostics for one source file to a stream and counts errors.
class DiagnosticEngine {
public:
  DiagnosticEngine(const SourceFile &file, std::ostream &out) : file_(file), out_(out) {}

  /// Treat warnings as errors (-Werror).
  void setWarningsAsErrors(bool on) { werror_ = on; }
  /// Silence warnings of group `flag` (-Wno-<flag>).
  void disableWarning(std::string flag) { disabled_.insert(std::move(flag)); }
  /// Silence every warning (-w, as GCC and Clang).
  void suppressWarnings(bool on) { suppressed_ = on; }
  /// No warnings about code in `file` (code nvc wrote itself, such as the
  /// kernels of ufuncs: the user cannot act on them).
  void suppressWarningsIn(const SourceFile *file) { quietFiles_.insert(file); }
  /// Colour the text as Clang does on a terminal (-fcolor-diagnostics).
  void setColor(bool on) { color_ = on; }

  /// `file` is the file `loc` is in, when not the one being compiled.
  void error(ast::Location loc, std::string_view message, const SourceFile *file = nullptr);
  /// A warning of group `flag` (printed as `[-W<flag>]`, as clang does).
  void warning(ast::Location loc, std::string_view message, std::string_view flag,
               const SourceFile *file = nullptr);
  void note(ast::Location loc, std::string_view message, const SourceFile *file = nullptr);
  /// An error of the command line, not of a source: `nvc: error: <message>`.
  void optionError(std::string_view message);

  /// Every diagnostic printed so far, in order.
  const std::vector<DiagnosticRecord> &records() const { return records_; }

  unsigned errorCount() const { return errors_; }
  unsigned warningCount() const { return warnings_; }

private:
  void emit(Severity severity, ast::Location loc, std::string_view message,
            std::string_view flag, const SourceFile *file);

  const SourceFile &file_;
  std::ostream &out_;
  bool werror_ = false;
  bool suppressed_ = false;
  bool color_ = false;
  std::vector<DiagnosticRecord> records_;
  std::set<std::string, std::less<>> disabled_;
  std::set<const SourceFile *> quietFiles_;
  unsigned errors_ = 0;
  unsigned warnings_ = 0;
};

} // namespace nvc

#endif // NVC_FRONTEND_DIAGNOSTICS_H
