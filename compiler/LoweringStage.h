//===- LoweringStage.h - compileSource's second stage: MLIR to SPIR-V ------===//
//
// The lowering stage gives the frontend's module its target (Vulkan 1.1,
// SPIR-V 1.3), verifies it and builds the pass pipeline for its precision
// and the options (passes/Pipeline.cpp). What was asked for then decides
// how far it goes: print the pipeline (--print-pipeline), print the
// frontend's module (--emit=mlir) or the IR after a pass
// (--mlir-print-ir-after), compile through LLVM (--backend=llvm,
// --emit=llvm; LLVMBackend.h), or run the pipeline and serialize and
// validate the SPIR-V module (the default backend, whose module variants
// Variants.h makes from the result).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_LOWERINGSTAGE_H
#define NVC_COMPILER_LOWERINGSTAGE_H

#include "compiler/Compilation.h"
#include "compiler/FrontendStage.h"
#include "compiler/TargetEnv.h"
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/Attributes.h>
#include <mlir/Pass/PassManager.h>

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// The pipeline options of a compile whose kernels use `indexBits`;
/// `float32Only` when the target has no float64 (--no-float64), so that not
/// even nvc's math library may compute in float64.
/// Throws OptionError for an unknown -fno- pass or -O level.
PipelineOptions pipelineOptionsFor(const CompileOptions &options, unsigned indexBits,
                                   bool float32Only);

/// The textual pipeline of `pm` (mlir-opt's --pass-pipeline), ending in a
/// newline.
std::string pipelineText(mlir::PassManager &pm);

/// What the lowering of the frontend's module runs with.
struct LoweringSetup {
  explicit LoweringSetup(mlir::MLIRContext &context)
      : pipeline(&context, mlir::ModuleOp::getOperationName()) {}
  /// The default backend's `#spirv.target_env`, set on the frontend's module;
  /// float-controls variants set it on their copies of the spirv.module.
  mlir::Attribute targetEnv;
  /// The Vulkan environment and SPIR-V version of the modules (--target-env).
  ModuleTarget target{nullptr, false};
  /// For the module's index width and the options (pipelineOptionsFor).
  PipelineOptions pipelineOptions;
  /// The default backend's pipeline, built from `pipelineOptions`.
  mlir::PassManager pipeline;
};

/// Sets the target environment on `frontend.module`, verifies the module
/// and builds the lowering pipeline into `out`. Errors: an internal error
/// when the module does not verify (after MLIR's diagnostics), an option
/// error for -O or -fno- (pipelineOptionsFor) and for --target-env=vulkan1.1
/// with the LLVM backend. Returns whether it succeeded.
bool prepareLowering(Compilation &c, FrontendModule &frontend, LoweringSetup &out);

/// --print-pipeline: the result's text is the pipeline. Returns true.
bool printPipeline(Compilation &c, LoweringSetup &lowering);

/// Checks --mlir-print-ir-after when given: it needs --emit=mlir, and its
/// pass must be in the pipeline. An option error otherwise; returns whether
/// the option is fine (or absent).
bool checkPrintIRAfterOption(Compilation &c, LoweringSetup &lowering);

/// --emit=mlir: the result's text is the frontend's module. Returns true.
bool printFrontendMLIR(Compilation &c, FrontendModule &frontend);

/// --emit=mlir --mlir-print-ir-after=PASS: runs the pipeline with the IR
/// after each run of PASS printed into the result's text (the operation it
/// worked on, without locations). Errors: an internal error when the
/// pipeline fails, and the source errors passes report. Returns whether
/// there were none.
bool printIRAfterPass(Compilation &c, FrontendModule &frontend, LoweringSetup &lowering);

/// --backend=llvm, --emit=llvm: the same preparation of the kernels, then
/// LLVM IR (the result's text for --emit=llvm) and LLVM's SPIR-V target,
/// whose module and manifest the outputs stage (OutputStage.h) writes
/// without variants. Errors: an internal error when the LLVM backend fails,
/// and the source errors of constructs it cannot lower yet. Returns whether
/// it succeeded.
bool compileWithLLVMBackend(Compilation &c, FrontendModule &frontend,
                            const LoweringSetup &lowering);

/// A module the default backend made: the spirv.module (inside the module
/// the pipeline ran on) and its binary.
struct LoweredModule {
  mlir::spirv::ModuleOp spirvModule;
  std::vector<uint32_t> words;
};

/// Runs `pipeline` on `module` (verifying each pass's result with
/// --verify-each; otherwise spirv-val is the check, as clang's release driver leaves out
/// LLVM's verifier), then serializes the spirv.module it produced for
/// `target` into `out` (SPIRVBinary.h), not validated: the caller offers the
/// words to its ModuleValidations (ModuleValidation.h). Errors: internal
/// errors when the pipeline fails or produces no spirv.module; the source errors passes report. Returns whether there
/// were none.
bool lowerToSPIRV(Compilation &c, mlir::PassManager &pipeline, const ModuleTarget &target,
                  mlir::ModuleOp module, LoweredModule &out);

} // namespace nvc

#endif // NVC_COMPILER_LOWERINGSTAGE_H
