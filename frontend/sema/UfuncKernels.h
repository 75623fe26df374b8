//===- UfuncKernels.h - The kernels nvc writes for a file's ufuncs ---------===//
//
// `@vectorize([...])`, `@guvectorize([...], "(n),(n)->()")` and `@cuda.reduce`
// decorate a scalar (or core) function that the toolchain applies to whole
// arrays. nvc compiles that function as a device function and writes, per
// signature, a kernel in Python that applies it over a broadcast loop (and,
// for a two-input vectorize and cuda.reduce, a workgroup tree reduction);
// the kernels are parsed and resolved like any module and become entry
// points whose manifest `ufunc` object tells the launcher how to run them.
// The argument lists and the launch schedule are the contract of
// docs/manifest.md "Ufuncs"; the language side is docs/language.md "Ufuncs".
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_UFUNCKERNELS_H
#define NVC_FRONTEND_SEMA_UFUNCKERNELS_H

#include "abi/KernelABI.h"
#include "frontend/sema/ModuleScope.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace nvc {

/// The reduction kernels' workgroup size (and shared-array length): the
/// manifest's workgroup_size of a `reduce` or `cuda_reduce` entry point.
constexpr int kUfuncReduceWorkgroupSize = 256;

class UfuncKernels {
public:
  /// Writes the kernels of every function of `scope` that carries a ufunc
  /// decorator, for its signatures (after --sig replaced them). A
  /// `@cuda.reduce` without --sig gets one reduction per type of
  /// kDefaultReduceTypes. Throws CompileError (at the decorator or the
  /// signature) for a ufunc without signatures, a guvectorize layout that
  /// does not parse or does not fit the signature, and signatures a ufunc
  /// cannot have (array types in a vectorize, scalar outputs).
  UfuncKernels(ModuleScope &scope, DiagnosticEngine &diags);
  UfuncKernels(const UfuncKernels &) = delete;
  UfuncKernels &operator=(const UfuncKernels &) = delete;
  ~UfuncKernels();

  /// The kernels written, in the file's order of the ufuncs (each with its
  /// entryName set).
  std::vector<const DecoratedFunction *> kernels() const;
  /// The manifest's `ufunc` object of each entry point written, by entry name.
  const std::map<std::string, UfuncABI> &entries() const { return entries_; }

private:
  struct Module;
  std::vector<std::unique_ptr<Module>> modules_;
  std::map<std::string, UfuncABI> entries_;
};

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_UFUNCKERNELS_H
