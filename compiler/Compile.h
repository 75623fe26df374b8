//===- Compile.h - The whole compiler as one library call ------------------===//
//
// compileSource() runs every stage of nvc on one kernel file held in memory:
// parse, resolve names, type each kernel per signature, generate MLIR, lower
// it to the SPIR-V dialect, serialize and validate the module, and build the
// binding manifest (Compile.cpp lists the stages and their files). It touches no file and never exits the process: the nvc
// command line (nvc.cpp) and the libFuzzer target (fuzz/) both call it.
// Diagnostics come back as text in nvc's format (`file:line:col: error: …`,
// the source line and a caret line).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_COMPILE_H
#define NVC_COMPILER_COMPILE_H

#include "frontend/syntax/Diagnostics.h"

#include <array>
#include <map>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// What compileSource() produces.
enum class EmitKind {
  Binary,      ///< SPIR-V words and the manifest
  MLIR,        ///< the verified MLIR the frontend generated (text), nothing else
  SPIRVText,   ///< the SPIR-V disassembly (text); words and manifest are set too
  LLVM,        ///< the optimised LLVM IR of the LLVM backend (text), nothing else
  Header,      ///< a C++17 header embedding the module, its variants and manifest,
               ///< with typed launch classes (CppHeader.h; text); words and manifest too
};

/// Which code generator produces the SPIR-V.
enum class Backend {
  MLIR, ///< MLIR's SPIR-V dialect and serializer (default; SPIR-V 1.3, Vulkan 1.1)
  LLVM, ///< LLVM IR and LLVM's SPIR-V target (SPIR-V 1.5, Vulkan 1.2; LLVMBackend.h)
};

struct CompileOptions {
  EmitKind emit = EmitKind::Binary;
  /// EmitKind::LLVM implies Backend::LLVM.
  Backend backend = Backend::MLIR;
  /// --target-env: "vulkan1.1" ... "vulkan1.4" (compiler/TargetEnv.h), validated
  /// by the command line; empty: the backend's default environment, and the
  /// default backend's modules declare the lowest SPIR-V version they need.
  std::string targetEnv;
  /// Default workgroup size (spec constants 0..2); each value 1..1024.
  std::array<int32_t, 3> localSize = {64, 1, 1};
  /// --local-size X[,Y[,Z]] was given: `localSize` is the user's, not nvc's
  /// default, and goes before a size inferred from the code
  /// (compiler/WorkgroupSize.h).
  bool localSizeGiven = false;
  /// --local-size NAME=X[,Y[,Z]]: the workgroup size of the kernel whose
  /// Python name is NAME (all its signatures).
  std::map<std::string, std::array<int32_t, 3>> localSizeByKernel;
  /// `NAME=SIGNATURE` strings (--sig): replace the source's signatures of NAME.
  std::vector<std::string> signatures;
  /// --kernel NAME (repeatable): compile only these kernels and `@nv.chain`
  /// functions; the file's other kernels are neither typed nor checked, as
  /// Numba compiles a kernel only when it is launched. Empty: all of them.
  std::vector<std::string> kernels;
  /// --index-bits: 32 (numba-vulkan's 32-bit integers, extents and indices)
  /// or 64 (exact 64-bit integers, extents and indices) for every kernel
  /// without narrow=; 0 (not given): the kernels' spelling decides, exact
  /// 64-bit integers for @cuda.jit, 32-bit for @nv.jit, 32-bit extents and
  /// indices for both (docs/language.md "Precision").
  unsigned indexBits = 0;
  /// --narrow: the precision policy of kernels without narrow= ("true",
  /// "floats", "false"; empty for the default: the spelling's integers as
  /// for indexBits 0, floats keep their width). Validated by the command
  /// line.
  std::string narrow;
  /// -I: directories searched for imported helper modules after the kernel
  /// file's own directory.
  std::vector<std::string> includeDirs;
  /// --no-float64: the target device has no float64 (shaderFloat64). Kernels
  /// compute in float32 (with a warning) and see float64 data as float32,
  /// which the launcher converts; narrow=False kernels are rejected.
  bool noFloat64 = false;
  bool warningsAsErrors = false;
  /// Warning groups to silence (-Wno-<flag>).
  std::vector<std::string> disabledWarnings;
  /// -w: no warnings at all (none to turn into errors either).
  bool suppressWarnings = false;
  /// -fcolor-diagnostics: `diagnostics` coloured as Clang colours them.
  bool colorDiagnostics = false;
  /// -D NAME=VALUE, in order: module-level NAME of the kernel file bound to
  /// the Python expression VALUE instead (ModuleScope's overrides).
  std::vector<std::pair<std::string, std::string>> defines;
  /// -O0..-O3: which optimisation passes run (docs/optimisation.md).
  unsigned optLevel = 2;
  /// -fno-<name>: optimisation passes removed (names of
  /// nvc::optimizationPasses(), passes/Passes.h); others are option errors.
  std::vector<std::string> disabledPasses;
  /// --fp-contract=fast: fuse float multiply-adds into FMAs in every kernel
  /// (false, "off": only in kernels decorated fastmath=True).
  bool fpContractFast = false;
  /// --fastmath: every kernel as if decorated fastmath=True: float32 math
  /// functions GLSL.std.450 has use the device's built-ins (docs/math.md
  /// gives their measured error), loop-invariant factors are distributed
  /// over sums for LICM, and float multiply-adds are contracted
  /// (implies fpContractFast).
  bool fastMath = false;
  /// --error-model=python: functions without error_model= (or debug=True)
  /// raise ZeroDivisionError on division by zero (Numba's "python" model);
  /// false: numba.cuda's "numpy" model (0, inf or nan).
  bool pythonErrorModel = false;
  /// Bounds checking of every function, overriding boundscheck=: on
  /// (--boundscheck, or NUMBA_BOUNDSCHECK=1 in the environment, which nvc
  /// reads as Numba does), off (NUMBA_BOUNDSCHECK=0), or absent: each
  /// function's boundscheck= (default off).
  std::optional<bool> boundscheck;
  /// --coarsen=C: thread coarsening factor for kernels without coarsen= in
  /// their decorator (1 disables it); 0: the cost model decides
  /// (passes/CoarsenThreads.cpp).
  unsigned coarsen = 0;
  /// -ftime-report (clang's spelling): time every stage of the compile, each
  /// MLIR pass among them, into CompileResult::timeReport.
  bool timeReport = false;
  /// --print-pipeline: compile up to the pass pipeline and stop; `text` is
  /// the textual MLIR pipeline that would run (mlir-opt's --pass-pipeline).
  bool printPipeline = false;
  /// --mlir-print-ir-after=PASS (EmitKind::MLIR only): run the pipeline and
  /// make `text` the IR of each operation after each run of the pass named
  /// by its MLIR argument (as mlir-opt's option). A pass not in the
  /// pipeline is an option error.
  std::string printIRAfter;
  /// --verify-each: verify the IR after every pass of the pipeline (MLIR's
  /// pass-manager verifier); otherwise only the frontend's module is
  /// verified, and spirv-val checks what the pipeline made, as clang's
  /// release driver leaves LLVM's verifier out. A pass that breaks the IR is
  /// then named; the tests compile with it. Off by default: on long kernels
  /// it was about a tenth of the compile (issue 25).
  bool verifyEach = false;
  /// Leave the compile's MLIR context and modules allocated when
  /// compileSource returns, as clang's driver does with -disable-free: the
  /// nvc executable exits right after, and erasing a long kernel's
  /// operations one by one took up to a fifth of its compile. A library
  /// caller that compiles many files leaves it false (it leaks otherwise).
  bool disableFree = false;
};

