//===- Lexer.h - Tokenizer for the Python kernel subset --------------------===//
//
// Turns source text into Python tokens, including the INDENT/DEDENT/NEWLINE
// structure of CPython's tokenizer: implicit line joining inside (), [] and
// {}, explicit joining with a backslash, comments, blank lines, and the
// indentation stack. Inconsistent use of tabs and spaces, a dedent to a
// column that matches no enclosing block, non-UTF-8 bytes, NUL bytes and
// unterminated strings are errors (CompileError), as in CPython.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_LEXER_H
#define NVC_FRONTEND_LEXER_H

#include "frontend/syntax/AST.h"
#include "frontend/syntax/Diagnostics.h"

#include <string>
#include <vector>

namespace nvc {

enum class TokenKind {
  EndOfFile,
  Newline,
  Indent,
  Dedent,
  Name,      ///< identifier (not a keyword)
  Keyword,   ///< a Python keyword: `text` holds it
  Int,       ///< integer literal
  Float,     ///< float literal
  Imaginary, ///< imaginary literal (`1j`)
  String,    ///< string literal, `text` holds the decoded value
  Op,        ///< operator or delimiter: `text` holds it (`+`, `**=`, `->`, ...)
};

struct Token {
  TokenKind kind;
  std::string text; ///< spelling (decoded value for strings)
  ast::Location loc;
  /// For a string literal kernels cannot use (an f-string, bytes): why, for
  /// the parser's error where such a literal is parsed; empty otherwise.
  std::string unsupported;
  /// An f-string: `text` is its raw text between the quotes.
  bool fstring = false;
};

/// Tokenizes all of `file`. Throws CompileError on the first lexical error.
/// The result always ends with NEWLINE (if the last line had content),
/// DEDENTs back to column 0, then EndOfFile.
std::vector<Token> tokenize(const SourceFile &file);

} // namespace nvc

#endif // NVC_FRONTEND_LEXER_H
