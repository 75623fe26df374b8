//===- LiteralUnroll.h - One copy of a literal_unroll loop body per item ---===//
//
// numba's `literal_unroll(t)` iterates a tuple whose items may differ in
// type (arrays of other shapes, numbers of other dtypes): Numba versions the
// loop body per item type. nvc types one type per variable, so the parser's
// output is rewritten first, before Rebindings splits variables: a loop
//
//     for x in literal_unroll(t):
//         body
//
// whose tuple's length is written in the source becomes an ast::UnrolledFor
// with one copy of `body` per item, copy k starting with `x = t[k]` (for a
// tuple literal `t`, `x = <its k-th item>`, the items evaluated into
// variables before the loop, as Python evaluates the tuple once, unless each
// is a literal or a name the body does not bind). Rebindings then gives each
// copy's `x` and the variables local to the copy their own names, so each
// is typed apart, as Numba's versions are.
//
// The length is known when the argument is a tuple literal, or a name bound
// exactly once to a tuple literal in the function or, when the function
// does not bind it, at the top level of the module. Other loops stay for
// type inference, which accepts literal_unroll over a tuple whose items
// share one type (an ordinary loop) and refuses the rest with a message.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SYNTAX_LITERALUNROLL_H
#define NVC_FRONTEND_SYNTAX_LITERALUNROLL_H

#include "frontend/syntax/AST.h"

namespace nvc {

/// Rewrites the `literal_unroll` loops of every function of `module` (in
/// place). `literal_unroll` is recognised when the module imports it from a
/// numba module (`from numba import literal_unroll`, `from
/// numba.cuda.misc.special import literal_unroll as lu`, ...) or calls it as
/// an attribute of an imported numba module (`numba.literal_unroll`).
void unrollLiteralLoops(ast::Module &module);

} // namespace nvc

#endif // NVC_FRONTEND_SYNTAX_LITERALUNROLL_H
