//===- nvc.cpp - The nvc compiler driver -----------------------------------===//
//
// `nvc KERNEL.py -o OUT.spv` compiles every kernel of a file that has a
// signature into one SPIR-V module and writes OUT.spv and OUT.json (the
// binding manifest). The driver:
//  1. parses the command line (CLI11) and reads the source;
//  2. parses, resolves module names and types each kernel per signature;
//  3. generates MLIR (--emit=mlir stops here and prints it, verified);
//  4. runs the lowering pipeline (passes/Pipeline.cpp);
//  5. serializes and validates the SPIR-V (--emit=spirv prints it);
//  6. writes the outputs atomically: a temporary file renamed into place, so
//     a failed compile never leaves an output behind.
// Diagnostics are `file:line:col: error: …` with the source line and a
// caret; any error exits with status 1.
//
//===----------------------------------------------------------------------===//
#include "compiler/Manifest.h"
#include "compiler/SPIRVBinary.h"
#include "frontend/MLIRGen.h"
#include "frontend/Parser.h"
#include "frontend/TypeInference.h"
#include "passes/Passes.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/IR/AsmState.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/Verifier.h>
#include <mlir/AsmParser/AsmParser.h>

#include <cstdio>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct Options {
  std::string input;
  std::string output;
  std::string emit = "spv";
  std::string localSize = "64";
  std::vector<std::string> signatures;
  unsigned indexBits = 32;
  bool werror = false;
  std::vector<std::string> warningFlags;
};

[[noreturn]] void fatal(const std::string &message) {
  std::cerr << "nvc: error: " << message << "\n";
  std::exit(1);
}

/// Writes `data` to `path` through a temporary file in the same directory
/// and a rename, so readers never see a partial file.
void writeAtomically(const fs::path &path, const std::string &data) {
  fs::path tmp = path;
  tmp += fmt::format(".tmp{}", static_cast<long>(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out)
      fatal(fmt::format("cannot write '{}'", path.string()));
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      fatal(fmt::format("cannot write '{}'", path.string()));
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    fatal(fmt::format("cannot write '{}'", path.string()));
  }
}

std::array<int32_t, 3> parseLocalSize(const std::string &text) {
  std::array<int32_t, 3> size = {1, 1, 1};
  std::stringstream ss(text);
  std::string part;
  int d = 0;
  while (std::getline(ss, part, ',')) {
    if (d == 3)
      fatal("--local-size takes at most three values");
    try {
      size_t used = 0;
      long v = std::stol(part, &used);
      if (used != part.size() || v < 1 || v > 1024)
        throw std::invalid_argument("range");
      size[d++] = static_cast<int32_t>(v);
    } catch (...) {
      fatal(fmt::format("invalid --local-size '{}': expected X[,Y[,Z]] with values 1..1024",
                        text));
    }
  }
  if (d == 0)
    fatal("--local-size needs a value");
  return size;
}

