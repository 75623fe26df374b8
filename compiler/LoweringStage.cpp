//===- LoweringStage.cpp - compileSource's second stage: MLIR to SPIR-V ----===//
//
// The target and the pipeline are set up before anything is printed, so
// that an invalid -O or -fno- is an error whatever is emitted. The pipeline
// runs under the Compilation's diagnostic handler, which turns MLIR's
// messages into nvc diagnostics (Compilation.cpp).
//
//===----------------------------------------------------------------------===//
#include "compiler/LoweringStage.h"

#include "compiler/LLVMBackend.h"
#include "compiler/Manifest.h"
#include "compiler/ModulePrecision.h"
#include "compiler/OutputStage.h"
#include "compiler/SPIRVBinary.h"

#include <fmt/format.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/AsmParser/AsmParser.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/IR/Verifier.h>

namespace nvc {
namespace {

/// The default backend's target: Vulkan 1.1 (SPIR-V 1.3). spirv-update-vce
/// trims the capability list to what the module uses, and the manifest
/// reports that. The optional AtomicFloat32AddEXT, DenormPreserve and
/// SignedZeroInfNanPreserve (with their extensions) are only used by the
/// module variants.
mlir::Attribute defaultTargetEnv(mlir::MLIRContext &context) {
  return mlir::parseAttribute(
      "#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64, Int64, Int64Atomics, Int16, Int8, "
      "GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformShuffle, "
      "GroupNonUniformShuffleRelative, GroupNonUniformVote, GroupNonUniformBallot, "
      "AtomicFloat32AddEXT, DenormPreserve, SignedZeroInfNanPreserve], "
      "[SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add, "
      "SPV_KHR_float_controls]>, "
      "#spirv.resource_limits<>>",
      &context);
}

/// Whether the textual pipeline `text` runs a pass whose argument is `name`
/// (a whole token between the pipeline's punctuation).
bool pipelineRuns(const std::string &text, const std::string &name) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find_first_of("(),{} \n", start);
    if (end == std::string::npos)
      end = text.size();
    if (text.compare(start, end - start, name) == 0 && end - start == name.size())
      return true;
    // Skip a pass's {option=value ...} block.
    if (end < text.size() && text[end] == '{') {
      int depth = 0;
      for (; end < text.size(); ++end) {
        depth += text[end] == '{' ? 1 : text[end] == '}' ? -1 : 0;
        if (depth == 0)
          break;
      }
    }
    start = end + 1;
  }
  return false;
}

} // namespace

PipelineOptions pipelineOptionsFor(const CompileOptions &options, unsigned indexBits,
                                   bool float32Only) {
  if (options.optLevel > 3)
    throw OptionError{fmt::format("invalid -O{}: the levels are -O0 to -O3", options.optLevel)};
  for (auto &name : options.disabledPasses) {
    bool known = false;
    std::string names;
    for (const OptimizationPass &p : optimizationPasses()) {
      known |= name == p.name;
      names += names.empty() ? p.name : std::string(", ") + p.name;
    }
    if (!known)
      throw OptionError{fmt::format("unknown optimisation pass '{}' in -fno-{} (known: {})",
                                    name, name, names)};
  }
  PipelineOptions pipelineOptions;
  pipelineOptions.localSize = options.localSize;
  pipelineOptions.indexBits = indexBits;
  // Without float64 on the target, float32 math uses GLSL.std.450 built-ins
  // instead of nvc's float64-based implementations.
  pipelineOptions.mathInFloat64 = !float32Only;
  pipelineOptions.optLevel = options.optLevel;
  pipelineOptions.disabledPasses = options.disabledPasses;
  pipelineOptions.fpContract =
      options.fpContractFast || options.fastMath ? FPContract::Fast : FPContract::Off;
  pipelineOptions.fastMath = options.fastMath;
  pipelineOptions.coarsen = options.coarsen;
  return pipelineOptions;
}

std::string pipelineText(mlir::PassManager &pm) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  return text + "\n";
}

bool prepareLowering(Compilation &c, FrontendModule &frontend, LoweringSetup &out) {
  unsigned indexBits = moduleIndexBits(frontend.kernels);
  // Narrowed kernels (narrow=True/"floats") keep nvc's accurate math
  // library, whose float32 functions compute in float64 inside; only a target
  // without float64 makes them use the GLSL.std.450 built-ins.
  bool float32Only = c.options.noFloat64;
  const bool llvmBackend =
      c.options.backend == Backend::LLVM || c.options.emit == EmitKind::LLVM;
  out.target = moduleTargetFor(c.options.targetEnv, llvmBackend);
  if (llvmBackend && out.target.env->spirvMinor < 5) {
    c.optionError(fmt::format("--target-env={} needs the default backend: the LLVM backend "
                              "writes SPIR-V 1.5, which Vulkan 1.2 and later consume",
                              out.target.env->name));
    return false;
  }
  out.targetEnv = defaultTargetEnv(c.context);
  frontend.module->getOperation()->setAttr(mlir::spirv::getTargetEnvAttrName(), out.targetEnv);

  if (mlir::failed(mlir::verify(*frontend.module))) {
    c.internalError("internal compiler error: generated MLIR does not verify");
    return false;
  }
  try {
    out.pipelineOptions = pipelineOptionsFor(c.options, indexBits, float32Only);
  } catch (OptionError &e) {
    c.optionError(e.message);
    return false;
  }
  buildLoweringPipeline(out.pipeline, out.pipelineOptions);
  out.pipeline.enableVerifier(c.options.verifyEach);
  return true;
}

