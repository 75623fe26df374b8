//===- Compilation.h - What the stages of one compile share ----------------===//
//
// compileSource() (Compile.cpp) runs its stages one after another on one
// Compilation: the options, the kernel file, the diagnostic engine every
// stage reports through, the MLIRContext every module of the compile lives
// in, and the CompileResult the stages fill in. A stage that fails has
// already reported why (an error in the source, in the options or in nvc
// itself) and returns false; compileSource then stops and returns
// finish(false). Errors in the options are printed as `nvc: error: …`
// without a location; the others go through the DiagnosticEngine, MLIR's
// own diagnostics included (the context's handler translates them).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_COMPILATION_H
#define NVC_COMPILER_COMPILATION_H

#include "compiler/Compile.h"
#include "frontend/syntax/Diagnostics.h"

#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/MLIRContext.h>
#include <mlir/Support/Timing.h>

#include <sstream>
#include <string>

namespace nvc {

/// An error about the command-line options rather than the source, thrown
/// where it is found and printed as `nvc: error: MESSAGE`.
struct OptionError {
  std::string message;
};

/// One compile of one kernel file (see the file comment). Not copyable: the
/// diagnostic engine and MLIR's diagnostic handler point into it.
class Compilation {
public:
  /// Sets up the diagnostics (-Werror, -Wno-<flag>) and a single-threaded
  /// MLIRContext with nvc's dialects, whose diagnostics become nvc's. The
  /// result's dependencies start with `path`, the kernel file itself.
  Compilation(const std::string &path, const std::string &text, const CompileOptions &options);
  Compilation(const Compilation &) = delete;
  Compilation &operator=(const Compilation &) = delete;

  // In construction order: the engine writes to `diagnosticText` and reads
  // `file`; MLIR's handler reports through `diags`.
  const std::string path;
  const CompileOptions &options;
  CompileResult result;
  /// Every diagnostic, in print order (CompileResult::diagnostics); stages
  /// write to it through `diags` and optionError().
  std::ostringstream diagnosticText;
  SourceFile file;
  DiagnosticEngine diags;
  /// Single-threaded: a file's kernels are small, and output never depends on
  /// scheduling.
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler mlirDiagnostics;
  /// -ftime-report's timers (disabled, and free, without it). `timing` is
  /// declared before the scope that nests in it.
  mlir::DefaultTimingManager timing;
  mlir::TimingScope timingRoot;

  /// A timer for one stage, nested in the compile's (an inert scope without
  /// -ftime-report); it stops when the scope is destroyed or stop()ped.
  mlir::TimingScope timeStage(const char *name) { return timingRoot.nest(name); }

  /// The kernel file's name without directories (the manifest's
  /// `source.file`, and how option errors name the file).
  std::string sourceName() const;

  /// Prints an error about the options: `nvc: error: MESSAGE`.
  void optionError(const std::string &message);
  /// Marks the result as failed by a bug of nvc and reports `message` (an
  /// internal error at no location).
  void internalError(const std::string &message);
  /// As internalError, but prints `message` only when no error has been
  /// reported yet: MLIR's own diagnostic, when there is one, says more.
  void internalErrorUnlessReported(const std::string &message);

  /// The result, with the diagnostics, the error count and the time report:
  /// successful when `success` and no error was reported. A failure without any reported
  /// error (only an option error) counts as one error.
  CompileResult finish(bool success);
};

} // namespace nvc

#endif // NVC_COMPILER_COMPILATION_H
