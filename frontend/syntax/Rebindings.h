//===- Rebindings.h - One name per web of a variable's definitions ---------===//
//
// Numba types each version of a variable (its SSA form) apart: a name
// re-bound to a value of another type where the versions never meet
// (`x = 7; ... x // d ...; x = 0.5`) keeps each version's type. nvc types one
// type per name, so the parser's output is rewritten first: each local of
// each function is split into its webs (definitions joined through the uses
// they reach, over structured control flow), and every web but the first is
// renamed `name$k` ('$' cannot appear in Python names). Diagnostics print
// names without the suffix (displayName).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SYNTAX_REBINDINGS_H
#define NVC_FRONTEND_SYNTAX_REBINDINGS_H

#include "frontend/syntax/AST.h"

#include <string>
#include <string_view>

namespace nvc {

/// Renames the re-bound locals of every function of `module` (in place).
void renameRebindings(ast::Module &module);

/// `text` with the `$k` suffixes of renamed variables removed.
std::string displayName(std::string_view text);

} // namespace nvc

#endif // NVC_FRONTEND_SYNTAX_REBINDINGS_H
