//===- Compile.cpp - The whole compiler as one library call ----------------===//
//
// The stages, in order (each stops the compile at its first error):
//  1. parse the source, resolve module names, apply --sig signatures;
//  2. type each kernel per signature (one entry point per signature);
//  3. generate MLIR and verify it (EmitKind::MLIR stops here);
//  4. run the lowering pipeline (passes/Pipeline.cpp) under a diagnostic
//     handler that turns MLIR's messages into nvc diagnostics;
//  5. serialize and validate the SPIR-V, build the manifest.
// A source without kernels is an error at 1:1, printed like every other
// source error (location, source line, caret).
//
//===----------------------------------------------------------------------===//
#include "compiler/Compile.h"

#include "compiler/LLVMBackend.h"
#include "compiler/Manifest.h"
#include "compiler/SPIRVBinary.h"
#include "compiler/WorkgroupSize.h"
#include "frontend/sema/BarrierDivergence.h"
#include "frontend/mlirgen/MLIRGen.h"
#include "frontend/sema/ModuleLoader.h"
#include "frontend/syntax/Parser.h"
#include "frontend/sema/TypeInference.h"
#include "passes/AtomicRMWToSPIRV.h"
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <fmt/format.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/AsmParser/AsmParser.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/Verifier.h>
#include <mlir/Pass/PassManager.h>

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace nvc {
namespace {

/// An error about the command-line options rather than the source.
struct OptionError {
  std::string message;
};

/// Reports MLIR's diagnostics (verifier and pass failures) in nvc's format.
void reportMLIRDiagnostic(DiagnosticEngine &diags, mlir::Diagnostic &diag,
                          bool &internalError) {
  ast::Location loc;
  if (auto fl = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation()))
    loc = {fl.getLine(), fl.getColumn()};
  std::string message;
  llvm::raw_string_ostream os(message);
  os << diag;
  // Passes that check the source (ChainIntermediates) tag their errors.
  bool sourceError = llvm::any_of(diag.getMetadata(), [](const mlir::DiagnosticArgument &a) {
    return a.getKind() == mlir::DiagnosticArgument::DiagnosticArgumentKind::String &&
           a.getAsString() == abi::kSourceErrorTag;
  });
  if (diag.getSeverity() == mlir::DiagnosticSeverity::Error && sourceError) {
    diags.error(loc, message);
  } else if (diag.getSeverity() == mlir::DiagnosticSeverity::Error) {
    internalError = true;
    diags.error(loc, "internal compiler error: " + message);
  }
  else
    diags.note(loc, message);
}

/// Parses `--sig NAME=SIGNATURE` strings, grouped by name.
std::map<std::string, std::vector<Signature>>
parseSignatureOptions(const std::vector<std::string> &options) {
  std::map<std::string, std::vector<Signature>> sigs;
  for (auto &s : options) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw OptionError{fmt::format("invalid --sig '{}': expected NAME=SIGNATURE", s)};
    try {
      sigs[s.substr(0, eq)].push_back(parseSignatureString(s.substr(eq + 1), {}));
    } catch (CompileError &e) {
      throw OptionError{fmt::format("invalid --sig '{}': {}", s, e.message)};
    }
  }
  return sigs;
}

/// Whether the command line asks for 64-bit integers, extents and indices
/// for kernels without narrow= (--narrow=false/floats, --index-bits 64).
bool optionsAskWideIndices(const CompileOptions &options) {
  return options.narrow == "floats" || options.narrow == "false" || options.indexBits == 64;
}

