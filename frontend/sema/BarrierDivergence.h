//===- BarrierDivergence.h - Warn about barriers under divergent control ---===//
//
// A workgroup barrier (cuda.syncthreads(), nv.barrier(),
// cuda.syncthreads_count/and/or) must be reached by every invocation of the
// workgroup; one under control flow that differs between them is undefined
// behaviour (000_…txt, "Optimisation 5": "a conditional branch may result in
// some threads never reaching the synchronisation point and the result of
// doing so is undefined and may lead to deadlock"; the SPIR-V spec requires
// OpControlBarrier to be executed in uniform control flow). nvc warns about
// such barriers with -Wdivergent-barrier.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_BARRIERDIVERGENCE_H
#define NVC_FRONTEND_BARRIERDIVERGENCE_H

#include "frontend/syntax/Diagnostics.h"
#include "frontend/sema/TypeInference.h"

namespace nvc {

/// Warns (group "divergent-barrier", at the barrier call, with a note at the
/// condition, loop or early exit that makes it divergent) about every
/// barrier in `k` that may be reached by only some invocations of a
/// workgroup. Also a call of a device function that contains a barrier.
///
/// Uniform values are constants, scalar parameters, the group id, the local
/// and grid sizes, cuda.warpsize / nv.subgroup.size() / count(), the results
/// of syncthreads_count/and/or, and values computed only from those;
/// everything else (local and global ids, lanes, loaded array elements,
/// subgroup and atomic results, variables assigned under divergent control)
/// is divergent. Conditions and loop trip counts that are divergent, and
/// `return`/`break`/`continue` under them, make the code they control
/// divergent. Device functions are checked with their parameters taken as
/// uniform. `inference` provides the device functions `k` calls.
void warnDivergentBarriers(const TypedKernel &k, const InferenceContext &inference,
                           DiagnosticEngine &diags);

} // namespace nvc

#endif // NVC_FRONTEND_BARRIERDIVERGENCE_H
