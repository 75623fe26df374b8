//===- TargetEnv.h - The Vulkan environments a module can be built for ----===//
//
// `--target-env=vulkan1.1|vulkan1.2|vulkan1.3|vulkan1.4` (glslang's and
// spirv-val's spelling) names the Vulkan version whose devices must run the
// module. The environment fixes the SPIR-V version the module declares (the
// highest that Vulkan version consumes, as glslang does: vulkan1.1 -> 1.3,
// vulkan1.2 -> 1.5, vulkan1.3 and vulkan1.4 -> 1.6; Vulkan spec, appendix
// "Versions"), the rules spirv-val checks it by, and the `target_env` of
// the manifest, which the launcher compares with the device's version.
// Without the option the default backend keeps Vulkan 1.1 and declares the
// lowest SPIR-V version each module needs (1.0 unless it uses subgroup
// operations), the most portable choice; the LLVM backend, which emits
// SPIR-V 1.5, defaults to vulkan1.2 and cannot target vulkan1.1.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_TARGETENV_H
#define NVC_COMPILER_TARGETENV_H

#include <spirv-tools/libspirv.h>

#include <string>
#include <vector>

namespace nvc {

struct TargetEnv {
  const char *name;      ///< "vulkan1.2", as the option and the manifest spell it
  unsigned vulkanMinor;  ///< 2 for Vulkan 1.2
  unsigned spirvMinor;   ///< the SPIR-V version it consumes up to: 5 for 1.5
  spv_target_env spvEnv; ///< SPIRV-Tools' validation rules
};

/// The environment named `name`, or nullptr when there is none.
const TargetEnv *findTargetEnv(const std::string &name);

/// Every name findTargetEnv() accepts, in version order.
std::vector<std::string> targetEnvNames();

/// What a compile's modules are built for.
struct ModuleTarget {
  const TargetEnv *env;
  /// Declare the environment's SPIR-V version (--target-env given, or the
  /// LLVM backend, whose modules are 1.5 or later); false: the lowest
  /// version the module needs.
  bool declareEnvVersion;
};

/// The target of a compile whose --target-env is `option` (a name
/// findTargetEnv() accepts; empty: the default of the backend, vulkan1.1
/// for the default one and vulkan1.2 for the LLVM one, `llvmBackend`).
ModuleTarget moduleTargetFor(const std::string &option, bool llvmBackend);

/// The SPIR-V header's version word for 1.`minor` (SPIR-V spec 2.3).
constexpr uint32_t spirvVersionWord(unsigned minor) { return 0x00010000u | (minor << 8); }

} // namespace nvc

#endif // NVC_COMPILER_TARGETENV_H
