//===- LoopVariance.h - Which values of a loop depend on given outer values =//
//
// Guard splitting and thread coarsening both ask, of an scf.while, which of
// its values depend on a set of "varying" values defined outside it (the
// values of a guarded prologue; the values that depend on the invocation's
// index), and whether the loop's control and the memory it reads do not:
// such a loop does the same iterations and reads the same addresses whatever
// those values are.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_LOOPVARIANCE_H
#define NVC_PASSES_LOOPVARIANCE_H

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/STLFunctionalExtras.h>
#include <mlir/Dialect/SCF/IR/SCF.h>

namespace nvc {

/// The values of an scf.while that depend on varying outer values.
struct LoopVariance {
  /// Block arguments of both regions, results of the ops directly in them,
  /// and the loop's results that (transitively, around the back edge)
  /// depend on a varying outer value.
  llvm::DenseSet<mlir::Value> varying;
  /// The ops directly in the loop's regions that use a varying value
  /// (operands, or values their regions use from outside).
  llvm::DenseSet<mlir::Operation *> varyingOps;
  /// Whether the loop's trip count and the addresses it reads do not depend
  /// on varying values, no loop nested in it is in an op that uses varying
  /// values (its trip count might), and it writes, allocates and frees no
  /// memory (only memory reads, at invariant addresses): then it can run
  /// with any values for the varying ones, and copies of it for different
  /// such values can be run as one loop.
  bool invariantControlAndReads = false;
  /// Whether the loop's trip count does not depend on varying values (nor
  /// that of a loop nested in it) and it only reads memory, possibly at
  /// addresses that depend on them: copies of it for different varying
  /// values, each of which the loop's own invocation could have, can be run
  /// as one loop (CoarsenThreads' jammed guards).
  bool invariantControl = false;

  /// Whether `op` (directly in one of the loop's regions) uses a varying
  /// value (its operands, or values its regions use from outside).
  bool isVarying(mlir::Operation *op) const;
};

/// Analyses `loop`; `outerVarying(v)` says whether a value defined outside
/// the loop is varying.
LoopVariance analyseLoopVariance(mlir::scf::WhileOp loop,
                                 llvm::function_ref<bool(mlir::Value)> outerVarying);

} // namespace nvc

#endif // NVC_PASSES_LOOPVARIANCE_H
