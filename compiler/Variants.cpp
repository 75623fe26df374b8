//===- Variants.cpp - Module variants: builds for optional device features -===//
//
// Each optional feature is independent on the device side (a device may
// have float atomic adds but not DenormPreserve, as the H200 with driver
// 580 does), so the variants are every combination of the features that
// apply and the launcher takes the first it can run: the one with every
// feature the device has. A variant is validated like the main module; a
// failure is nvc's bug, reported as an internal error.
//
//===----------------------------------------------------------------------===//
#include "compiler/Variants.h"

#include "abi/Attributes.h"
#include "compiler/Compilation.h"
#include "compiler/LoweringStage.h"
#include "compiler/ModeInstructions.h"
#include "compiler/ModuleValidation.h"
#include "compiler/SPIRVBinary.h"
#include "passes/AtomicRMWToSPIRV.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/Pass/PassManager.h>

#include <set>
#include <utility>

namespace nvc {
namespace {

/// The float widths (16, 32, 64, ascending) that the functions of `module` (a
/// lowered spirv.module), other than the entry points named in `skipped`,
/// compute with: an operation result or block argument whose type is or
/// contains such a float. They decide the float-controls variants (32: the
/// denorm-preserve ones; any: the signed-zero-inf-nan-preserve ones), which
/// a module whose only float arithmetic is in skipped (fastmath) kernels
/// does not get.
std::vector<int32_t> floatWidths(mlir::spirv::ModuleOp module,
                                 const std::vector<std::string> &skipped) {
  std::set<int32_t> widths;
  auto check = [&](mlir::Type type) {
    type.walk([&](mlir::FloatType f) { widths.insert(int32_t(f.getWidth())); });
  };
  for (mlir::spirv::FuncOp f : module.getOps<mlir::spirv::FuncOp>()) {
    if (llvm::is_contained(skipped, f.getName()))
      continue;
    f->walk([&](mlir::Operation *op) {
      for (mlir::Type t : op->getResultTypes())
        check(t);
      for (mlir::Region &region : op->getRegions())
        for (mlir::Block &block : region)
          for (mlir::BlockArgument arg : block.getArguments())
            check(arg.getType());
    });
  }
  return {widths.begin(), widths.end()};
}

/// A kind of float-controls variant: its name and execution modes.
struct FloatControlsKind {
  const char *name;
  FloatControlModes modes;
};

/// The float-controls variants a module computing with the float `widths`
/// gets, more features first: DenormPreserve 32 with float32, and
/// SignedZeroInfNanPreserve (for each width used) with any float.
std::vector<FloatControlsKind> floatControlsKinds(const std::vector<int32_t> &widths) {
  const bool denorm = llvm::is_contained(widths, 32);
  const bool signedZero = !widths.empty();
  std::vector<FloatControlsKind> kinds;
  if (denorm && signedZero)
    kinds.push_back({"denorm-preserve-signed-zero-inf-nan-preserve", {true, widths}});
  if (signedZero)
    kinds.push_back({"signed-zero-inf-nan-preserve", {false, widths}});
  if (denorm)
    kinds.push_back({"denorm-preserve", {true, {}}});
  return kinds;
}

/// Derives the float-controls variant of `kind` from the finished
/// spirv.module `base` by the pipeline (buildFloatControlsPipeline) into
/// `words` and `info`, in place: with the target environment that `base`
/// finds on its parent set on it, serialized, then restored, because a copy
/// of a long kernel's module (and erasing it again) cost more than the rest
/// of its variant (issue 25). The pipeline only adds execution modes and
/// sets the module's attributes, which are put back. False (with an
/// internal error) when it fails.
bool deriveFloatControlsVariant(Compilation &c, const LoweringSetup &lowering,
                                const VariantPlan &plan, const FloatControlsKind &kind,
                                const std::string &name, mlir::spirv::ModuleOp base,
                                mlir::TimingScope &timing, std::vector<uint32_t> &words,
                                SPIRVModuleInfo &info) {
  mlir::PassManager derive(&c.context, mlir::spirv::ModuleOp::getOperationName());
  buildFloatControlsPipeline(derive, kind.modes, plan.fastmathEntries);
  derive.enableVerifier(c.options.verifyEach); // it adds execution modes, nothing else
  const mlir::DictionaryAttr attributes = base->getAttrDictionary();
  llvm::SmallPtrSet<mlir::Operation *, 8> modes;
  for (mlir::spirv::ExecutionModeOp mode : base.getOps<mlir::spirv::ExecutionModeOp>())
    modes.insert(mode);
  base->setAttr(mlir::spirv::getTargetEnvAttrName(), lowering.targetEnv);
  std::string error = "internal compiler error: the " + name + " pipeline failed";
  const bool derived = mlir::succeeded(derive.run(base)) &&
                       emitSPIRV(base, lowering.target, words, error, &timing, /*validate=*/false);
  if (derived)
    info = spirvModuleInfo(base, words, *lowering.target.env);
  for (mlir::spirv::ExecutionModeOp mode :
       llvm::make_early_inc_range(base.getOps<mlir::spirv::ExecutionModeOp>()))
    if (!modes.contains(mode))
      mode.erase();
  base->setAttrs(attributes);
  if (!derived)
    c.internalErrorUnlessReported(error);
  return derived;
}

/// Whether the modes of `kind` are among those of `all`, each
/// SignedZeroInfNanPreserve for the same widths (floatControlsKinds' kinds
/// after the first are so).
bool modesAmong(const FloatControlModes &kind, const FloatControlModes &all) {
  return (!kind.denormPreserve32 || all.denormPreserve32) &&
         (kind.signedZeroInfNanPreserveWidths.empty() ||
          kind.signedZeroInfNanPreserveWidths == all.signedZeroInfNanPreserveWidths);
}

/// Makes the float-controls variants of the finished spirv.module `base`,
/// named `prefix` + their kind, into `out`, and offers each to
/// `validations`. The first kind, which has every mode (floatControlsKinds),
/// is derived by the pipeline; the others are its words with the modes
/// they lack taken out (withoutFloatControlsModes: the same words, checked
/// against the pipeline under --verify-each), since the pipeline walks the
/// whole module for each. False (with an internal error) when one fails.
bool addFloatControlsVariants(Compilation &c, const LoweringSetup &lowering,
                              const VariantPlan &plan,
                              const std::vector<FloatControlsKind> &kinds,
                              const std::string &prefix, mlir::spirv::ModuleOp base,
                              ModuleValidations &validations,
                              std::vector<ModuleVariant> &out) {
  const size_t first = out.size();
  for (const FloatControlsKind &kind : kinds) {
    const std::string name = prefix + kind.name;
    mlir::TimingScope timing = c.timeStage("variants (float controls)");
    std::vector<uint32_t> words;
    SPIRVModuleInfo info;
    if (&kind != &kinds.front() && modesAmong(kind.modes, kinds.front().modes)) {
      const ModuleVariant &all = out[first];
      words = withoutFloatControlsModes(all.words, kind.modes.denormPreserve32,
                                        !kind.modes.signedZeroInfNanPreserveWidths.empty());
      info = all.info; // the same functions; the capabilities and extensions from the words
      SPIRVModuleInfo fromWords = spirvModuleInfo(words, *lowering.target.env);
      info.version = fromWords.version;
      info.capabilities = std::move(fromWords.capabilities);
      info.extensions = std::move(fromWords.extensions);
      if (c.options.verifyEach) {
        std::vector<uint32_t> derived;
        SPIRVModuleInfo derivedInfo;
        if (!deriveFloatControlsVariant(c, lowering, plan, kind, name, base, timing, derived,
                                        derivedInfo))
          return false;
        if (derived != words) {
          c.internalError("internal compiler error: the " + name +
                          " variant taken out of the " + all.name +
                          " one differs from the pipeline's");
          return false;
        }
      }
    } else if (!deriveFloatControlsVariant(c, lowering, plan, kind, name, base, timing, words,
                                           info)) {
      return false;
    }
    // Validated whole, the first kind covers the other kinds and `base`
    // (ModuleValidation.h).
    validations.offer("the " + name + " variant", words);
    out.push_back({name, std::move(words), info});
  }
  return true;
}

} // namespace

VariantPlan planVariants(const CompileOptions &options, mlir::ModuleOp frontendModule) {
  VariantPlan plan;
  // Float32 atomic adds: the main module uses compare-and-swap loops (any
  // device); a variant uses OpAtomicFAddEXT for devices that have it.
  bool floatAddVariant = false;
  if (options.emit == EmitKind::Binary || options.emit == EmitKind::Header)
    frontendModule->walk([&](mlir::memref::GenericAtomicRMWOp op) {
      floatAddVariant |= isNativeFloatAtomicAdd(op);
    });
  if (floatAddVariant)
    plan.floatAddModule = frontendModule.clone();
  frontendModule->walk([&](mlir::func::FuncOp f) {
    if (!f->hasAttr(abi::kKernelAttr))
      return;
    if (options.fastMath || f->hasAttr(abi::kFastmathAttr))
      plan.fastmathEntries.push_back(f.getName().str());
    else
      plan.allFastmath = false;
  });
  return plan;
}

bool buildVariants(Compilation &c, const LoweringSetup &lowering, VariantPlan &plan,
                   const LoweredModule &main, ModuleValidations &validations,
                   std::vector<ModuleVariant> &out) {
  std::vector<int32_t> widths;
  if ((c.options.emit == EmitKind::Binary || c.options.emit == EmitKind::Header) &&
      !plan.allFastmath)
    widths = floatWidths(main.spirvModule, plan.fastmathEntries);
  const std::vector<FloatControlsKind> kinds = floatControlsKinds(widths);
  if (plan.floatAddModule) {
    PipelineOptions native = lowering.pipelineOptions;
    native.nativeFloatAtomicAdd = true;
    mlir::PassManager floatAddPipeline(&c.context, mlir::ModuleOp::getOperationName());
    buildLoweringPipeline(floatAddPipeline, native);
    floatAddPipeline.enableVerifier(c.options.verifyEach);
    LoweredModule floatAdd;
    if (!lowerToSPIRV(c, floatAddPipeline, lowering.target, *plan.floatAddModule, floatAdd))
      return false;
    // Arrays that also see float max/min/exch stay on compare-and-swap
    // loops: then the variant is the main module again, and is dropped.
    if (floatAdd.words != main.words) {
      if (!addFloatControlsVariants(c, lowering, plan, kinds, "atomic-float-add-",
                                    floatAdd.spirvModule, validations, out))
        return false;
      validations.offer("the atomic-float-add variant", floatAdd.words);
      SPIRVModuleInfo info =
          spirvModuleInfo(floatAdd.spirvModule, floatAdd.words, *lowering.target.env);
      out.push_back({"atomic-float-add", std::move(floatAdd.words), info});
    }
  }
  if (!addFloatControlsVariants(c, lowering, plan, kinds, "", main.spirvModule, validations,
                                out))
    return false;
  validations.offer("the module", main.words);
  return true;
}

} // namespace nvc
