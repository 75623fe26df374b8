//===- ASTCast.h - LLVM-style dyn_cast for AST nodes without LLVM ----------===//
//
// nvc_syntax does not link LLVM, so its passes over the AST (Rebindings,
// LiteralUnroll) use this instead of llvm::dyn_cast: the nodes' classof
// discriminates, as LLVM's casts would. Outside nvc::ast on purpose, so that
// argument-dependent lookup never meets it beside llvm::dyn_cast in sema.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SYNTAX_ASTCAST_H
#define NVC_FRONTEND_SYNTAX_ASTCAST_H

namespace nvc::astcast {

/// `p` as a T when its kind is T's (T may be const), else null; null for null.
template <typename T, typename U> T *dyn_cast(U *p) {
  return p && T::classof(p) ? static_cast<T *>(p) : nullptr;
}

} // namespace nvc::astcast

#endif // NVC_FRONTEND_SYNTAX_ASTCAST_H
