//===- Compile.cpp - The whole compiler as one library call ----------------===//
//
// compileSource() is the list of the compiler's stages, each a function in
// its own file that stops the compile at its first error:
//  0. the option values (this file);
//  1. the frontend (FrontendStage.h): parse, resolve names, apply --sig,
//     type each kernel per signature under the driver's precision policy
//     (ModulePrecision.h), generate MLIR;
//  2. the lowering (LoweringStage.h): target environment, verification,
//     the pass pipeline (passes/Pipeline.cpp) run under a diagnostic
//     handler that turns MLIR's messages into nvc diagnostics (Compilation.h),
//     or the LLVM backend; --print-pipeline and --emit=mlir stop here;
//  3. the outputs: the module variants (Variants.h), spirv-val of the
//     modules (ModuleValidation.h), and the SPIR-V words, disassembly and
//     manifest in the result (OutputStage.h).
// A source without kernels is an error at 1:1, printed like every other
// source error (location, source line, caret).
//
//===----------------------------------------------------------------------===//
#include "compiler/Compile.h"

#include "compiler/Compilation.h"
#include "compiler/FrontendStage.h"
#include "compiler/LoweringStage.h"
#include "compiler/ModuleValidation.h"
#include "compiler/ModulePrecision.h"
#include "compiler/OutputStage.h"
#include "compiler/Variants.h"
#include "frontend/mlirgen/MLIRGen.h"
#include "passes/Passes.h"

#include <mlir/Pass/PassManager.h>
#include <llvm/Support/BuryPointer.h>

namespace nvc {
namespace {

/// Checks the option values the command line does not: every workgroup size
/// component 1..1024 and --index-bits 32 or 64 (or not given). An option
/// error otherwise; returns whether they are valid.
bool checkOptionValues(Compilation &c) {
  std::vector<std::array<int32_t, 3>> sizes = {c.options.localSize};
  for (auto &[name, size] : c.options.localSizeByKernel)
    sizes.push_back(size);
  for (const auto &size : sizes)
    for (int32_t v : size)
      if (v < 1 || v > 1024) {
        c.optionError("workgroup size values must be 1..1024");
        return false;
      }
  if (c.options.indexBits != 0 && c.options.indexBits != 32 && c.options.indexBits != 64) {
    c.optionError("index bits must be 32 or 64");
    return false;
  }
  return true;
}

} // namespace

std::string describePipeline(const CompileOptions &options, std::string &error) {
  try {
    mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
    registerNvcDialects(context);
    mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
    // narrow=False/"floats" kernels compute integers, and index, in 64 bits.
    unsigned indexBits = optionsAskWideIndices(options) ? 64 : 32;
    buildLoweringPipeline(pm, pipelineOptionsFor(options, indexBits, options.noFloat64));
    return pipelineText(pm);
  } catch (OptionError &e) {
    error = e.message;
    return "";
  }
}

namespace {

/// Everything one compile allocates that outlives its stages: the context,
/// the frontend's module and the lowering's pass manager. Kept together so
/// that CompileOptions::disableFree can leave all of it allocated.
struct CompileSession {
  CompileSession(const std::string &path, const std::string &text, const CompileOptions &options)
      : c(path, text, options), lowering(c.context) {}
  Compilation c;
  FrontendModule frontend;
  LoweringSetup lowering;
  VariantPlan variantPlan;
  LoweredModule main;

  CompileResult run();
};

CompileResult CompileSession::run() {
  const CompileOptions &options = c.options;
  if (!checkOptionValues(c))
    return c.finish(false);

  // 1. Frontend.
  if (!runFrontend(c, frontend))
    return c.finish(false);

  // 2. Lowering. The pipeline is built whatever is emitted, so that a bad
  // -O or -fno- is always an error; what was asked for then decides where
  // the compile ends, in this order.
  if (!prepareLowering(c, frontend, lowering))
    return c.finish(false);
  if (options.printPipeline)
    return c.finish(printPipeline(c, lowering));
  if (!checkPrintIRAfterOption(c, lowering))
    return c.finish(false);
  if (options.emit == EmitKind::MLIR && options.printIRAfter.empty())
    return c.finish(printFrontendMLIR(c, frontend));
  if (options.backend == Backend::LLVM || options.emit == EmitKind::LLVM)
    return c.finish(compileWithLLVMBackend(c, frontend, lowering));
  if (!options.printIRAfter.empty())
    return c.finish(printIRAfterPass(c, frontend, lowering));
  // The default backend. The variants are planned on the frontend's module,
  // which the pipeline changes in place.
  variantPlan = planVariants(options, *frontend.module);
  if (!lowerToSPIRV(c, lowering.pipeline, lowering.target, *frontend.module, main))
    return c.finish(false);

  // 3. Outputs: the variants, each module validated (on threads of their
  // own, only those no other module extends: ModuleValidation.h).
  std::vector<ModuleVariant> variants;
  ModuleValidations validations(*lowering.target.env);
  if (!buildVariants(c, lowering, variantPlan, main, validations, variants))
    return c.finish(false);
  mlir::TimingScope waiting = c.timeStage("spirv-val (waiting for its threads)");
  std::string failedModule, messages;
  if (!validations.wait(failedModule, messages)) {
    c.internalError("internal compiler error: generated SPIR-V of " + failedModule +
                    " does not validate for " + lowering.target.env->name + ":\n" + messages);
    return c.finish(false);
  }
  waiting.stop();
  mlir::TimingScope outputs = c.timeStage("manifest and outputs");
  SPIRVModuleInfo info = spirvModuleInfo(main.spirvModule, main.words, *lowering.target.env);
  writeOutputs(c, frontend, std::move(main.words), info, std::move(variants));
  outputs.stop();
  return c.finish(true);
}

} // namespace

CompileResult compileSource(const std::string &path, const std::string &text,
                            const CompileOptions &options) {
  auto session = std::make_unique<CompileSession>(path, text, options);
  CompileResult result = session->run();
  // On purpose, the process exits next (CompileOptions::disableFree). Buried
  // rather than released so that a pointer to it stays reachable: the leak
  // checker of the sanitized build then does not report it (clang does the
  // same with its -disable-free).
  if (options.disableFree)
    llvm::BuryPointer(std::move(session));
  return result;
}

} // namespace nvc
