//===- CloneAST.h - Deep copies of AST nodes --------------------------------===//
//
// A deep copy of an expression or a block, node for node with the same
// locations (diagnostics in a copy point at the source the copy came from).
// Used where one piece of source is compiled several times over, as the
// body of a `literal_unroll` loop once per item (LiteralUnroll.h).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SYNTAX_CLONEAST_H
#define NVC_FRONTEND_SYNTAX_CLONEAST_H

#include "frontend/syntax/AST.h"

namespace nvc::ast {

/// A deep copy of `e`; null for null.
ExprPtr clone(const Expr *e);
/// A deep copy of `s` (nested blocks included).
StmtPtr clone(const Stmt &s);
/// A deep copy of every statement of `b`.
Block clone(const Block &b);

} // namespace nvc::ast

#endif // NVC_FRONTEND_SYNTAX_CLONEAST_H
