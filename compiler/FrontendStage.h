//===- FrontendStage.h - compileSource's first stage: source to MLIR -------===//
//
// The frontend stage runs nvc's frontend (frontend/) on the kernel file:
// parse it, resolve its names and imports, apply --sig, type each kernel
// per signature (one entry point per signature) under the driver's
// precision policy (ModulePrecision.h), warn about divergent barriers,
// generate the MLIR module and give each entry point its workgroup size.
// What it makes lives as long as the compile: later stages lower the module
// and build the manifest from the entry points' ABI.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_FRONTENDSTAGE_H
#define NVC_COMPILER_FRONTENDSTAGE_H

#include "compiler/Compilation.h"
#include "frontend/mlirgen/MLIRGen.h"
#include "frontend/sema/ModuleLoader.h"
#include "frontend/sema/TypeInference.h"
#include "frontend/sema/UfuncKernels.h"
#include "frontend/syntax/AST.h"

#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/OwningOpRef.h>

#include <memory>
#include <optional>
#include <vector>

namespace nvc {

/// What the frontend made of the kernel file.
struct FrontendModule {
  std::unique_ptr<ast::Module> ast;
  /// The -D NAME=VALUE options, each parsed as the module `NAME = VALUE`
  /// (the scope refers to their values).
  std::vector<std::unique_ptr<ast::Module>> defines;
  /// The imported helper modules; kept for the whole compile because
  /// diagnostics may point into their files.
  std::optional<ModuleLoader> loader;
  /// The kernels nvc wrote for the file's ufuncs, and their files and
  /// scopes (kept for the whole compile: the typed kernels point into them).
  std::unique_ptr<UfuncKernels> ufuncs;
  /// One per kernel entry point, in the module's order.
  std::vector<TypedKernel> kernels;
  /// One per kernel entry point (in `kernels`' order), then one per launch
  /// chain: what the manifest says about each.
  std::vector<EntryPointABI> abis;
  /// The generated module (not verified yet; the lowering stage does that).
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

/// Runs the frontend on `c.file` into `out`. Stops at the first stage that
/// reported an error. Errors: those of the source (including a file without
/// kernels, at 1:1, and kernels of different precisions) and option errors
/// (a bad --sig, a --local-size NAME= naming no kernel). Returns whether
/// `out.module` was made and no error was reported; the paths of the helper
/// files it imported are added to `c.result.dependencies`.
bool runFrontend(Compilation &c, FrontendModule &out);

} // namespace nvc

#endif // NVC_COMPILER_FRONTENDSTAGE_H
