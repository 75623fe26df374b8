//===- ModulePrecision.h - The driver's module-wide precision policy ------===//
//
// Type inference decides the precision of each kernel from its decorator
// (narrow=) and a default; the driver decides that default from the command
// line and the file's spelling, and then the precision of the module as a
// whole: one module has one integer width (device functions are generated
// once), one float width, and one index width (the ABI's, the manifest's
// index_bits). docs/language.md, "Precision", is the user's side of these
// rules.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_MODULEPRECISION_H
#define NVC_COMPILER_MODULEPRECISION_H

#include "compiler/Compile.h"
#include "frontend/mlirgen/MLIRGen.h"
#include "frontend/sema/TypeInference.h"

#include <vector>

namespace nvc {

/// Whether the command line asks for 64-bit integers, extents and indices
/// for kernels without narrow= (--narrow=false/floats, --index-bits 64).
bool optionsAskWideIndices(const CompileOptions &options);

/// The precision of the file's kernels (and their device functions) that
/// say no narrow=: --narrow's, else --index-bits', else the spelling's
/// (docs/language.md "Precision"): a file with a kernel in numba.cuda's
/// spelling (@cuda.jit) computes with exact 64-bit integers as numba-cuda
/// does, one of @nv.jit kernels only with numba-vulkan's 32-bit integers.
/// Extents and indices stay 32-bit unless --narrow=false/floats or
/// --index-bits 64 ask for 64.
PrecisionPolicy defaultPrecision(const CompileOptions &options, const ModuleScope &scope);

/// Applies --index-bits 64 to a typed kernel: exact 64-bit integers and
/// 64-bit extents and indices, whatever its decorator said.
void applyIndexBitsOption(const CompileOptions &options, TypedKernel &kernel);

/// The index width of the module's ABI: 64 when any kernel asks for 64-bit
/// extents (PrecisionPolicy::wideIndices), else 32.
unsigned moduleIndexBits(const std::vector<TypedKernel> &typed);

/// Throws CompileError at the first kernel whose integer width differs from
/// the first kernel's.
void requireOneIntegerWidth(const std::vector<TypedKernel> &typed);

/// How the module's kernels (`typed`, not empty, of one integer width) are
/// generated: integer, index and float widths, and whether float64 data is
/// stored as float32. Throws CompileError at a kernel whose float width
/// differs from the first kernel's, and, with --no-float64, at a
/// narrow=False kernel; warns (-Wfloat64-unavailable) about each kernel
/// whose float64 values --no-float64 computes in float32.
ModuleLowering decideModuleLowering(const CompileOptions &options,
                                    const std::vector<TypedKernel> &typed,
                                    DiagnosticEngine &diags);

} // namespace nvc

#endif // NVC_COMPILER_MODULEPRECISION_H
