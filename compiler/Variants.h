//===- Variants.h - Module variants: builds for optional device features ---===//
//
// Besides the main module, which any Vulkan 1.1 device runs, the default
// backend makes variants for devices with optional features
// (docs/manifest.md "variants"; the runtime loads the first the device can
// run): "atomic-float-add" uses OpAtomicFAddEXT where the main module uses
// compare-and-swap loops, and needs its own run of the pipeline from a copy
// of the frontend's module; the float-controls variants ask the device to
// keep float32 subnormals ("denorm-preserve") and signed zeros, infinities
// and NaNs ("signed-zero-inf-nan-preserve") where the main module leaves
// them to the device, and are each a copy of a finished spirv.module with
// execution modes added (no second pipeline run). Fastmath kernels keep the
// device's default, as Numba's fastmath=True does.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_VARIANTS_H
#define NVC_COMPILER_VARIANTS_H

#include "compiler/Manifest.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/OwningOpRef.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

class Compilation;
class ModuleValidations;
struct CompileOptions;
struct LoweringSetup;
struct LoweredModule;

/// The name of every module variant nvc makes (SPIRVVariant::name), so that
/// a build can delete the `<stem>.<name>.spv` files that an earlier build of
/// the same output listed in its manifest and this one did not write.
inline const std::array<const char *, 7> kModuleVariantNames = {
    "atomic-float-add-denorm-preserve-signed-zero-inf-nan-preserve",
    "atomic-float-add-signed-zero-inf-nan-preserve",
    "atomic-float-add-denorm-preserve",
    "atomic-float-add",
    "denorm-preserve-signed-zero-inf-nan-preserve",
    "signed-zero-inf-nan-preserve",
    "denorm-preserve"};

/// A variant of the module, ready to be written: its validated binary and
/// what the manifest says about it.
struct ModuleVariant {
  std::string name; ///< one of kModuleVariantNames
  std::vector<uint32_t> words;
  SPIRVModuleInfo info;
};

/// What the variants need from the frontend's module, taken before the
/// lowering pipeline changes it.
struct VariantPlan {
  /// A copy of the frontend's module for the atomic-float-add variant's run
  /// of the pipeline; null when no float32 atomic add could be native, and
  /// unless the compile writes a binary (EmitKind::Binary).
  mlir::OwningOpRef<mlir::ModuleOp> floatAddModule;
  /// Kernels that may flush float32 subnormals and assume no NaN, infinity
  /// or signed zero, as Numba's fastmath=True does: those decorated so, or
  /// all of them under --fastmath. Their entry points get no float-controls
  /// execution modes.
  std::vector<std::string> fastmathEntries;
  /// Every kernel is in fastmathEntries: no float-controls variants.
  bool allFastmath = true;
};

/// Plans the variants of `frontendModule` (verified, not lowered yet).
VariantPlan planVariants(const CompileOptions &options, mlir::ModuleOp frontendModule);

/// Makes the variants of `main` (the lowered main module), in the launcher's
/// order of preference: every combination of the optional features that
/// apply, the atomic-float-add ones first, more features before fewer
/// (kModuleVariantNames' order). An atomic-float-add build equal to the
/// main module (its float arrays also see max/min/exchange, which stay on
/// compare-and-swap loops) is dropped with its float-controls variants.
/// Float-controls variants come with float arithmetic outside fastmath
/// kernels (signed-zero-inf-nan-preserve, for each float width used) and
/// float32 arithmetic there (denorm-preserve), only for EmitKind::Binary.
/// Every variant, then `main` itself, is offered to `validations`
/// (ModuleValidation.h: validated whole unless a variant extends it); the
/// caller waits for them. Errors: internal errors when a variant's pipeline
/// fails. Returns whether there were none.
bool buildVariants(Compilation &c, const LoweringSetup &lowering, VariantPlan &plan,
                   const LoweredModule &main, ModuleValidations &validations,
                   std::vector<ModuleVariant> &out);

} // namespace nvc

#endif // NVC_COMPILER_VARIANTS_H