/// The precision of the file's kernels (and their device functions) that
/// say no narrow=: --narrow's, else --index-bits', else the spelling's
/// (docs/language.md "Precision"): a file with a kernel in numba.cuda's
/// spelling (@cuda.jit) computes with exact 64-bit integers as numba-cuda
/// does, one of @nv.jit kernels only with numba-vulkan's 32-bit integers.
/// Extents and indices stay 32-bit unless --narrow=false/floats or
/// --index-bits 64 ask for 64.
PrecisionPolicy defaultPrecision(const CompileOptions &options, const ModuleScope &scope) {
  PrecisionPolicy precision;
  if (options.narrow == "true" || options.narrow == "floats" || options.noFloat64)
    precision.narrowFloats = true;
  if (optionsAskWideIndices(options)) {
    precision.intWidth = IntWidth::Exact64;
    precision.wideIndices = true;
  } else if (options.narrow.empty() && options.indexBits == 0) {
    for (const DecoratedFunction &fn : scope.functions())
      if (fn.isKernel && fn.numbaCudaSpelling)
        precision.intWidth = IntWidth::Exact64;
  }
  return precision;
}

/// The index width of the module's ABI: 64 when any kernel asks for 64-bit
/// extents (PrecisionPolicy::wideIndices), else 32.
unsigned moduleIndexBits(const std::vector<TypedKernel> &typed) {
  for (const TypedKernel &k : typed)
    if (k.wideIndices)
      return 64;
  return 32;
}

/// The pipeline options of a compile whose kernels use `indexBits`;
/// `float32Only` when the target has no float64 (--no-float64), so that not
/// even nvc's math library may compute in float64.
/// Throws OptionError for an unknown -fno- pass or -O level.
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

