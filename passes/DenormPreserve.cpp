//===- DenormPreserve.cpp - Keep float32 subnormals (DenormPreserve 32) ---===//
//
// Vulkan leaves the treatment of float32 subnormals to the device unless a
// module asks (SPIR-V execution modes DenormPreserve / DenormFlushToZero,
// SPV_KHR_float_controls, core in SPIR-V 1.4). NVIDIA's driver flushes them
// by default: 1.47e-39 / 1.0 gives 0, so a kernel without fastmath would not
// match NumPy. This pass adds `OpExecutionMode <entry> DenormPreserve 32` to
// every entry point of the module but those of fastmath kernels, which
// Numba also lets flush (NVVM's ftz). It runs before spirv-update-vce, which
// derives the DenormPreserve capability and the SPV_KHR_float_controls
// extension from the execution mode (both must be in the target
// environment). A device may run such a module only if it reports
// shaderDenormPreserveFloat32 (VkPhysicalDeviceFloatControlsProperties), so
// nvc uses it for the `denorm-preserve` module variant only
// (compiler/Compile.cpp, docs/manifest.md "variants").
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/Builders.h>

#include <string>
#include <vector>

namespace nvc {
namespace {

using namespace mlir;

/// The operand of DenormPreserve: the float width it applies to.
constexpr int32_t kFloat32Width = 32;

struct DenormPreservePass
    : public PassWrapper<DenormPreservePass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DenormPreservePass)
  explicit DenormPreservePass(std::vector<std::string> fastmathEntries)
      : fastmathEntries(std::move(fastmathEntries)) {}
  StringRef getName() const override { return "DenormPreserve"; }
  StringRef getArgument() const override { return "nvc-denorm-preserve"; }
  StringRef getDescription() const override {
    return "add the execution mode DenormPreserve 32 to every entry point but fastmath ones";
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    SmallVector<spirv::EntryPointOp> entries(module.getOps<spirv::EntryPointOp>());
    for (spirv::EntryPointOp entry : entries) {
      StringRef fn = entry.getFn();
      if (llvm::is_contained(fastmathEntries, fn))
        continue;
      // After the entry point's other execution modes (LocalSize), or the
      // entry point itself; skip an entry that has the mode already.
      Operation *after = entry;
      bool present = false;
      for (spirv::ExecutionModeOp mode : module.getOps<spirv::ExecutionModeOp>()) {
        if (mode.getFn() != fn)
          continue;
        after = mode;
        present |= mode.getExecutionMode() == spirv::ExecutionMode::DenormPreserve;
      }
      if (present)
        continue;
      OpBuilder builder(after->getContext());
      builder.setInsertionPointAfter(after);
      spirv::ExecutionModeOp::create(
          builder, entry.getLoc(), fn, spirv::ExecutionMode::DenormPreserve,
          builder.getI32ArrayAttr({kFloat32Width}));
    }
  }

  /// Entry points of fastmath kernels: left to the device (Numba's
  /// fastmath=True also flushes subnormals, NVVM's ftz).
  std::vector<std::string> fastmathEntries;
};

} // namespace

std::unique_ptr<Pass> createDenormPreservePass(std::vector<std::string> fastmathEntries) {
  return std::make_unique<DenormPreservePass>(std::move(fastmathEntries));
}

} // namespace nvc
