//===- nvc.cpp - The nvc compiler driver -----------------------------------===//
//
// `nvc KERNEL.py -o OUT.spv` compiles every kernel of a file that has a
// signature into one SPIR-V module and writes OUT.spv and OUT.json (the
// binding manifest). This file is the command line only:
//  1. parses the options (CLI11, plus the compiler spellings -Werror,
//     -Wno-<flag>, -MD, -MF FILE, -MT TARGET, -MP, -O<level>, -fno-<pass>) and
//     reads the source;
//  2. calls compileSource() (Compile.h), which runs every stage in memory;
//  3. prints its diagnostics to stderr (any error exits with status 1);
//  4. writes the outputs atomically: temporary files renamed into place, so
//     a failed compile never leaves an output behind (--print-pipeline
//     prints the pass pipeline instead, and needs no input file);
//  5. with -MD, writes a Make-style depfile (OUT.spv: SOURCE …) for build
//     systems (CMake's add_custom_command DEPFILE, Ninja, Make).
//
//===----------------------------------------------------------------------===//
#include "compiler/Compile.h"
#include "compiler/DiagnosticFormats.h"
#include "compiler/ResponseFiles.h"
#include "compiler/TargetEnv.h"
#include "compiler/Variants.h"
#include "frontend/sema/TypeInference.h"
#include "passes/Passes.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <list>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace {

struct Options {
  std::string input;
  std::string output;
  std::string emit = "spv";
  std::string backend = "mlir";
  std::string targetEnv; // --target-env; empty: the backend's default
  std::vector<std::string> localSizes;
  std::vector<std::string> signatures;
  std::vector<std::string> kernels; // --kernel
  unsigned indexBits = 0;
  std::string narrow;
  std::vector<std::string> includeDirs;
  bool noFloat64 = false;
  bool werror = false;
  bool noWarnings = false;              // -w
  std::string diagnosticsFormat = "text"; // -fdiagnostics-format=
  int color = -1;                         // -f(no-)color-diagnostics; -1: a terminal decides
  std::vector<std::pair<std::string, std::string>> defines; // -D NAME=VALUE
  std::vector<std::string> warningFlags; // groups silenced by -Wno-<flag> (-W<flag> re-enables)
  bool writeDepfile = false;   // -MD
  std::string depfile;         // -MF FILE (default: OUT with .d)
  std::string depTarget;       // -MT TARGET (default: OUT)
  bool phonyDepTargets = false; // -MP
  // Optimisation (docs/optimisation.md).
  unsigned optLevel = 2;                 // -O0..-O3
  std::vector<std::string> disabledPasses; // -fno-<pass>
  bool printPipeline = false;
  bool timeReport = false; // -ftime-report
  bool verifyEach = false;
  std::string printIRAfter;
  std::string fpContract = "off";
  bool fastMath = false;
  unsigned coarsen = 0;                  // --coarsen=C (0: the cost model decides)
  std::string errorModel = "numpy";      // --error-model
  bool boundscheck = false;              // --boundscheck
};

[[noreturn]] void fatal(const std::string &message) {
  std::cerr << "nvc: error: " << message << "\n";
  std::exit(1);
}

/// A failure to write an output; thrown so that every pending temporary file
/// is removed on the way out.
struct WriteError {
  std::string message;
};

/// A temporary file next to `path`, renamed into place by commit(); removed
/// by the destructor if never committed. Throws WriteError.
class PendingFile {
public:
  PendingFile(fs::path path, const std::string &data) : path_(std::move(path)) {
    tmp_ = path_;
    tmp_ += fmt::format(".tmp{}", static_cast<long>(::getpid()));
    errno = 0;
    std::ofstream out(tmp_, std::ios::binary);
    if (out) {
      out.write(data.data(), static_cast<std::streamsize>(data.size()));
      out.close();
    }
    if (!out) {
      std::string why = errno ? std::strerror(errno) : "write failed";
      discard();
      throw WriteError{fmt::format("cannot write '{}': {}", path_.string(), why)};
    }
  }
  PendingFile(const PendingFile &) = delete;
  PendingFile &operator=(const PendingFile &) = delete;
  ~PendingFile() { discard(); }
  const fs::path &path() const { return path_; }
  /// Throws WriteError if commit() is bound to fail: the path names a
  /// directory. (The temporary file beside it was created, so the directory
  /// is writable.) Checked for every output before any is committed, so
  /// that a failure leaves all of them as they were.
  void checkTarget() const {
    std::error_code ec;
    if (fs::is_directory(path_, ec))
      throw WriteError{fmt::format("cannot write '{}': it is a directory", path_.string())};
  }
  void commit() {
    std::error_code ec;
    fs::rename(tmp_, path_, ec);
    if (ec) {
      discard();
      throw WriteError{fmt::format("cannot write '{}': {}", path_.string(), ec.message())};
    }
    tmp_.clear();
  }

private:
  void discard() {
    std::error_code ec;
    if (!tmp_.empty())
      fs::remove(tmp_, ec);
    tmp_.clear();
  }
  fs::path path_, tmp_;
};