/// A second build of the module for devices with an optional feature, which
/// a launcher loads instead of the main module when the device has what
/// the variant's capabilities and extensions need (docs/manifest.md
/// "variants"). Written next to the main module as `<stem>.<name>.spv`;
/// compiler/Variants.h makes them and lists every name (kModuleVariantNames).
struct SPIRVVariant {
  std::string name; ///< e.g. "atomic-float-add", "denorm-preserve"
  std::vector<uint32_t> words;
};

struct CompileResult {
  bool success = false;
  /// Every diagnostic, errors and warnings, in print order (may be non-empty
  /// on success: warnings).
  std::string diagnostics;
  /// The same diagnostics as records (-fdiagnostics-format=json|sarif).
  std::vector<DiagnosticRecord> diagnosticRecords;
  /// How many errors `diagnostics` holds (0 on success).
  unsigned errorCount = 0;
  /// Whether one of them is an internal compiler error (a bug of nvc, not of
  /// the source: MLIR verification or lowering failed, or SPIR-V validation).
  bool internalError = false;
  /// The validated module (EmitKind::Binary and SPIRVText).
  std::vector<uint32_t> words;
  /// Builds for devices with optional features (EmitKind::Binary); listed
  /// in the manifest, in preference order. Float32 atomic adds make
  /// "atomic-float-add", using OpAtomicFAddEXT where `words` uses
  /// compare-and-swap loops; float arithmetic outside fastmath kernels makes
  /// "signed-zero-inf-nan-preserve" (execution mode SignedZeroInfNanPreserve
  /// for each float width used) and, with float32, "denorm-preserve"
  /// (DenormPreserve 32) and the two together; each combination of these,
  /// the atomic ones first and more features before fewer
  /// (docs/manifest.md "variants").
  std::vector<SPIRVVariant> variants;
  /// The manifest JSON text, ending in a newline (EmitKind::Binary, SPIRVText, Header).
  std::string manifest;
  /// The MLIR, SPIR-V disassembly, LLVM IR or C++ header (EmitKind::MLIR, SPIRVText, LLVM,
  /// Header).
  std::string text;
  /// Every file the result depends on, for build-system depfiles: the kernel
  /// source itself, then any file it brought in (none yet: local imports do
  /// not exist; the frontend adds them here when they do).
  std::vector<std::string> dependencies;
  /// -ftime-report: the stages' wall and user times as a tree (MLIR's
  /// DefaultTimingManager layout), the passes of each pipeline nested in it.
  std::string timeReport;
};

/// The textual pass pipeline (see CompileOptions::printPipeline) for
/// `options` without a source: what a file of kernels without narrow= gets
/// (64-bit indices with --index-bits=64 or --narrow=false/floats). Empty with an error in
/// `error` when `options` names an unknown pass.
std::string describePipeline(const CompileOptions &options, std::string &error);

/// Compiles the kernel source `text`. `path` names the file in diagnostics
/// and its last component is the manifest's `source.file`; it is not read.
/// Never throws, never exits: every failure, including errors in
/// `options.signatures`, is a diagnostic and `success == false`.
CompileResult compileSource(const std::string &path, const std::string &text,
                            const CompileOptions &options);

} // namespace nvc

#endif // NVC_COMPILER_COMPILE_H