/// Prints MLIR's diagnostics (pass failures) in nvc's format.
void printMLIRDiagnostic(nvc::DiagnosticEngine &diags, mlir::Diagnostic &diag) {
  nvc::ast::Location loc;
  if (auto fl = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation()))
    loc = {fl.getLine(), fl.getColumn()};
  std::string message;
  llvm::raw_string_ostream os(message);
  os << diag;
  if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
    diags.error(loc, "internal compiler error: " + message);
  else
    diags.note(loc, message);
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  CLI::App app{"nvc: compile Python GPU kernels (Numba's @cuda.jit / @nv.jit subset) to SPIR-V "
               "for Vulkan compute"};
  app.set_version_flag("--version", "nvc " NVC_VERSION " (MLIR/LLVM 22, SPIR-V 1.3, Vulkan 1.1)");
  app.add_option("input", opt.input, "kernel source file (.py)")->required();
  app.add_option("-o,--output", opt.output,
                 "output file (default: INPUT with .spv; '-' for stdout with --emit=mlir|spirv)");
  app.add_option("--emit", opt.emit, "what to produce: spv (module + manifest), mlir, spirv")
      ->check(CLI::IsMember({"spv", "mlir", "spirv"}));
  app.add_option("--local-size", opt.localSize,
                 "default workgroup size X[,Y[,Z]] (default 64); launchers may override it");
  app.add_option("--sig", opt.signatures,
                 "kernel signature NAME=SIGNATURE, e.g. 'saxpy=void(float32, float32[:], "
                 "float32[:])'; overrides the source");
  app.add_option("--index-bits", opt.indexBits,
                 "integer width inside kernels: 32 (default, as numba-vulkan) or 64 (exact)")
      ->check(CLI::IsMember({32u, 64u}));
  app.add_flag("--Werror", opt.werror, "treat warnings as errors (also -Werror)");
  // Accept the compiler spellings -Werror and -Wno-<flag>.
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-Werror")
      opt.werror = true;
    else if (a.rfind("-Wno-", 0) == 0)
      opt.warningFlags.push_back(a.substr(5));
    else
      args.push_back(a);
  }
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? 0 : 1;
  }

  std::ifstream in(opt.input, std::ios::binary);
  if (!in || fs::is_directory(opt.input))
    fatal(fmt::format("cannot open '{}'", opt.input));
  std::stringstream buffer;
  buffer << in.rdbuf();
  nvc::SourceFile file(opt.input, buffer.str());
  nvc::DiagnosticEngine diags(file, std::cerr);
  diags.setWarningsAsErrors(opt.werror);
  for (auto &flag : opt.warningFlags)
    diags.disableWarning(flag);
  std::array<int32_t, 3> localSize = parseLocalSize(opt.localSize);

  mlir::MLIRContext context;
  nvc::registerNvcDialects(context);
  std::vector<nvc::EntryPointABI> abis;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<nvc::TypedKernel> typed;
  std::unique_ptr<nvc::ast::Module> ast;
  try {
    ast = nvc::parseModule(file);
    nvc::ModuleScope scope(*ast, diags);
    // --sig NAME=SIGNATURE replaces the source's signatures of NAME.
    std::map<std::string, std::vector<nvc::Signature>> cliSigs;
    for (auto &s : opt.signatures) {
      size_t eq = s.find('=');
      if (eq == std::string::npos || eq == 0)
        fatal(fmt::format("invalid --sig '{}': expected NAME=SIGNATURE", s));
      try {
        cliSigs[s.substr(0, eq)].push_back(nvc::parseSignatureString(s.substr(eq + 1), {}));
      } catch (nvc::CompileError &e) {
        fatal(fmt::format("invalid --sig '{}': {}", s, e.message));
      }
    }
    for (auto &[name, sigs] : cliSigs) {
      bool found = false;
      for (auto &fn : scope.functions())
        if (fn.def->name == name) {
          found = true;
          for (auto &sig : sigs)
            if (sig.params.size() != fn.def->params.size())
              fatal(fmt::format("--sig for '{}' has {} parameter types but the function has {} "
                                "parameters",
                                name, sig.params.size(), fn.def->params.size()));
          fn.signatures = sigs;
        }
      if (!found)
        fatal(fmt::format("--sig names '{}', which is not a @jit function of '{}'", name,
                          opt.input));
    }
    typed.reserve(scope.functions().size() * 2);
    std::vector<std::pair<std::string, const nvc::TypedKernel *>> kernels;
    for (auto &fn : scope.functions()) {
      if (!fn.isKernel)
        continue;
      if (fn.signatures.empty())
        throw nvc::CompileError(
            fn.def->getLoc(),
            fmt::format("kernel '{}' has no signature: nvc compiles ahead of time and needs the "
                        "argument types, e.g. @cuda.jit(\"void(float32, float32[::1])\"), "
                        "annotations (def {}(a: float32, x: float32[::1])), or --sig "
                        "'{}=void(float32, float32[::1])'",
                        fn.def->name, fn.def->name, fn.def->name));
      for (size_t i = 0; i < fn.signatures.size(); ++i) {
        nvc::TypedKernel k = nvc::inferKernel(scope, fn, fn.signatures[i], diags);
        if (opt.indexBits == 64)
          k.intWidth = nvc::IntWidth::Exact64;
        typed.push_back(std::move(k));
        std::string entry = fn.def->name + (i ? fmt::format("__{}", i) : "");
        kernels.emplace_back(entry, nullptr);
      }
    }
    if (kernels.empty())
      fatal(fmt::format("'{}' contains no kernel (a function decorated with @cuda.jit or "
                        "@nv.jit)",
                        opt.input));
    for (size_t i = 0; i < kernels.size(); ++i)
      kernels[i].second = &typed[i];
    // One module has one integer width (the ABI's index width).
    for (auto &k : typed)
      if (k.intWidth != typed.front().intWidth)
        throw nvc::CompileError(k.def->getLoc(),
                                "all kernels of a file must use the same integer width "
                                "(narrow=False on all or none)");
    module = nvc::generateMLIR(context, file, kernels, abis);
  } catch (nvc::CompileError &e) {
    diags.error(e.loc, e.message);
    return 1;
  }
  if (diags.errorCount())
    return 1;

  unsigned indexBits = typed.front().intWidth == nvc::IntWidth::Exact64 ? 64 : 32;
  // Target: Vulkan 1.1 (SPIR-V 1.3); spirv-update-vce trims the capability
  // list to what the module uses, and the manifest reports that.
  auto targetEnv = mlir::parseAttribute(
      "#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64, Int64, Int16, Int8, "
      "GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>",
      &context);
  module->getOperation()->setAttr(mlir::spirv::getTargetEnvAttrName(), targetEnv);

  fs::path outPath = opt.output.empty() ? fs::path(opt.input).replace_extension(
                                              opt.emit == "spv" ? ".spv" : "")
                                        : fs::path(opt.output);
  auto emitText = [&](const std::string &text) {
    if (opt.output.empty() || opt.output == "-")
      std::cout << text;
    else
      writeAtomically(outPath, text);
  };

  if (mlir::failed(mlir::verify(*module))) {
    diags.error({}, "internal compiler error: generated MLIR does not verify");
    return 1;
  }
  if (opt.emit == "mlir") {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    emitText(text);
    return 0;
  }

  mlir::PassManager pm(&context);
  nvc::PipelineOptions pipelineOptions;
  pipelineOptions.localSize = localSize;
  pipelineOptions.indexBits = indexBits;
  nvc::buildLoweringPipeline(pm, pipelineOptions);
  {
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
      printMLIRDiagnostic(diags, d);
      return mlir::success();
    });
    if (mlir::failed(pm.run(*module)) || diags.errorCount())
      return 1;
  }
  mlir::spirv::ModuleOp spirvModule;
  module->walk([&](mlir::spirv::ModuleOp m) { spirvModule = m; });
  if (!spirvModule) {
    diags.error({}, "internal compiler error: no SPIR-V module produced");
    return 1;
  }
  std::vector<uint32_t> words;
  std::string error;
  if (!nvc::emitSPIRV(spirvModule, words, error)) {
    diags.error({}, error);
    return 1;
  }
  if (opt.emit == "spirv") {
    emitText(nvc::disassembleSPIRV(words));
    return 0;
  }
  if (opt.output == "-")
    fatal("binary output cannot go to stdout; give -o FILE.spv");
  nlohmann::json manifest = nvc::buildManifest(abis, spirvModule, localSize,
                                               fs::path(opt.input).filename().string(),
                                               file.text());
  fs::path manifestPath = fs::path(outPath).replace_extension(".json");
  std::string binary(reinterpret_cast<const char *>(words.data()), words.size() * 4);
  writeAtomically(outPath, binary);
  writeAtomically(manifestPath, manifest.dump(2) + "\n");
  return 0;
}
