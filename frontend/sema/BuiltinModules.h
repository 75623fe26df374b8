//===- BuiltinModules.h - Modules nvc provides in the kernel language ------===//
//
// Some modules a kernel imports are libraries of device functions that nvc
// provides as kernel-language source (frontend/modules/*.py, embedded at
// build time): `from numba.cuda.random import xoroshiro128p_uniform_float32`
// loads numba.cuda.random's generators as a helper module would be loaded.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_BUILTINMODULES_H
#define NVC_FRONTEND_SEMA_BUILTINMODULES_H

#include <optional>
#include <string>
#include <string_view>

namespace nvc {

/// The source of the built-in module `dotted` ("numba.cuda.random"), and the
/// file name diagnostics show for it ("<nvc>/numba/cuda/random.py");
/// nullopt for any other module.
struct BuiltinModule {
  std::string_view source;
  std::string path;
};
std::optional<BuiltinModule> builtinModule(const std::string &dotted);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_BUILTINMODULES_H
