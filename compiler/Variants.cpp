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
#include "compiler/SPIRVBinary.h"
#include "passes/AtomicRMWToSPIRV.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/Pass/PassManager.h>

#include <future>
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

/// Makes the float-controls variants of the finished spirv.module `base`,
/// named `prefix` + their kind, into `out`: for each, a copy with the
/// execution modes added (buildFloatControlsPipeline), serialized and
/// validated like the main module. The copy carries the target environment
/// that the original finds on its parent. False (with an internal error)
/// when one fails.
bool addFloatControlsVariants(Compilation &c, const LoweringSetup &lowering,
                              const VariantPlan &plan,
                              const std::vector<FloatControlsKind> &kinds,
                              const std::string &prefix, mlir::spirv::ModuleOp base,
                              std::vector<ModuleVariant> &out) {
  // Each variant is validated on a thread of its own while the next is derived (the
  // validator was most of the variants' time on long kernels); the results are
  // taken in order, so the first failure reported is the same in every run.
  struct Validation {
    std::string name;
    std::future<std::pair<bool, std::string>> result;
  };
  std::vector<Validation> validations;
  auto collect = [&]() {
    mlir::TimingScope waiting = c.timeStage("variants: waiting for spirv-val");
    bool ok = true;
    for (Validation &v : validations) {
      auto [valid, messages] = v.result.get();
      if (!valid && ok) {
        c.internalErrorUnlessReported("internal compiler error: generated SPIR-V of the " +
                                      v.name + " variant does not validate for " +
                                      lowering.target.env->name + ":\n" + messages);
        ok = false;
      }
    }
    validations.clear();
    return ok;
  };
  for (const FloatControlsKind &kind : kinds) {
    const std::string name = prefix + kind.name;
    mlir::OwningOpRef<mlir::spirv::ModuleOp> copy(base.clone());
    (*copy)->setAttr(mlir::spirv::getTargetEnvAttrName(), lowering.targetEnv);
    mlir::PassManager derive(&c.context, mlir::spirv::ModuleOp::getOperationName());
    buildFloatControlsPipeline(derive, kind.modes, plan.fastmathEntries);
    std::vector<uint32_t> words;
    std::string error = "internal compiler error: the " + name + " pipeline failed";
    mlir::TimingScope timing = c.timeStage("variants (float controls)");
    if (mlir::failed(derive.run(*copy)) ||
        !emitSPIRV(*copy, lowering.target, words, error, &timing, /*validate=*/false)) {
      collect();
      c.internalErrorUnlessReported(error);
      return false;
    }
    validations.push_back(
        {name, std::async(std::launch::async, [words, env = lowering.target.env] {
           std::string messages;
           const bool valid = validateSPIRV(words, *env, messages);
           return std::make_pair(valid, std::move(messages));
         })});
    SPIRVModuleInfo info = spirvModuleInfo(*copy, words, *lowering.target.env);
    out.push_back({name, std::move(words), info});
  }
  return collect();
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
                   const LoweredModule &main, std::vector<ModuleVariant> &out) {
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
    LoweredModule floatAdd;
    if (!lowerToSPIRV(c, floatAddPipeline, lowering.target, *plan.floatAddModule, floatAdd))
      return false;
    // Arrays that also see float max/min/exch stay on compare-and-swap
    // loops: then the variant is the main module again, and is dropped.
    if (floatAdd.words != main.words) {
      if (!addFloatControlsVariants(c, lowering, plan, kinds, "atomic-float-add-",
                                    floatAdd.spirvModule, out))
        return false;
      SPIRVModuleInfo info =
          spirvModuleInfo(floatAdd.spirvModule, floatAdd.words, *lowering.target.env);
      out.push_back({"atomic-float-add", std::move(floatAdd.words), info});
    }
  }
  return addFloatControlsVariants(c, lowering, plan, kinds, "", main.spirvModule, out);
}

} // namespace nvc
