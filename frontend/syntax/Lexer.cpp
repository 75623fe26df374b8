//===- Lexer.cpp - Tokenizer for the Python kernel subset -----------------===//
//
// A hand-written tokenizer with the semantics of CPython's: the whole file is
// first checked to be UTF-8 without NUL bytes (a leading BOM is skipped and
// does not count in columns); then each physical line is scanned, producing
// NEWLINE at the end of every logical line that has tokens, INDENT/DEDENT from
// an indentation stack (blank and comment-only lines do not count, lines
// inside brackets or after a backslash continuation neither), and the
// operator, name, keyword, number and string tokens of the line. Indentation
// is measured twice, with tab stops of 8 and of 1, and the two measures must
// order the lines the same way, otherwise the file mixes tabs and spaces
// inconsistently. Number literals follow CPython's rules for `_` separators,
// prefixes and leading zeros; string literals have their escapes decoded
// (except raw ones) and their newlines normalized to '\n'. f-strings and bytes
// literals are lexed raw and marked for the parser to refuse (module-level host
// code may hold them); `\N{...}` escapes are rejected here. Every token and
// every error carries the 1-based line and byte column of its first character.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Lexer.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace nvc {
namespace {

using ast::Location;

constexpr std::string_view kKeywords[] = {
    "False",  "None",   "True",    "and",      "as",       "assert", "async",
    "await",  "break",  "class",   "continue", "def",      "del",    "elif",
    "else",   "except", "finally", "for",      "from",     "global", "if",
    "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
    "pass",   "raise",  "return",  "try",      "while",    "with",   "yield",
};

bool isKeyword(std::string_view word) {
  return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isAsciiIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isNewlineChar(char c) { return c == '\n' || c == '\r'; }

/// Length of the well-formed UTF-8 sequence at `s[i]` (no overlong forms,
/// surrogates or code points above U+10FFFF), or 0 if there is none.
size_t utf8SequenceLength(std::string_view s, size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80)
    return 1;
  size_t n;
  uint32_t cp, min;
  if ((c & 0xE0) == 0xC0) {
    n = 2, cp = c & 0x1F, min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3, cp = c & 0x0F, min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size())
    return 0;
  for (size_t k = 1; k < n; ++k) {
    auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

/// Decodes the (already validated) UTF-8 sequence at `s[i]`.
uint32_t decodeUtf8(std::string_view s, size_t i, size_t &len) {
  len = utf8SequenceLength(s, i);
  auto c = static_cast<unsigned char>(s[i]);
  if (len <= 1)
    return c;
  uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < len; ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Non-ASCII code points that are never part of a name: invisible spaces and
/// format characters, which CPython calls non-printable.
bool isInvisibleCodePoint(uint32_t cp) {
  return cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
         (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF;
}

/// Non-ASCII code points that are not accepted in names although every other
/// non-ASCII letter is: the General Punctuation block (typographic quotes,
/// dashes, ellipsis — typical of code pasted from documents).
bool isExcludedFromNames(uint32_t cp) {
  return isInvisibleCodePoint(cp) || (cp >= 0x2000 && cp <= 0x206F);
}

// Operators and delimiters, longest first within each group.
constexpr std::string_view kThreeCharOps[] = {"**=", "//=", ">>=", "<<=", "..."};
constexpr std::string_view kTwoCharOps[] = {"**", "//", "<<", ">>", "<=", ">=", "==",
                                            "!=", "->", ":=", "+=", "-=", "*=", "/=",
                                            "%=", "@=", "&=", "|=", "^="};
constexpr std::string_view kOneCharOps = "+-*/%@&|^~<>=()[]{},:.;";

// Keywords that may directly follow a number literal (`1if x else 2`), as
// CPython still accepts.
constexpr std::string_view kKeywordsAfterNumber[] = {"and", "else", "for", "if",
                                                     "in",  "is",   "not", "or"};

class Lexer {
public:
  explicit Lexer(std::string_view src) : src_(src) {}
  std::vector<Token> run();

private:
  struct OpenBracket {
    char c;
    Location loc;
  };

  Location here() const { return {line_, static_cast<uint32_t>(pos_ - lineStart_ + 1)}; }
  bool atEnd() const { return pos_ >= src_.size(); }
  /// The current byte; '\0' at the end (NUL bytes are rejected up front).
  char cur() const { return pos_ < src_.size() ? src_[pos_] : '\0'; }
  char ahead(size_t n) const { return pos_ + n < src_.size() ? src_[pos_ + n] : '\0'; }
  void consumeNewline() {
    if (cur() == '\r' && ahead(1) == '\n')
      ++pos_;
    ++pos_;
    ++line_;
    lineStart_ = pos_;
  }
  [[noreturn]] static void error(Location loc, std::string message) {
    throw CompileError(loc, std::move(message));
  }
  void emit(TokenKind kind, std::string text, Location loc) {
    if (kind != TokenKind::Indent && kind != TokenKind::Dedent && kind != TokenKind::Newline &&
        kind != TokenKind::EndOfFile)
      lineHasTokens_ = true;
    tokens_.push_back(Token{kind, std::move(text), loc, {}});
  }

  size_t identCharLength(size_t at) const;
  void validateEncoding() const;
  void startLine();
  void lexNameOrPrefixedString();
  void lexNumber();
  void lexDecimalDigits(Location start, const char *message);
  void verifyEndOfNumber(Location start, const char *message);
  void lexString(Location start, bool raw);
  void lexEscape(std::string &value, Location escapeLoc);
  void lexOperator();
  [[noreturn]] void invalidCharacter() const;

  std::string_view src_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t lineStart_ = 0;
  bool atLineStart_ = true;
  bool lineHasTokens_ = false;
  std::vector<uint32_t> indents_{0};    ///< columns with tab stops of 8
  std::vector<uint32_t> altIndents_{0}; ///< columns with tab stops of 1
  std::vector<OpenBracket> brackets_;
  std::vector<Token> tokens_;
};

/// Number of bytes of the character at `at` if it can be part of a name
/// (ASCII letters, digits, `_` and non-ASCII characters), 0 otherwise.
size_t Lexer::identCharLength(size_t at) const {
  if (at >= src_.size())
    return 0;
  char c = src_[at];
  if (isAsciiIdentStart(c) || isDigit(c))
    return 1;
  if (static_cast<unsigned char>(c) < 0x80)
    return 0;
  size_t len;
  uint32_t cp = decodeUtf8(src_, at, len);
  return isExcludedFromNames(cp) ? 0 : len;
}

void Lexer::validateEncoding() const {
  uint32_t line = 1;
  size_t lineStart = 0;
  for (size_t i = 0; i < src_.size();) {
    char c = src_[i];
    Location loc{line, static_cast<uint32_t>(i - lineStart + 1)};
    if (c == '\0')
      error(loc, "source code cannot contain null bytes");
    if (isNewlineChar(c)) {
      if (c == '\r' && i + 1 < src_.size() && src_[i + 1] == '\n')
        ++i;
      ++i;
      ++line;
      lineStart = i;
      continue;
    }
    size_t len = utf8SequenceLength(src_, i);
    if (len == 0)
      error(loc, "source is not valid UTF-8");
    i += len;
  }
}

/// At the start of a physical line outside brackets: skips blank and
/// comment-only lines, then compares the indentation of the first line with
/// content against the stack and emits INDENT/DEDENT tokens.
void Lexer::startLine() {
  while (true) {
    uint32_t col = 0, altCol = 0;
    for (; !atEnd(); ++pos_) {
      char c = cur();
      if (c == ' ') {
        ++col, ++altCol;
      } else if (c == '\t') {
        col = (col / 8 + 1) * 8;
        ++altCol;
      } else if (c == '\f') {
        col = altCol = 0;
      } else {
        break;
      }
    }
    if (atEnd())
      return;
    if (cur() == '#') {
      while (!atEnd() && !isNewlineChar(cur()))
        ++pos_;
      if (atEnd())
        return;
    }
    if (isNewlineChar(cur())) {
      consumeNewline();
      continue;
    }

    Location loc = here();
    const char *inconsistent = "inconsistent use of tabs and spaces in indentation";
    if (col == indents_.back()) {
      if (altCol != altIndents_.back())
        error(loc, inconsistent);
    } else if (col > indents_.back()) {
      if (altCol <= altIndents_.back())
        error(loc, inconsistent);
      indents_.push_back(col);
      altIndents_.push_back(altCol);
      emit(TokenKind::Indent, "", loc);
    } else {
      while (indents_.size() > 1 && col < indents_.back()) {
        indents_.pop_back();
        altIndents_.pop_back();
        emit(TokenKind::Dedent, "", loc);
      }
      if (col != indents_.back())
        error(loc, "unindent does not match any outer indentation level");
      if (altCol != altIndents_.back())
        error(loc, inconsistent);
    }
    return;
  }
}

std::vector<Token> Lexer::run() {
  validateEncoding();
  while (true) {
    if (atLineStart_) {
      atLineStart_ = false;
      if (brackets_.empty())
        startLine();
    }
    while (cur() == ' ' || cur() == '\t' || cur() == '\f')
      ++pos_;
    if (atEnd())
      break;
    char c = cur();
    if (c == '#') {
      while (!atEnd() && !isNewlineChar(cur()))
        ++pos_;
      continue;
    }
    if (isNewlineChar(c)) {
      Location loc = here();
      consumeNewline();
      if (brackets_.empty()) {
        if (lineHasTokens_)
          emit(TokenKind::Newline, "", loc);
        lineHasTokens_ = false;
        atLineStart_ = true;
      }
      continue;
    }
    if (c == '\\') {
      Location loc = here();
      ++pos_;
      if (atEnd())
        error(loc, "unexpected end of file after line continuation character");
      if (!isNewlineChar(cur()))
        error(loc, "unexpected character after line continuation character");
      consumeNewline();
      if (atEnd())
        error(loc, "unexpected end of file after line continuation character");
      continue;
    }
    if (isDigit(c) || (c == '.' && isDigit(ahead(1))))
      lexNumber();
    else if (c == '"' || c == '\'')
      lexString(here(), /*raw=*/false);
    else if (identCharLength(pos_) > 0)
      lexNameOrPrefixedString();
    else
      lexOperator();
  }

  if (!brackets_.empty()) {
    const OpenBracket &open = brackets_.back();
    error(open.loc, fmt::format("'{}' was never closed", open.c));
  }
  Location end = here();
  if (lineHasTokens_)
    emit(TokenKind::Newline, "", end);
  while (indents_.size() > 1) {
    indents_.pop_back();
    emit(TokenKind::Dedent, "", end);
  }
  emit(TokenKind::EndOfFile, "", end);
  return std::move(tokens_);
}

void Lexer::lexNameOrPrefixedString() {
  Location loc = here();
  size_t start = pos_;
  while (size_t len = identCharLength(pos_))
    pos_ += len;
  std::string_view word = src_.substr(start, pos_ - start);

  if ((cur() == '"' || cur() == '\'') && word.size() <= 2) {
    std::string prefix;
    for (char c : word)
      prefix += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    static constexpr std::string_view kPrefixes[] = {"r", "u", "b", "f", "br", "rb", "fr", "rf"};
    if (std::find(std::begin(kPrefixes), std::end(kPrefixes), prefix) != std::end(kPrefixes)) {
      // f-strings and bytes are lexed (host code at module level may hold
      // them) and refused by the parser where kernel code uses them.
      bool isF = prefix.find('f') != std::string::npos;
      bool isBytes = prefix.find('b') != std::string::npos;
      lexString(loc, /*raw=*/prefix.find('r') != std::string::npos || isF || isBytes);
      if (isF) {
        tokens_.back().unsupported = "f-strings are not allowed in kernels";
        tokens_.back().fstring = !isBytes;
      }
      else if (isBytes)
        tokens_.back().unsupported = "bytes literals are not allowed in kernels";
      return;
    }
  }
  emit(isKeyword(word) ? TokenKind::Keyword : TokenKind::Name, std::string(word), loc);
}

/// Decimal digits with single `_` separators between them.
void Lexer::lexDecimalDigits(Location start, const char *message) {
  while (true) {
    if (isDigit(cur())) {
      ++pos_;
    } else if (cur() == '_') {
      if (!isDigit(ahead(1)))
        error(start, message);
      ++pos_;
    } else {
      return;
    }
  }
}

/// A number must not run into a name (`1abc`, `0x1g`), except for the
/// keywords CPython tolerates there (`1if x else 2`).
void Lexer::verifyEndOfNumber(Location start, const char *message) {
  if (identCharLength(pos_) == 0)
    return;
  size_t end = pos_;
  while (size_t len = identCharLength(end))
    end += len;
  std::string_view word = src_.substr(pos_, end - pos_);
  if (std::find(std::begin(kKeywordsAfterNumber), std::end(kKeywordsAfterNumber), word) !=
      std::end(kKeywordsAfterNumber))
    return;
  error(start, message);
}

void Lexer::lexNumber() {
  Location loc = here();
  size_t start = pos_;
  char c = cur();
  char p = ahead(1);
  if (c == '0' && (p == 'x' || p == 'X' || p == 'o' || p == 'O' || p == 'b' || p == 'B')) {
    int base = (p == 'x' || p == 'X') ? 16 : (p == 'o' || p == 'O') ? 8 : 2;
    const char *name = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
    std::string invalid = fmt::format("invalid {} literal", name);
    auto isBaseDigit = [base](char d) {
      if (base == 16)
        return isHexDigit(d);
      return base == 8 ? (d >= '0' && d <= '7') : (d == '0' || d == '1');
    };
    pos_ += 2;
    size_t digits = 0;
    while (true) {
      if (cur() == '_') {
        if (!isBaseDigit(ahead(1)))
          break;
        ++pos_;
      } else if (isBaseDigit(cur())) {
        ++pos_, ++digits;
      } else {
        break;
      }
    }
    if (base != 16 && isDigit(cur()))
      error(here(), fmt::format("invalid digit '{}' in {} literal", cur(), name));
    if (digits == 0 || cur() == '_')
      error(loc, invalid);
    verifyEndOfNumber(loc, invalid.c_str());
    emit(TokenKind::Int, std::string(src_.substr(start, pos_ - start)), loc);
    return;
  }

  const char *invalid = "invalid decimal literal";
  bool isFloat = false;
  if (c != '.')
    lexDecimalDigits(loc, invalid);
  if (cur() == '.') {
    isFloat = true;
    ++pos_;
    if (isDigit(cur()))
      lexDecimalDigits(loc, invalid);
  }
  if ((cur() == 'e' || cur() == 'E') &&
      (isDigit(ahead(1)) || ((ahead(1) == '+' || ahead(1) == '-') && isDigit(ahead(2))))) {
    isFloat = true;
    pos_ += isDigit(ahead(1)) ? 1 : 2;
    lexDecimalDigits(loc, invalid);
  }
  TokenKind kind = isFloat ? TokenKind::Float : TokenKind::Int;
  if (cur() == 'j' || cur() == 'J') {
    ++pos_;
    kind = TokenKind::Imaginary;
    invalid = "invalid imaginary literal";
  }
  std::string_view text = src_.substr(start, pos_ - start);
  if (kind == TokenKind::Int && text[0] == '0' &&
      text.find_first_not_of("0_") != std::string_view::npos)
    error(loc, "leading zeros in decimal integer literals are not permitted; use an 0o prefix "
               "for octal integers");
  verifyEndOfNumber(loc, invalid);
  emit(kind, std::string(text), loc);
}

/// A string literal whose opening quote is at the current position; `start`
/// is where its prefix (if any) begins.
void Lexer::lexString(Location start, bool raw) {
  char quote = cur();
  bool triple = ahead(1) == quote && ahead(2) == quote;
  pos_ += triple ? 3 : 1;
  const char *unterminated =
      triple ? "unterminated triple-quoted string literal" : "unterminated string literal";
  std::string value;
  while (true) {
    if (atEnd())
      error(start, unterminated);
    char c = cur();
    if (c == quote) {
      if (!triple) {
        ++pos_;
        break;
      }
      if (ahead(1) == quote && ahead(2) == quote) {
        pos_ += 3;
        break;
      }
      value += c;
      ++pos_;
      continue;
    }
    if (isNewlineChar(c)) {
      if (!triple)
        error(start, unterminated);
      consumeNewline();
      value += '\n';
      continue;
    }
    if (c == '\\') {
      Location escapeLoc = here();
      ++pos_;
      if (atEnd())
        continue; // reported as unterminated
      if (!raw) {
        lexEscape(value, escapeLoc);
        continue;
      }
      // Raw strings keep the backslash and the character after it, which
      // cannot end the literal.
      value += '\\';
      if (isNewlineChar(cur())) {
        consumeNewline();
        value += '\n';
      } else {
        value += cur();
        ++pos_;
      }
      continue;
    }
    value += c;
    ++pos_;
  }
  emit(TokenKind::String, std::move(value), start);
}

/// Decodes the escape sequence whose backslash is at `escapeLoc`; the
/// current position is just after the backslash.
void Lexer::lexEscape(std::string &value, Location escapeLoc) {
  char e = cur();
  auto hexEscape = [&](int digits, const char *name) {
    uint32_t cp = 0;
    for (int k = 1; k <= digits; ++k) {
      char h = ahead(k);
      if (!isHexDigit(h))
        error(escapeLoc, fmt::format("truncated {} escape", name));
      cp = cp * 16 + (isDigit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
    }
    if (cp > 0x10FFFF)
      error(escapeLoc, "illegal Unicode character in escape sequence");
    pos_ += digits + 1;
    appendUtf8(value, cp);
  };
  switch (e) {
  case '\n':
  case '\r':
    consumeNewline(); // backslash-newline joins the lines
    return;
  case '\\': value += '\\'; break;
  case '\'': value += '\''; break;
  case '"': value += '"'; break;
  case 'a': value += '\a'; break;
  case 'b': value += '\b'; break;
  case 'f': value += '\f'; break;
  case 'n': value += '\n'; break;
  case 'r': value += '\r'; break;
  case 't': value += '\t'; break;
  case 'v': value += '\v'; break;
  case 'x': hexEscape(2, "\\xXX"); return;
  case 'u': hexEscape(4, "\\uXXXX"); return;
  case 'U': hexEscape(8, "\\UXXXXXXXX"); return;
  case 'N':
    error(escapeLoc, "unsupported Python construct: named Unicode escapes ('\\N{...}') are "
                     "not allowed in kernels");
  default:
    if (e >= '0' && e <= '7') {
      uint32_t cp = 0;
      for (int k = 0; k < 3 && cur() >= '0' && cur() <= '7'; ++k, ++pos_)
        cp = cp * 8 + (cur() - '0');
      appendUtf8(value, cp);
      return;
    }
    // An unknown escape keeps its backslash, as in CPython.
    value += '\\';
    return;
  }
  ++pos_;
}

void Lexer::lexOperator() {
  Location loc = here();
  std::string_view rest = src_.substr(pos_);
  for (std::string_view op : kThreeCharOps)
    if (rest.substr(0, 3) == op) {
      pos_ += 3;
      emit(TokenKind::Op, std::string(op), loc);
      return;
    }
  for (std::string_view op : kTwoCharOps)
    if (rest.substr(0, 2) == op) {
      pos_ += 2;
      emit(TokenKind::Op, std::string(op), loc);
      return;
    }
  char c = cur();
  if (kOneCharOps.find(c) == std::string_view::npos)
    invalidCharacter();
  if (c == '(' || c == '[' || c == '{') {
    brackets_.push_back({c, loc});
  } else if (c == ')' || c == ']' || c == '}') {
    if (brackets_.empty())
      error(loc, fmt::format("unmatched '{}'", c));
    OpenBracket open = brackets_.back();
    char expected = open.c == '(' ? ')' : open.c == '[' ? ']' : '}';
    if (c != expected) {
      if (open.loc.line != loc.line)
        error(loc, fmt::format("closing parenthesis '{}' does not match opening parenthesis "
                               "'{}' on line {}",
                               c, open.c, open.loc.line));
      error(loc, fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}'",
                             c, open.c));
    }
    brackets_.pop_back();
  }
  ++pos_;
  emit(TokenKind::Op, std::string(1, c), loc);
}

void Lexer::invalidCharacter() const {
  size_t len;
  uint32_t cp = decodeUtf8(src_, pos_, len);
  if (cp < 0x20 || cp == 0x7F || isInvisibleCodePoint(cp))
    error(here(), fmt::format("invalid non-printable character U+{:04X}", cp));
  error(here(), fmt::format("invalid character '{}' (U+{:04X})", src_.substr(pos_, len), cp));
}

} // namespace

std::vector<Token> tokenize(const SourceFile &file) {
  std::string_view text = file.text();
  if (text.substr(0, 3) == "\xEF\xBB\xBF")
    text.remove_prefix(3);
  return Lexer(text).run();
}

} // namespace nvc
