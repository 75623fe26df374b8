//===- GridSchedule.h - Where a kernel splits at grid barriers -------------===//
//
// numba.cuda's grid group (`g = cuda.cg.this_grid(); g.sync()`, 003_…txt's
// heat equation and sessionize) makes every invocation of the launch wait
// for all others. One Vulkan dispatch cannot express that; consecutive
// dispatches can: the end of a dispatch is a grid-wide barrier. nvc turns a
// kernel with grid barriers into a resumable one (passes/SplitGridBarriers:
// each invocation runs from where it stopped to its next barrier, or to its
// end, per dispatch) and the launcher dispatches it as many times as the
// kernel can cross barriers (docs/language.md "Grid synchronisation").
//
// This file decides that number before the launch, from the loops and
// conditions around the barriers: an expression of the scalar arguments and
// the arrays' extents that the launcher evaluates (docs/manifest.md "Grid
// synchronisation"). It is an upper bound: surplus dispatches find every
// invocation finished. Where no such number exists (a barrier in a while
// loop) the schedule is dynamic and the launcher dispatches until every
// invocation has finished.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_GRIDSCHEDULE_H
#define NVC_FRONTEND_SEMA_GRIDSCHEDULE_H

#include "frontend/sema/TypedKernel.h"

namespace nvc {

/// The schedule of kernel `k` (typed, with k.gridBarriers not empty): its
/// barriers in source order and the number of dispatches a launch takes,
/// 1 + the most barriers one invocation can pass, where
///   - a barrier statement counts 1, a sequence the sum of its statements,
///     an `if` the larger of its branches (an invocation takes one), a
///     literal_unroll loop the sum of its copies;
///   - a `for` loop over range(...) or over an array's first axis counts its
///     trip count (Python's len(range(start, stop, step))) times its body,
///     when its bounds are computable before the launch: integer constants,
///     scalar parameters the kernel never assigns, len(a), a.shape[d],
///     a.size of array parameters, locals assigned once at the top of the
///     kernel from such values, and + - * // min max of those.
/// A barrier in a `while` loop, or in a `for` loop whose bounds the kernel
/// computes, makes the schedule dynamic: the launcher dispatches until no
/// invocation waits at a barrier (GridSchedule::dynamic).
/// Throws CompileError at a barrier call that is not a statement of its own.
GridSchedule computeGridSchedule(const TypedKernel &k);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_GRIDSCHEDULE_H
