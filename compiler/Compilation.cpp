//===- Compilation.cpp - What the stages of one compile share --------------===//
//
// MLIR's diagnostics (verifier and pass failures) are translated here into
// nvc's: errors a pass reports about the source (tagged
// abi::kSourceErrorTag) are source errors at their line and column, every
// other MLIR error is an internal compiler error, and the rest are notes.
//
//===----------------------------------------------------------------------===//
#include "compiler/Compilation.h"

#include "abi/Attributes.h"
#include "frontend/mlirgen/MLIRGen.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/IR/Location.h>

#include <filesystem>

namespace nvc {
namespace {

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

} // namespace

Compilation::Compilation(const std::string &path, const std::string &text,
                         const CompileOptions &options)
    : path(path), options(options), file(path, text), diags(file, diagnosticText),
      context(mlir::MLIRContext::Threading::DISABLED),
      mlirDiagnostics(&context, [this](mlir::Diagnostic &d) {
        reportMLIRDiagnostic(diags, d, result.internalError);
        return mlir::success();
      }) {
  result.dependencies.push_back(path);
  diags.setWarningsAsErrors(options.warningsAsErrors);
  for (auto &flag : options.disabledWarnings)
    diags.disableWarning(flag);
  diags.suppressWarnings(options.suppressWarnings);
  diags.setColor(options.colorDiagnostics);
  registerNvcDialects(context);
  if (options.timeReport) {
    timing.setEnabled(true);
    timing.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
    timingRoot = timing.getRootScope();
  }
}

std::string Compilation::sourceName() const {
  return std::filesystem::path(path).filename().string();
}

void Compilation::optionError(const std::string &message) {
  diags.optionError(message);
}

void Compilation::internalError(const std::string &message) {
  result.internalError = true;
  diags.error({}, message);
}

void Compilation::internalErrorUnlessReported(const std::string &message) {
  result.internalError = true;
  if (!diags.errorCount())
    diags.error({}, message);
}

CompileResult Compilation::finish(bool success) {
  result.success = success && diags.errorCount() == 0;
  result.errorCount = diags.errorCount();
  if (!result.success && result.errorCount == 0)
    result.errorCount = 1; // an option error (printed as `nvc: error: …`)
  result.diagnostics = diagnosticText.str();
  result.diagnosticRecords = diags.records();
  if (options.timeReport) {
    timingRoot.stop();
    timingRoot = mlir::TimingScope();
    llvm::raw_string_ostream os(result.timeReport);
    timing.dumpAsTree(os);
    timing.clear();
    timing.setEnabled(false); // or its destructor prints the report again
  }
  return std::move(result);
}

} // namespace nvc
