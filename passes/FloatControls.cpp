//===- FloatControls.cpp - Float execution modes of the module variants ---===//
//
// Vulkan leaves two things about float arithmetic to the device unless a
// module asks (SPIR-V execution modes of SPV_KHR_float_controls, core in
// SPIR-V 1.4):
//  - subnormals (DenormPreserve / DenormFlushToZero): NVIDIA's driver flushes
//    float32 ones by default, 1.47e-39 / 1.0 gives 0;
//  - signed zeros, infinities and NaNs (SignedZeroInfNanPreserve): without it
//    a driver may assume there are none, as C's -ffast-math does. NVIDIA's
//    then folds `isnan` tests (np.maximum(nan, 1.0) gave 1.0) and the sign of
//    `0.0 - x`; Mesa's lavapipe folds `0.0 / x`, `x * 0.0` and `0.0 - x` with
//    a constant zero (and, in Mesa 22.3, does so even with the mode set).
// A kernel without fastmath promises NumPy's results, which need both, and a
// device may run a module asking for them only if it reports the matching
// VkPhysicalDeviceFloatControlsProperties (shaderDenormPreserveFloat32,
// shaderSignedZeroInfNanPreserveFloat16/32/64). So nvc writes them into
// module variants (compiler/Compile.cpp, docs/manifest.md "variants"): this
// pass adds the requested modes to every entry point but those of fastmath
// kernels, which Numba also lets flush and assume no NaN (NVVM's ftz, nnan,
// nsz). It runs before spirv-update-vce, which derives the DenormPreserve and
// SignedZeroInfNanPreserve capabilities and the SPV_KHR_float_controls
// extension from the modes (all must be in the target environment).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/Builders.h>

#include <string>
#include <vector>

#define DEBUG_TYPE "nvc-float-controls"

namespace nvc {
namespace {

using namespace mlir;

/// The operand of DenormPreserve: the float width it applies to.
constexpr int32_t kFloat32Width = 32;

struct FloatControlsPass : public PassWrapper<FloatControlsPass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FloatControlsPass)
  FloatControlsPass() = default;
  FloatControlsPass(const FloatControlsPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "FloatControls"; }
  StringRef getArgument() const override { return "nvc-float-controls"; }
  StringRef getDescription() const override {
    return "add DenormPreserve 32 / SignedZeroInfNanPreserve to every entry point but "
           "fastmath ones";
  }

  Option<bool> denormPreserve32{*this, "denorm-preserve-32",
                                llvm::cl::desc("add DenormPreserve 32"), llvm::cl::init(false)};
  ListOption<int32_t> signedZeroInfNanPreserveWidths{
      *this, "signed-zero-inf-nan-preserve",
      llvm::cl::desc("add SignedZeroInfNanPreserve for each of these float widths")};
  /// Entry points of fastmath kernels: left to the device.
  ListOption<std::string> fastmathEntries{
      *this, "fastmath-entries",
      llvm::cl::desc("entry points to leave alone (fastmath kernels)")};

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    FloatControlModes modes;
    modes.denormPreserve32 = denormPreserve32;
    modes.signedZeroInfNanPreserveWidths.assign(signedZeroInfNanPreserveWidths.begin(),
                                                signedZeroInfNanPreserveWidths.end());
    // (mode, width) pairs, in the order they are written after each entry.
    SmallVector<std::pair<spirv::ExecutionMode, int32_t>> wanted;
    if (modes.denormPreserve32)
      wanted.push_back({spirv::ExecutionMode::DenormPreserve, kFloat32Width});
    for (int32_t width : modes.signedZeroInfNanPreserveWidths)
      wanted.push_back({spirv::ExecutionMode::SignedZeroInfNanPreserve, width});
    SmallVector<spirv::EntryPointOp> entries(module.getOps<spirv::EntryPointOp>());
    for (spirv::EntryPointOp entry : entries) {
      StringRef fn = entry.getFn();
      if (llvm::is_contained(fastmathEntries, fn))
        continue;
      // After the entry point's other execution modes (LocalSize), or the
      // entry point itself; a mode the entry has already is not repeated.
      Operation *after = entry;
      SmallVector<std::pair<spirv::ExecutionMode, int32_t>> present;
      for (spirv::ExecutionModeOp mode : module.getOps<spirv::ExecutionModeOp>()) {
        if (mode.getFn() != fn)
          continue;
        after = mode;
        ArrayAttr values = mode.getValues();
        int32_t width = values.empty() ? 0 : int32_t(cast<IntegerAttr>(values[0]).getInt());
        present.push_back({mode.getExecutionMode(), width});
      }
      OpBuilder builder(after->getContext());
      builder.setInsertionPointAfter(after);
      for (auto [mode, width] : wanted) {
        if (llvm::is_contained(present, std::make_pair(mode, width)))
          continue;
        spirv::ExecutionModeOp::create(builder, entry.getLoc(), fn, mode,
                                       builder.getI32ArrayAttr({width}));
      }
    }
  }
};

} // namespace

std::unique_ptr<Pass> createFloatControlsPass(FloatControlModes modes,
                                              std::vector<std::string> fastmathEntries) {
  auto pass = std::make_unique<FloatControlsPass>();
  pass->denormPreserve32 = modes.denormPreserve32;
  pass->signedZeroInfNanPreserveWidths = ArrayRef<int32_t>(modes.signedZeroInfNanPreserveWidths);
  pass->fastmathEntries = ArrayRef<std::string>(fastmathEntries);
  return pass;
}

} // namespace nvc
