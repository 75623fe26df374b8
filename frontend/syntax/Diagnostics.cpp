//===- Diagnostics.cpp - Source files and compiler diagnostics -------------===//
//
// Formats `file:line:col: severity: message`, the source line and a caret
// under the column. Tabs in the source line are kept in the caret line so
// the caret lines up whatever the terminal's tab width.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Diagnostics.h"
#include "frontend/syntax/Rebindings.h"

#include <fmt/format.h>

#include <ostream>

namespace nvc {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    // \r\n, \n and a lone \r each end a line (as Python's universal newlines).
    if (text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n')
      ++i;
    if (text_[i] == '\n' || text_[i] == '\r')
      lineStarts_.push_back(i + 1);
  }
}

std::string_view SourceFile::line(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = line < lineStarts_.size() ? lineStarts_[line] : text_.size();
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r'))
    --end;
  return std::string_view(text_).substr(begin, end - begin);
}

void DiagnosticEngine::error(ast::Location loc, std::string_view message,
                             const SourceFile *file) {
  emit(Severity::Error, loc, message, {}, file);
}

const char *severityName(Severity severity) {
  return severity == Severity::Error     ? "error"
         : severity == Severity::Warning ? "warning"
                                         : "note";
}

void DiagnosticEngine::warning(ast::Location loc, std::string_view message,
                               std::string_view flag, const SourceFile *file) {
  if (suppressed_ || disabled_.count(flag) || (file && quietFiles_.count(file)))
    return;
  emit(werror_ ? Severity::Error : Severity::Warning, loc, message, flag, file);
}

void DiagnosticEngine::optionError(std::string_view message) {
  ++errors_;
  records_.push_back({Severity::Error, std::string(message), "", "", 0, 0});
  out_ << fmt::format("{}nvc: {}error:{} {}{}{}\n", color_ ? "\033[1m" : "",
                      color_ ? "\033[1;31m" : "", color_ ? "\033[0m" : "",
                      color_ ? "\033[1m" : "", message, color_ ? "\033[0m" : "");
}

void DiagnosticEngine::note(ast::Location loc, std::string_view message,
                            const SourceFile *file) {
  emit(Severity::Note, loc, message, {}, file);
}

void DiagnosticEngine::emit(Severity severity, ast::Location loc, std::string_view rawMessage,
                            std::string_view flag, const SourceFile *file) {
  const SourceFile &src = file ? *file : file_;
  // Variables split by renameRebindings are named as the source names them.
  const std::string message = displayName(rawMessage);
  const char *label = severityName(severity);
  // The same message at the same place once: code compiled more than once
  // (a literal_unroll loop's copies, a device function's specialisations)
  // would repeat it word for word.
  for (const DiagnosticRecord &r : records_)
    if (r.severity == severity && r.line == loc.line && r.col == loc.col && r.message == message &&
        r.file == src.path())
      return;
  if (severity == Severity::Error)
    ++errors_;
  else if (severity == Severity::Warning)
    ++warnings_;
  records_.push_back({severity, message, std::string(flag), src.path(), loc.line, loc.col});
  std::string suffix;
  if (!flag.empty())
    suffix = fmt::format(" [{}{}]", werror_ ? "-Werror,-W" : "-W", flag);
  // Clang's colours: the location and the message bold, the label red
  // (error), magenta (warning) or cyan (note), the caret green.
  const char *bold = color_ ? "\033[1m" : "", *reset = color_ ? "\033[0m" : "";
  const char *labelColor = !color_                          ? ""
                           : severity == Severity::Error   ? "\033[1;31m"
                           : severity == Severity::Warning ? "\033[1;35m"
                                                           : "\033[1;36m";
  std::string where = loc.line == 0 ? src.path()
                                    : fmt::format("{}:{}:{}", src.path(), loc.line, loc.col);
  out_ << fmt::format("{}{}: {}{}:{} {}{}{}{}\n", bold, where, labelColor, label, reset, bold,
                      message, suffix, reset);
  if (loc.line == 0)
    return;
  std::string_view text = src.line(loc.line);
  out_ << text << '\n';
  std::string caret;
  for (uint32_t i = 1; i < loc.col && i - 1 < text.size(); ++i)
    caret += text[i - 1] == '\t' ? '\t' : ' ';
  out_ << caret << (color_ ? "\033[1;32m^\033[0m\n" : "^\n");
}

} // namespace nvc