/// The names of the module variants that the nvc manifest at `path` lists
/// and nvc makes (nvc::kModuleVariantNames); none when there is no such file
/// or it is not an nvc manifest.
std::vector<std::string> listedVariants(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  nlohmann::json manifest = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  std::vector<std::string> names;
  if (!manifest.is_object() || !manifest.contains("variants") || !manifest["variants"].is_array())
    return names;
  for (const nlohmann::json &v : manifest["variants"])
    if (v.is_object() && v.contains("name") && v["name"].is_string())
      for (const char *known : nvc::kModuleVariantNames)
        if (v["name"].get<std::string>() == known)
          names.push_back(known);
  return names;
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

/// A path in a Make rule: spaces, '#' and '$' escaped as GCC and Clang do.
std::string escapeMakePath(const std::string &path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#' || c == '\\')
      out += '\\';
    else if (c == '$')
      out += '$';
    out += c;
  }
  return out;
}

/// The Make rule `target: deps…`; with `phony` (-MP, as GCC's) also an empty
/// rule for each dependency after the first (the kernel file), so that Make
/// does not stop when a helper module is deleted or renamed.
std::string makeDepfile(const std::string &target, const std::vector<std::string> &deps,
                        bool phony) {
  std::string text = escapeMakePath(target) + ":";
  for (auto &d : deps)
    text += " \\\n  " + escapeMakePath(d);
  text += "\n";
  if (phony)
    for (size_t i = 1; i < deps.size(); ++i)
      text += "\n" + escapeMakePath(deps[i]) + ":\n";
  return text;
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  CLI::App app{"nvc: compile Python GPU kernels (Numba's @cuda.jit / @nv.jit subset) to SPIR-V "
               "for Vulkan compute"};
  // By default each module declares the lowest SPIR-V version it needs
  // (spirv-update-vce; the manifest's spirv_version says which): 1.0 unless
  // it uses subgroup operations or other 1.3 features, which Vulkan 1.1
  // consumes; --target-env declares its environment's (compiler/TargetEnv.h).
  app.name("nvc"); // the Usage: line names the program, as other drivers' do
  app.set_version_flag("--version", "nvc " NVC_VERSION
                       " (MLIR/LLVM 22; SPIR-V 1.0 to 1.3 for Vulkan 1.1, each module the lowest "
                       "version it needs; --target-env vulkan1.1 to vulkan1.4: SPIR-V 1.3 to "
                       "1.6)");
  app.add_option("input", opt.input, "kernel source file (.py)");
  app.add_option("-o,--output", opt.output,
                 "output file (default: INPUT with .spv; stdout for the other --emit kinds, or '-')");
  app.add_option("--emit", opt.emit,
                 "what to produce: spv (module + manifest), mlir, spirv (disassembly), llvm "
                 "(the optimised LLVM IR of the LLVM backend), header (a C++17 header with "
                 "the module, its variants and manifest embedded and a typed launch class per "
                 "kernel, on the nvc runtime)")
      ->check(CLI::IsMember({"spv", "mlir", "spirv", "llvm", "header"}));
  app.add_option("--backend", opt.backend,
                 "SPIR-V code generator: mlir (default; SPIR-V 1.0 to 1.3, Vulkan 1.1) or llvm "
                 "(LLVM's SPIR-V target; SPIR-V 1.5, Vulkan 1.2)")
      ->check(CLI::IsMember({"mlir", "llvm"}));
  app.add_option("--target-env", opt.targetEnv,
                 "the Vulkan version that must run the modules: vulkan1.1, vulkan1.2, "
                 "vulkan1.3 or vulkan1.4. The module declares the highest SPIR-V version it "
                 "consumes (1.3, 1.5, 1.6, 1.6) and is validated by its rules; the launcher "
                 "refuses older devices. Default: Vulkan 1.1 with each module the lowest "
                 "SPIR-V version it needs (vulkan1.2 with --backend=llvm)")
      ->check(CLI::IsMember(nvc::targetEnvNames()));
  app.add_option("--local-size", opt.localSizes,
                 "default workgroup size X[,Y[,Z]] of every kernel, or NAME=X[,Y[,Z]] of kernel "
                 "NAME (repeatable; over the decorator's local_size=); launchers may override it")
      ->allow_extra_args(false);
  app.add_option("-I,--include-dir", opt.includeDirs,
                 "directory searched for imported helper modules (after the kernel's own)");
  app.add_option("--sig", opt.signatures,
                 "kernel signature NAME=SIGNATURE, e.g. 'saxpy=void(float32, float32[:], "
                 "float32[:])'; overrides the source");
  app.add_option("--kernel", opt.kernels,
                 "compile only kernel (or @nv.chain function) NAME; repeatable. The file's "
                 "other kernels are not compiled, as Numba compiles a kernel when it is "
                 "first launched");
  app.add_option("--index-bits", opt.indexBits,
                 "integer, extent and index width of kernels without narrow=: 32 (as "
                 "numba-vulkan) or 64 (exact, arrays of 2^31 elements and more); default: "
                 "64-bit integers for @cuda.jit, 32-bit for @nv.jit, 32-bit extents")
      ->check(CLI::IsMember({32u, 64u}));
  app.add_option("--narrow", opt.narrow,
                 "precision of kernels without narrow=: true (32-bit integers and floats), "
                 "floats (32-bit floats, 64-bit integers), false (exact 64-bit); default: "
                 "64-bit integers for @cuda.jit, 32-bit for @nv.jit, floats keep their width")
      ->check(CLI::IsMember({"true", "floats", "false"}));
  app.add_flag("--no-float64", opt.noFloat64,
               "target devices without float64 (shaderFloat64): compute in float32, with a "
               "warning; the launcher converts float64 data");
  app.add_flag("--Werror", opt.werror, "treat warnings as errors (also -Werror)");
  app.add_option("--fp-contract", opt.fpContract,
                 "fuse float a*b+c into FMAs: off (default; only in kernels with "
                 "fastmath=True, results match a CPU) or fast (every kernel)")
      ->check(CLI::IsMember({"off", "fast"}));
  app.add_flag("--fastmath", opt.fastMath,
               "every kernel as if decorated fastmath=True: float32 sin/cos/tan/exp/log/pow/... "
               "use the device's built-ins (error in docs/math.md), invariant factors are "
               "distributed over sums for hoisting; implies --fp-contract=fast");
  app.add_option("--error-model", opt.errorModel,
                 "division and modulo by zero in functions without error_model=: numpy "
                 "(default, numba.cuda's: 0, inf or nan) or python (raise ZeroDivisionError)")
      ->check(CLI::IsMember({"numpy", "python"}));
  app.add_flag("--boundscheck", opt.boundscheck,
               "check every array index of every function against its extent, raising "
               "IndexError (as NUMBA_BOUNDSCHECK=1, which nvc also reads; NUMBA_BOUNDSCHECK=0 "
               "turns boundscheck= off everywhere)");
  app.add_option("--coarsen", opt.coarsen,
                 "thread coarsening: outputs of a 1-D grid per invocation, or workgroups merged "
                 "into one in kernels with barriers, in kernels without coarsen= (1 disables it; "
                 "default: a cost model, -O2 and up)")
      ->check(CLI::Range(1u, nvc::kMaxCoarsenFactor));
  app.add_flag("--print-pipeline", opt.printPipeline,
               "print the MLIR pass pipeline the compile runs (mlir-opt --pass-pipeline "
               "syntax) and exit; without INPUT, the pipeline for the options given");
  app.add_option("--mlir-print-ir-after", opt.printIRAfter,
                 "with --emit=mlir: output the IR after each run of the pass PASS (its MLIR "
                 "name, as in --print-pipeline) instead of the frontend's MLIR");
  app.add_flag("--verify-each", opt.verifyEach,
               "verify the IR after every pass (names the pass that breaks it; the tests "
               "compile with it), not only before and after the pipeline");
  std::string passNames;
  for (const nvc::OptimizationPass &p : nvc::optimizationPasses())
    passNames += fmt::format("\n  -fno-{:<16} {} (-O{} and up)", p.name, p.summary, p.minLevel);
  app.footer("Compiler-style options: @FILE reads arguments from FILE (GCC's quoting rules); "
             "-D NAME=VALUE binds the kernel file's module-level NAME to the Python expression "
             "VALUE instead (-D NAME: True); "
             "-Werror, -Wno-<flag>, -W<flag> (on again; the last one wins), -w (no warnings); "
             "-fdiagnostics-format=text|json|sarif (GCC's JSON, SARIF 2.1.0; to stderr), "
             "-f[no-]color-diagnostics (default: colour on a terminal); "
             "-ftime-report prints the time of every stage, each MLIR pass among them, on "
             "stderr; "
             "-MD writes a Make-style depfile "
             "(OUT.spv: SOURCE …) to OUT with .d, or to -MF FILE; -MT TARGET names the rule's "
             "target (default: OUT); -MP adds an empty rule for each helper module, as GCC's."
             "\nOptimisation: -O0 (only the passes correctness needs), "
             "-O1, -O2 (default), -O3; -fno-<pass> removes one optimisation pass:" +
             passNames + "\n");
  // @FILE arguments first (GCC's response files), then the compiler
  // spellings -Werror, -Wno-<flag>, -W<flag>, -w, -MD, -MF FILE, -MT TARGET,
  // -MP, -O<level>, -f... (diagnostics, -ftime-report), -fno-<pass>.
  std::vector<std::string> argvIn;
  for (int i = 1; i < argc; ++i)
    argvIn.push_back(argv[i]);
  std::vector<std::string> given;
  try {
    given = nvc::expandResponseFiles(argvIn);
  } catch (const std::runtime_error &e) {
    fatal(e.what());
  }
  std::vector<std::string> args;
  for (size_t i = 0; i < given.size(); ++i) {
    const std::string &a = given[i];
    if (a == "-Werror")
      opt.werror = true;
    else if (a == "-w")
      opt.noWarnings = true;
    else if (a.rfind("-Wno-", 0) == 0)
      opt.warningFlags.push_back(a.substr(5));
    else if (a == "-Wall" || a == "-Wextra" || a == "-Weverything")
      opt.warningFlags.clear(); // every group is on by default: these undo earlier -Wno-
    else if (a.size() > 2 && a.rfind("-W", 0) == 0 && a.rfind("-Werror", 0) != 0) {
      // -W<flag>: the group on again after a -Wno-<flag> (the last one wins).
      std::string flag = a.substr(2);
      opt.warningFlags.erase(std::remove(opt.warningFlags.begin(), opt.warningFlags.end(), flag),
                             opt.warningFlags.end());
    } else if (a == "-D" || (a.size() > 2 && a.rfind("-D", 0) == 0)) {
      // -D NAME=VALUE or -DNAME=VALUE: a module-level constant of the kernel
      // file overridden (-D NAME alone is NAME = True, as a macro is 1).
      std::string def = a.size() > 2 ? a.substr(2) : "";
      if (a == "-D") {
        if (i + 1 >= given.size())
          fatal("-D needs NAME=VALUE");
        def = given[++i];
      }
      size_t eq = def.find('=');
      opt.defines.emplace_back(def.substr(0, eq), eq == std::string::npos ? "True"
                                                                          : def.substr(eq + 1));
    } else if (a == "-MD")
      opt.writeDepfile = true;
    else if (a == "-MP")
      opt.phonyDepTargets = true;
    else if (a == "-MF" || a == "-MT") {
      if (i + 1 >= given.size())
        fatal(fmt::format("{} needs an argument", a));
      (a == "-MF" ? opt.depfile : opt.depTarget) = given[++i];
    } else if (a.rfind("-MF", 0) == 0)
      opt.depfile = a.substr(3);
    else if (a.rfind("-MT", 0) == 0)
      opt.depTarget = a.substr(3);
    else if (a.size() == 3 && a.rfind("-O", 0) == 0 && a[2] >= '0' && a[2] <= '9') {
      if (a[2] > '3')
        fatal(fmt::format("invalid {}: the levels are -O0 to -O3", a));
      opt.optLevel = static_cast<unsigned>(a[2] - '0');
    } else if (a.rfind("-fdiagnostics-format=", 0) == 0) {
      opt.diagnosticsFormat = a.substr(21);
      if (opt.diagnosticsFormat != "text" && opt.diagnosticsFormat != "json" &&
          opt.diagnosticsFormat != "sarif")
        fatal(fmt::format("invalid {}: the formats are text, json and sarif", a));
    } else if (a == "-fcolor-diagnostics" || a == "-fdiagnostics-color" ||
               a == "-fdiagnostics-color=always")
      opt.color = 1;
    else if (a == "-fno-color-diagnostics" || a == "-fno-diagnostics-color" ||
             a == "-fdiagnostics-color=never")
      opt.color = 0;
    else if (a == "-fdiagnostics-color=auto")
      opt.color = -1;
    else if (a == "-ftime-report" || a == "-fno-time-report")
      opt.timeReport = a == "-ftime-report";
    else if (a.rfind("-fno-", 0) == 0 && a.size() > 5)
      opt.disabledPasses.push_back(a.substr(5));
    else
      args.push_back(a);
  }
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? 0 : 1;
  }
  nvc::CompileOptions options;
  options.optLevel = opt.optLevel;
  options.disabledPasses = opt.disabledPasses;
  options.printPipeline = opt.printPipeline;
  options.timeReport = opt.timeReport;
  options.verifyEach = opt.verifyEach;
  // The process exits after writing the outputs: the compile's IR is left to
  // the operating system, as clang's driver does (CompileOptions::disableFree).
  options.disableFree = true;
  options.printIRAfter = opt.printIRAfter;
  options.fpContractFast = opt.fpContract == "fast";
  options.fastMath = opt.fastMath;
  options.coarsen = opt.coarsen;
  options.pythonErrorModel = opt.errorModel == "python";
  // Numba's NUMBA_BOUNDSCHECK: "0" or "1" overrides every function's
  // boundscheck=; unset or empty leaves them (numba/core/config.py).
  if (const char *env = std::getenv("NUMBA_BOUNDSCHECK"); env && *env)
    options.boundscheck = std::string(env) != "0";
  if (opt.boundscheck)
    options.boundscheck = true;
  if (opt.input.empty()) {
    if (!opt.printPipeline)
      fatal("no input file (see --help)");
    options.indexBits = opt.indexBits;
    options.narrow = opt.narrow;
    options.noFloat64 = opt.noFloat64;
    std::string error;
    std::string text = nvc::describePipeline(options, error);
    if (!error.empty())
      fatal(error);
    std::cout << text;
    return 0;
  }
  if (!opt.depfile.empty() && !opt.writeDepfile)
    opt.writeDepfile = true; // -MF implies -MD, as with -M* in GCC drivers
  if (opt.writeDepfile && (opt.output.empty() || opt.output == "-") && opt.emit != "spv")
    fatal("-MD needs an output file (-o FILE)");

  std::ifstream in(opt.input, std::ios::binary);
  if (!in || fs::is_directory(opt.input))
    fatal(fmt::format("cannot open '{}'", opt.input));
  std::stringstream buffer;
  buffer << in.rdbuf();

  options.emit = opt.emit == "mlir"    ? nvc::EmitKind::MLIR
                 : opt.emit == "spirv" ? nvc::EmitKind::SPIRVText
                 : opt.emit == "llvm"  ? nvc::EmitKind::LLVM
                 : opt.emit == "header" ? nvc::EmitKind::Header
                                       : nvc::EmitKind::Binary;
  options.backend = opt.backend == "llvm" ? nvc::Backend::LLVM : nvc::Backend::MLIR;
  options.targetEnv = opt.targetEnv;
  for (const std::string &text : opt.localSizes) {
    // NAME=X[,Y[,Z]] names a kernel; a bare size is every kernel's.
    if (auto eq = text.find('='); eq != std::string::npos) {
      const std::string name = text.substr(0, eq);
      if (name.empty())
        fatal(fmt::format("invalid --local-size '{}': expected NAME=X[,Y[,Z]]", text));
      options.localSizeByKernel[name] = parseLocalSize(text.substr(eq + 1));
    } else {
      if (options.localSizeGiven)
        fatal("--local-size gives the size of every kernel twice (use NAME=X[,Y[,Z]] for one "
              "kernel)");
      options.localSize = parseLocalSize(text);
      options.localSizeGiven = true;
    }
  }
  options.signatures = opt.signatures;
  options.kernels = opt.kernels;
  options.indexBits = opt.indexBits;
  options.narrow = opt.narrow;
  options.includeDirs = opt.includeDirs;
  options.noFloat64 = opt.noFloat64;
  options.warningsAsErrors = opt.werror;
  options.disabledWarnings = opt.warningFlags;
  options.suppressWarnings = opt.noWarnings;
  // Colour on a terminal unless told otherwise, as Clang; never in the
  // machine-readable formats.
  options.colorDiagnostics =
      opt.diagnosticsFormat == "text" &&
      (opt.color == 1 || (opt.color == -1 && isatty(STDERR_FILENO) && !std::getenv("NO_COLOR") &&
                          std::string(std::getenv("TERM") ? std::getenv("TERM") : "") != "dumb"));
  options.defines = opt.defines;
  if (opt.emit == "spv" && opt.output == "-")
    fatal("binary output cannot go to stdout; give -o FILE.spv");

  nvc::CompileResult result = nvc::compileSource(opt.input, buffer.str(), options);
  if (opt.diagnosticsFormat == "json")
    std::cerr << nvc::diagnosticsJSON(result.diagnosticRecords);
  else if (opt.diagnosticsFormat == "sarif")
    std::cerr << nvc::diagnosticsSARIF(result.diagnosticRecords, NVC_VERSION);
  else
    std::cerr << result.diagnostics;
  std::cerr << result.timeReport;
  if (!result.success)
    return 1;

  fs::path outPath = opt.output.empty() ? fs::path(opt.input).replace_extension(
                                              opt.emit == "spv" ? ".spv" : "")
                                        : fs::path(opt.output);
  try {
  std::list<PendingFile> pending; // stable addresses: never copied or moved
  if (opt.printPipeline) {
    std::cout << result.text;
  } else if (opt.emit != "spv") {
    if (opt.output.empty() || opt.output == "-")
      std::cout << result.text;
    else
      pending.emplace_back(outPath, result.text);
  } else {
    std::string binary(reinterpret_cast<const char *>(result.words.data()),
                       result.words.size() * 4);
    pending.emplace_back(outPath, binary);
    pending.emplace_back(fs::path(outPath).replace_extension(".json"), result.manifest);
    for (const nvc::SPIRVVariant &v : result.variants)
      pending.emplace_back(fs::path(outPath).replace_extension("." + v.name + ".spv"),
                           std::string(reinterpret_cast<const char *>(v.words.data()),
                                       v.words.size() * 4));
  }
  if (opt.writeDepfile && !opt.printPipeline) {
    fs::path depPath =
        opt.depfile.empty() ? fs::path(outPath).replace_extension(".d") : fs::path(opt.depfile);
    pending.emplace_back(depPath, makeDepfile(opt.depTarget.empty() ? outPath.string()
                                                                    : opt.depTarget,
                                              result.dependencies, opt.phonyDepTargets));
  }
  // Variants the manifest being replaced lists, read before it is replaced.
  std::vector<std::string> earlierVariants;
  if (opt.emit == "spv" && !opt.printPipeline)
    earlierVariants = listedVariants(fs::path(outPath).replace_extension(".json"));
  for (auto &p : pending)
    p.checkTarget();
  for (auto &p : pending)
    p.commit();
  // Variant files of the earlier build that this one did not make would
  // only mislead. Only regular files, and never a file just written.
  for (const std::string &name : earlierVariants) {
    fs::path stale = fs::path(outPath).replace_extension("." + name + ".spv");
    bool made = std::any_of(pending.begin(), pending.end(),
                            [&](const PendingFile &p) { return p.path() == stale; });
    std::error_code ignored; // absent, or not ours to remove: leave it
    if (!made && fs::symlink_status(stale, ignored).type() == fs::file_type::regular)
      fs::remove(stale, ignored);
  }
  } catch (const WriteError &e) { // the pending files are gone by now
    std::cerr << "nvc: error: " << e.message << "\n";
    return 1;
  }
  return 0;
}
