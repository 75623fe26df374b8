//===- Parser.h - Recursive-descent parser for the Python kernel subset ----===//
//
// Builds an ast::Module from a token stream, following the grammar of
// CPython 3 for the statements and expressions listed in AST.h, with
// CPython's operator precedence. Constructs outside the subset (classes,
// lambdas, comprehensions, try/with, async, yield, dict/set displays,
// starred expressions, f-strings, walrus, decorators on anything but `def`)
// are rejected with an error naming the construct. Nesting deeper than
// kMaxNestingDepth (parentheses or blocks) is an error, never a stack
// overflow.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_PARSER_H
#define NVC_FRONTEND_PARSER_H

#include "frontend/syntax/AST.h"
#include "frontend/syntax/Diagnostics.h"

#include <memory>

namespace nvc {

/// Nesting limit for expressions and blocks (CPython's parser stops at 200).
constexpr unsigned kMaxNestingDepth = 200;

/// Parses a whole file. Throws CompileError on the first syntax error.
std::unique_ptr<ast::Module> parseModule(const SourceFile &file);

} // namespace nvc

#endif // NVC_FRONTEND_PARSER_H
