//===- WorkgroupSize.h - Each kernel's default and largest workgroup size ---===//
//
// The manifest gives every entry point a default workgroup size (the one a
// launch without a local size gets) and, where the code shows it, the
// largest one the kernel can run with (docs/manifest.md). numba-cuda has no
// default: a kernel is launched with the block size it was written for, so
// nvc takes that size from the code when nobody gives one.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_WORKGROUPSIZE_H
#define NVC_COMPILER_WORKGROUPSIZE_H

#include "compiler/Compile.h"
#include "frontend/syntax/Diagnostics.h"
#include "frontend/mlirgen/MLIRGen.h"
#include "frontend/sema/TypeInference.h"

#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// Sets `workgroupSize` and `maxWorkgroupSize` of every entry of `abis`: the
/// first `kernels.size()` are those kernels' entry points (in order), the
/// rest launch chains, which get the module default.
///
/// The default, first given wins: `--local-size NAME=…` for the kernel's
/// Python name; `local_size=` in its decorator; `--local-size X[,Y[,Z]]`;
/// the extents of shared arrays it indexes by its local id
/// (frontend/sema/LocalIdBounds.h: `sm[cuda.threadIdx.x]` with `sm` of 128
/// elements gives 128 along x, with a warning `-Wworkgroup-size` where that
/// differs from nvc's 64x1x1); 64x1x1. The largest size is those extents;
/// a default beyond them is warned about too (a launch at it is refused).
/// `file` names the kernel file in the reasons the manifest records.
/// Returns an error message for a `--local-size NAME=` that names no kernel.
std::optional<std::string> assignWorkgroupSizes(const std::vector<TypedKernel> &kernels,
                                                std::vector<EntryPointABI> &abis,
                                                const CompileOptions &options,
                                                const std::string &file, DiagnosticEngine &diags);

} // namespace nvc

#endif // NVC_COMPILER_WORKGROUPSIZE_H