bool printPipeline(Compilation &c, LoweringSetup &lowering) {
  c.result.text = pipelineText(lowering.pipeline);
  return true;
}

bool checkPrintIRAfterOption(Compilation &c, LoweringSetup &lowering) {
  if (c.options.printIRAfter.empty())
    return true;
  if (c.options.emit != EmitKind::MLIR) {
    c.optionError("--mlir-print-ir-after needs --emit=mlir");
    return false;
  }
  if (!pipelineRuns(pipelineText(lowering.pipeline), c.options.printIRAfter)) {
    c.optionError("--mlir-print-ir-after: pass '" + c.options.printIRAfter +
                  "' is not in the pipeline (see --print-pipeline)");
    return false;
  }
  return true;
}

bool printFrontendMLIR(Compilation &c, FrontendModule &frontend) {
  llvm::raw_string_ostream os(c.result.text);
  frontend.module->print(os);
  return true;
}

bool printIRAfterPass(Compilation &c, FrontendModule &frontend, LoweringSetup &lowering) {
  // MLIR's IR printing instrumentation, into the result's text.
  llvm::raw_string_ostream irDump(c.result.text);
  lowering.pipeline.enableIRPrinting(
      /*shouldPrintBeforePass=*/nullptr,
      [&](mlir::Pass *pass, mlir::Operation *) {
        return pass->getArgument() == c.options.printIRAfter;
      },
      /*printModuleScope=*/false, /*printAfterOnlyOnChange=*/false,
      /*printAfterOnlyOnFailure=*/false, irDump);
  if (mlir::failed(lowering.pipeline.run(*frontend.module))) {
    c.internalErrorUnlessReported("internal compiler error: the lowering pipeline failed");
    return false;
  }
  return !c.diags.errorCount();
}

bool compileWithLLVMBackend(Compilation &c, FrontendModule &frontend,
                            const LoweringSetup &lowering) {
  const bool emitIR = c.options.emit == EmitKind::LLVM;
  LLVMBackendOutput llvmOut;
  std::string error;
  mlir::TimingScope backend = c.timeStage("LLVM backend");
  bool ok = compileThroughLLVM(*frontend.module, frontend.abis, lowering.pipelineOptions,
                               *lowering.target.env, emitIR, llvmOut, error);
  backend.stop();
  if (!ok || c.diags.errorCount()) {
    c.internalErrorUnlessReported(
        error.empty() ? "internal compiler error: the LLVM backend failed" : error);
    return false;
  }
  if (emitIR) {
    c.result.text = std::move(llvmOut.ir);
    return true;
  }
  SPIRVModuleInfo info = spirvModuleInfo(llvmOut.words, *lowering.target.env);
  info.assumesNoAlias = llvmOut.assumesNoAlias;
  info.stagedSharedBytes = llvmOut.stagedSharedBytes;
  info.gridSyncWords = llvmOut.gridSyncWords;
  writeOutputs(c, frontend, std::move(llvmOut.words), info, {});
  return true;
}

bool lowerToSPIRV(Compilation &c, mlir::PassManager &pipeline, const ModuleTarget &target,
                  mlir::ModuleOp module, LoweredModule &out) {
  mlir::TimingScope passes = c.timeStage("lowering pipeline");
  if (c.options.timeReport)
    pipeline.enableTiming(passes);
  mlir::LogicalResult ran = pipeline.run(module);
  passes.stop();
  if (mlir::failed(ran)) {
    c.internalErrorUnlessReported("internal compiler error: the lowering pipeline failed");
    return false;
  }
  if (c.diags.errorCount())
    return false;
  module->walk([&](mlir::spirv::ModuleOp s) { out.spirvModule = s; });
  if (!out.spirvModule) {
    c.internalError("internal compiler error: no SPIR-V module produced");
    return false;
  }
  std::string error;
  mlir::TimingScope emitting = c.timeStage("SPIR-V serialization");
  if (!emitSPIRV(out.spirvModule, target, out.words, error, &emitting, /*validate=*/false)) {
    c.internalError(error);
    return false;
  }
  return true;
}

} // namespace nvc