CompileResult compileSource(const std::string &path, const std::string &text,
                            const CompileOptions &options) {
  CompileResult result;
  result.dependencies.push_back(path);
  std::ostringstream diagText;
  SourceFile file(path, text);
  DiagnosticEngine diags(file, diagText);
  diags.setWarningsAsErrors(options.warningsAsErrors);
  for (auto &flag : options.disabledWarnings)
    diags.disableWarning(flag);
  auto finish = [&](bool success) {
    result.success = success && diags.errorCount() == 0;
    result.errorCount = diags.errorCount();
    if (!result.success && result.errorCount == 0)
      result.errorCount = 1; // an option error (printed as `nvc: error: …`)
    result.diagnostics = diagText.str();
    return std::move(result);
  };
  std::vector<std::array<int32_t, 3>> sizes = {options.localSize};
  for (auto &[name, size] : options.localSizeByKernel)
    sizes.push_back(size);
  for (const auto &size : sizes)
    for (int32_t v : size)
      if (v < 1 || v > 1024) {
        diagText << "nvc: error: workgroup size values must be 1..1024\n";
        return finish(false);
      }
  if (options.indexBits != 0 && options.indexBits != 32 && options.indexBits != 64) {
    diagText << "nvc: error: index bits must be 32 or 64\n";
    return finish(false);
  }

  // Single-threaded: a file's kernels are small, and output never depends on
  // scheduling.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerNvcDialects(context);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    reportMLIRDiagnostic(diags, d, result.internalError);
    return mlir::success();
  });
  std::vector<EntryPointABI> abis;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<TypedKernel> typed;
  std::unique_ptr<ast::Module> ast;
  // Outlives the try block: errors may point into the helper modules' files.
  std::optional<ModuleLoader> loader;
  try {
    ast = parseModule(file);
    std::vector<std::string> searchDirs = {
        std::filesystem::path(path).parent_path().empty()
            ? std::string(".")
            : std::filesystem::path(path).parent_path().string()};
    searchDirs.insert(searchDirs.end(), options.includeDirs.begin(), options.includeDirs.end());
    loader.emplace(searchDirs, diags);
    ModuleScope scope(*ast, file, diags, &*loader);
    for (auto &[name, sigs] : parseSignatureOptions(options.signatures)) {
      bool found = false;
      for (auto &fn : scope.functions())
        if (fn.def->name == name) {
          found = true;
          for (auto &sig : sigs)
            if (sig.params.size() != fn.def->params.size())
              throw OptionError{fmt::format("--sig for '{}' has {} parameter types but the "
                                            "function has {} parameters",
                                            name, sig.params.size(), fn.def->params.size())};
          fn.signatures = sigs;
        }
      if (!found)
        throw OptionError{
            fmt::format("--sig names '{}', which is not a @jit function of '{}'", name, path)};
    }
    InferenceContext inference(scope, diags, defaultPrecision(options, scope));
    std::vector<std::pair<std::string, const TypedKernel *>> kernels;
    for (auto &[entry, k] : typeKernels(inference)) {
      if (options.indexBits == 64) {
        k.intWidth = IntWidth::Exact64;
        k.wideIndices = true;
      }
      typed.push_back(std::move(k));
      kernels.emplace_back(entry, nullptr);
    }
    if (diags.errorCount())
      return finish(false);
    // Barriers that only some invocations of a workgroup may reach
    // (-Wdivergent-barrier): in the kernels, and once per device function.
    for (auto &k : typed)
      warnDivergentBarriers(k, inference, diags);
    std::set<const ast::FunctionDef *> checkedDeviceFunctions;
    for (auto &[key, spec] : inference.specializations)
      if (checkedDeviceFunctions.insert(spec->def).second)
        warnDivergentBarriers(*spec, inference, diags);
    if (kernels.empty())
      throw CompileError({1, 1}, fmt::format("'{}' contains no kernel (a function decorated "
                                             "with @cuda.jit or @nv.jit)",
                                             std::filesystem::path(path).filename().string()));
    for (size_t i = 0; i < kernels.size(); ++i)
      kernels[i].second = &typed[i];
    // One module has one integer width (device functions are generated
    // once) and one index width (the ABI's).
    for (auto &k : typed)
      if (k.intWidth != typed.front().intWidth)
        throw CompileError(k.def->getLoc(),
                           "all kernels of a file must use the same integer width (narrow=True "
                           "on all or none; @cuda.jit kernels compute with 64-bit integers unless "
                           "narrow=True, @nv.jit kernels with 32-bit ones unless narrow=False)");
    if (diags.errorCount())
      return finish(false);
    ModuleLowering lowering;
    lowering.intBits = typed.front().intWidth == IntWidth::Exact64 ? 64 : 32;
    lowering.indexBits = moduleIndexBits(typed);
    lowering.narrowFloats = typed.front().narrowFloats;
    // Narrowed kernels keep float64/complex128 data as float32/complex64 on
    // the device too (the launcher converts), as on targets without float64:
    // a float64 load that is narrowed at once only costs bandwidth.
    lowering.float32Storage = options.noFloat64 || lowering.narrowFloats;
    for (auto &k : typed) {
      if (k.narrowFloats != lowering.narrowFloats && !options.noFloat64)
        throw CompileError(k.def->getLoc(),
                           "all kernels of a file must use the same float width (narrow=True "
                           "or \"floats\" on all or none)");
      if (options.noFloat64) {
        if (!k.narrowFloats)
          throw CompileError(k.def->getLoc(),
                             fmt::format("kernel '{}' asks for exact float64 (narrow=False), "
                                         "which the target (--no-float64) does not have",
                                         k.def->name));
        bool usesFloat64 = false;
        for (auto &[expr, t] : k.exprTypes)
          usesFloat64 |= (t.isFloat() && t.bits() == 64) || (t.isComplex() && t.bits() == 128) ||
                         (t.isArray() && ((t.element().isFloat() && t.element().bits() == 64) ||
                                          (t.element().isComplex() && t.element().bits() == 128)));
        if (usesFloat64)
          diags.warning(k.def->getLoc(),
                        fmt::format("the target has no float64: kernel '{}' computes its "
                                    "float64 values in float32, and float64 data is converted "
                                    "to float32 by the launcher",
                                    k.def->name),
                        "float64-unavailable");
      }
    }
    module = generateMLIR(context, file, kernels, inference, lowering, scope.chains(), abis);
    if (auto error = assignWorkgroupSizes(typed, abis, options,
                                          std::filesystem::path(path).filename().string(), diags))
      throw OptionError{*error};
    for (auto &f : loader->loadedFiles())
      result.dependencies.push_back(f);
  } catch (CompileError &e) {
    diags.error(e.loc, e.message, e.file);
    return finish(false);
  } catch (CompileErrors &errors) {
    for (CompileError &e : errors.errors)
      diags.error(e.loc, e.message, e.file);
    return finish(false);
  } catch (OptionError &e) {
    diagText << "nvc: error: " << e.message << "\n";
    return finish(false);
  }
  if (diags.errorCount() || !module)
    return finish(false);

  unsigned indexBits = moduleIndexBits(typed);
  // Narrowed kernels (narrow=True/"floats") keep nvc's accurate math
  // library, whose float32 functions compute in float64 inside; only a target
  // without float64 makes them use the GLSL.std.450 built-ins.
  bool float32Only = options.noFloat64;
  // Target: Vulkan 1.1 (SPIR-V 1.3); spirv-update-vce trims the capability
  // list to what the module uses, and the manifest reports that. The
  // optional AtomicFloat32AddEXT, DenormPreserve and SignedZeroInfNanPreserve
  // (with their extensions)
  // are only used by the module variants.
  auto targetEnv = mlir::parseAttribute(
      "#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64, Int64, Int64Atomics, Int16, Int8, "
      "GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformShuffle, "
      "GroupNonUniformShuffleRelative, GroupNonUniformVote, GroupNonUniformBallot, "
      "AtomicFloat32AddEXT, DenormPreserve, SignedZeroInfNanPreserve], "
      "[SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add, "
      "SPV_KHR_float_controls]>, "
      "#spirv.resource_limits<>>",
      &context);
  module->getOperation()->setAttr(mlir::spirv::getTargetEnvAttrName(), targetEnv);

  if (mlir::failed(mlir::verify(*module))) {
    result.internalError = true;
    diags.error({}, "internal compiler error: generated MLIR does not verify");
    return finish(false);
  }
  mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
  try {
    buildLoweringPipeline(pm, pipelineOptionsFor(options, indexBits, float32Only));
  } catch (OptionError &e) {
    diagText << "nvc: error: " << e.message << "\n";
    return finish(false);
  }
  if (options.printPipeline) {
    result.text = pipelineText(pm);
    return finish(true);
  }
  bool printingIR = !options.printIRAfter.empty();
  if (printingIR) {
    if (options.emit != EmitKind::MLIR) {
      diagText << "nvc: error: --mlir-print-ir-after needs --emit=mlir\n";
      return finish(false);
    }
    if (!pipelineRuns(pipelineText(pm), options.printIRAfter)) {
      diagText << "nvc: error: --mlir-print-ir-after: pass '" << options.printIRAfter
               << "' is not in the pipeline (see --print-pipeline)\n";
      return finish(false);
    }
  }
  if (options.emit == EmitKind::MLIR && !printingIR) {
    llvm::raw_string_ostream os(result.text);
    module->print(os);
    return finish(true);
  }
  // The LLVM backend (--backend=llvm, --emit=llvm): the same preparation of
  // the kernels, then LLVM IR and LLVM's SPIR-V target (LLVMBackend.h).
  if (options.backend == Backend::LLVM || options.emit == EmitKind::LLVM) {
    LLVMBackendOutput llvmOut;
    std::string error;
    bool ok = compileThroughLLVM(*module, abis, pipelineOptionsFor(options, indexBits, float32Only), options.emit == EmitKind::LLVM,
                                 llvmOut, error);
    if (!ok || diags.errorCount()) {
      result.internalError = true;
      if (!diags.errorCount())
        diags.error({}, error.empty() ? "internal compiler error: the LLVM backend failed" : error);
      return finish(false);
    }
    if (options.emit == EmitKind::LLVM) {
      result.text = std::move(llvmOut.ir);
      return finish(true);
    }
    result.words = std::move(llvmOut.words);
    if (options.emit == EmitKind::SPIRVText)
      result.text = disassembleSPIRV(result.words);
    SPIRVModuleInfo info = spirvModuleInfo(result.words, kLLVMSPIRVTargetEnv);
    info.assumesNoAlias = llvmOut.assumesNoAlias;
    info.stagedSharedBytes = llvmOut.stagedSharedBytes;
    result.manifest = buildManifest(abis, info, {},
                                    std::filesystem::path(path).filename().string(), file.text())
                          .dump(2) +
                      "\n";
    return finish(true);
  }
  // Float32 atomic adds: the main module uses compare-and-swap loops (any
  // device); a variant uses OpAtomicFAddEXT for devices that have it. It
  // needs its own run of the pipeline, from a copy of the frontend module.
  bool floatAddVariant = false;
  if (options.emit == EmitKind::Binary)
    module->walk([&](mlir::memref::GenericAtomicRMWOp op) {
      floatAddVariant |= isNativeFloatAtomicAdd(op);
    });
  mlir::OwningOpRef<mlir::ModuleOp> floatAddModule;
  if (floatAddVariant)
    floatAddModule = module->clone();
  // Kernels that may flush float32 subnormals and assume no NaN, infinity or
  // signed zero, as Numba's fastmath=True does: those decorated so, or all
  // of them under --fastmath.
  std::vector<std::string> fastmathEntries;
  bool allFastmath = true;
  module->walk([&](mlir::func::FuncOp f) {
    if (!f->hasAttr(abi::kKernelAttr))
      return;
    if (options.fastMath || f->hasAttr(abi::kFastmathAttr))
      fastmathEntries.push_back(f.getName().str());
    else
      allFastmath = false;
  });

  // Runs `pipeline` on `m` and serializes the result; false (with a
  // diagnostic) on failure.
  auto lower = [&](mlir::PassManager &pipeline, mlir::ModuleOp m, std::vector<uint32_t> &words,
                   mlir::spirv::ModuleOp &spirvModule) {
    if (mlir::failed(pipeline.run(m))) {
      result.internalError = true;
      if (!diags.errorCount())
        diags.error({}, "internal compiler error: the lowering pipeline failed");
      return false;
    }
    if (diags.errorCount())
      return false;
    m->walk([&](mlir::spirv::ModuleOp s) { spirvModule = s; });
    if (!spirvModule) {
      result.internalError = true;
      diags.error({}, "internal compiler error: no SPIR-V module produced");
      return false;
    }
    std::string error;
    if (!emitSPIRV(spirvModule, words, error)) {
      result.internalError = true;
      diags.error({}, error);
      return false;
    }
    return true;
  };

  // MLIR's IR printing instrumentation, into `text`; the operation each run
  // of the pass worked on (a kernel, a gpu.module, ...), without locations.
  llvm::raw_string_ostream irDump(result.text);
  if (printingIR) {
    pm.enableIRPrinting(
        /*shouldPrintBeforePass=*/nullptr,
        [&](mlir::Pass *pass, mlir::Operation *) {
          return pass->getArgument() == options.printIRAfter;
        },
        /*printModuleScope=*/false, /*printAfterOnlyOnChange=*/false,
        /*printAfterOnlyOnFailure=*/false, irDump);
    if (mlir::failed(pm.run(*module))) {
      result.internalError = true;
      if (!diags.errorCount())
        diags.error({}, "internal compiler error: the lowering pipeline failed");
      return finish(false);
    }
    return finish(!diags.errorCount());
  }
  mlir::spirv::ModuleOp spirvModule;
  if (!lower(pm, *module, result.words, spirvModule))
    return finish(false);
  // Lists a serialized variant, for the files and for the manifest.
  std::vector<std::pair<std::string, SPIRVModuleInfo>> variants;
  auto addVariant = [&](const std::string &name, mlir::spirv::ModuleOp m,
                        std::vector<uint32_t> words) {
    result.variants.push_back({name, std::move(words)});
    variants.emplace_back(name, spirvModuleInfo(m));
  };
  // A float-controls variant of a finished spirv.module: a copy with the
  // execution modes added (buildFloatControlsPipeline), serialized and
  // validated like the main module. The copy carries the target environment
  // that the original finds on its parent.
  auto addFloatControlsVariant = [&](const std::string &name, mlir::spirv::ModuleOp base,
                                     const FloatControlModes &modes) {
    mlir::OwningOpRef<mlir::spirv::ModuleOp> copy(base.clone());
    (*copy)->setAttr(mlir::spirv::getTargetEnvAttrName(), targetEnv);
    mlir::PassManager derive(&context, mlir::spirv::ModuleOp::getOperationName());
    buildFloatControlsPipeline(derive, modes, fastmathEntries);
    std::vector<uint32_t> words;
    std::string error = "internal compiler error: the " + name + " pipeline failed";
    if (mlir::failed(derive.run(*copy)) || !emitSPIRV(*copy, words, error)) {
      result.internalError = true;
      if (!diags.errorCount())
        diags.error({}, error);
      return false;
    }
    addVariant(name, *copy, std::move(words));
    return true;
  };

  // Module variants (docs/manifest.md "variants"), in the launcher's order
  // of preference: every combination of the optional features that apply,
  // the atomic-float-add ones first, more features before fewer. Float
  // arithmetic outside fastmath kernels: variants ask the device to keep
  // float32 subnormals (DenormPreserve 32, where the main module leaves them
  // to the device and NVIDIA flushes them) and signed zeros, infinities and
  // NaNs (SignedZeroInfNanPreserve for each width used), for devices that
  // can. Each feature is independent on the device side, so the first
  // runnable variant is the one with every feature the device has.
  std::vector<int32_t> widths;
  if (options.emit == EmitKind::Binary && !allFastmath)
    widths = floatWidths(spirvModule, fastmathEntries);
  const bool denorm = llvm::is_contained(widths, 32);
  const bool signedZero = !widths.empty();
  struct FloatControlsKind {
    const char *name;
    FloatControlModes modes;
  };
  std::vector<FloatControlsKind> floatControls;
  if (denorm && signedZero)
    floatControls.push_back({"denorm-preserve-signed-zero-inf-nan-preserve", {true, widths}});
  if (signedZero)
    floatControls.push_back({"signed-zero-inf-nan-preserve", {false, widths}});
  if (denorm)
    floatControls.push_back({"denorm-preserve", {true, {}}});
  // The float-controls variants of `base`, named `prefix` + their kind.
  auto addFloatControlsVariants = [&](const std::string &prefix, mlir::spirv::ModuleOp base) {
    for (const FloatControlsKind &kind : floatControls)
      if (!addFloatControlsVariant(prefix + kind.name, base, kind.modes))
        return false;
    return true;
  };
  if (floatAddModule) {
    PipelineOptions native = pipelineOptionsFor(options, indexBits, float32Only);
    native.nativeFloatAtomicAdd = true;
    mlir::PassManager floatAddPipeline(&context, mlir::ModuleOp::getOperationName());
    buildLoweringPipeline(floatAddPipeline, native);
    std::vector<uint32_t> floatAddWords;
    mlir::spirv::ModuleOp floatAddSPIRV;
    if (!lower(floatAddPipeline, *floatAddModule, floatAddWords, floatAddSPIRV))
      return finish(false);
    // Arrays that also see float max/min/exch stay on compare-and-swap
    // loops: then the variant is the main module again, and is dropped.
    if (floatAddWords != result.words) {
      if (!addFloatControlsVariants("atomic-float-add-", floatAddSPIRV))
        return finish(false);
      addVariant("atomic-float-add", floatAddSPIRV, std::move(floatAddWords));
    }
  }
  if (!addFloatControlsVariants("", spirvModule))
    return finish(false);
  if (options.emit == EmitKind::SPIRVText)
    result.text = disassembleSPIRV(result.words);
  nlohmann::json manifest =
      buildManifest(abis, spirvModuleInfo(spirvModule), variants,
                    std::filesystem::path(path).filename().string(), file.text());
  result.manifest = manifest.dump(2) + "\n";
  return finish(true);
}

} // namespace nvc
