//===- ChainTyping.h - Typing and checks of launch chains ------------------===//
//
// A launch chain (`@nv.chain`, docs/language.md "Launch chains") has no
// signature of its own: each parameter and intermediate takes the type of
// the kernel parameters it is passed to. typeChain computes those types, the
// union of the launched kernels' array accesses, and checks what makes the
// fused entry point exact (one type per name, element-wise kernels only,
// no array written by one launch and passed to another). MLIR generation
// (mlirgen/GenFunction.cpp) only lowers the result.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_CHAINTYPING_H
#define NVC_FRONTEND_SEMA_CHAINTYPING_H

#include "frontend/sema/ModuleScope.h"
#include "frontend/sema/TypedKernel.h"

#include <map>
#include <string>
#include <vector>

namespace nvc {

/// A launch chain typed from the kernels it launches.
struct TypedChain {
  /// Every parameter and intermediate: the type of the kernel parameters it
  /// is passed to.
  std::map<std::string, Type> types;
  /// Arrays: the union of the launched kernels' uses.
  std::map<std::string, ArrayAccess> access;
  /// The kernel each launch calls, in launch order.
  std::vector<const TypedKernel *> launched;
  /// Every launched kernel has fastmath=True.
  bool allFastmath = true;
  /// Fused, a launch that writes an array runs alongside the other
  /// launches' accesses to their arrays instead of after them: exact only if
  /// those are different memory (nvc's no-alias rule, docs/language.md), so
  /// the entry point carries abi::kAssumesNoAliasAttr.
  bool assumesNoAlias = false;
};

/// Types `chain` from `kernelsByEntry` (entry name → the kernel typed for
/// its first signature). Throws CompileError at the offending launch,
/// argument, intermediate or parameter: a chain named like a kernel, a
/// launch of an unknown kernel or of one using shared memory, a wrong
/// argument count, a name passed with two types, an intermediate that is not
/// a one-dimensional real array like a parameter, an array written by one
/// launch and passed to another, a parameter no launch uses.
TypedChain typeChain(const LaunchChain &chain,
                     const std::map<std::string, const TypedKernel *> &kernelsByEntry);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_CHAINTYPING_H
