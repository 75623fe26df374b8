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

void DiagnosticEngine::warning(ast::Location loc, std::string_view message,
                               std::string_view flag, const SourceFile *file) {
  if (suppressed_ || disabled_.count(flag))
    return;
  emit(werror_ ? Severity::Error : Severity::Warning, loc, message, flag, file);
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
  const char *label = severity == Severity::Error     ? "error"
                      : severity == Severity::Warning ? "warning"
                                                      : "note";
  if (severity == Severity::Error)
    ++errors_;
  else if (severity == Severity::Warning)
    ++warnings_;
  std::string suffix;
  if (!flag.empty())
    suffix = fmt::format(" [{}{}]", werror_ ? "-Werror,-W" : "-W", flag);
  if (loc.line == 0) {
    out_ << fmt::format("{}: {}: {}{}\n", src.path(), label, message, suffix);
    return;
  }
  out_ << fmt::format("{}:{}:{}: {}: {}{}\n", src.path(), loc.line, loc.col, label, message,
                      suffix);
  std::string_view text = src.line(loc.line);
  out_ << text << '\n';
  std::string caret;
  for (uint32_t i = 1; i < loc.col && i - 1 < text.size(); ++i)
    caret += text[i - 1] == '\t' ? '\t' : ' ';
  out_ << caret << "^\n";
}

} // namespace nvc
