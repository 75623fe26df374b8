//===- CanonicalizeInsideOut.cpp - MLIR's canonicalizer, large regions first ===//
//
// MLIR's canonicalizer (applyPatternsGreedily over the function) puts every
// ancestor of a changed operation back on its worklist, up to the function,
// and checks each operation it takes off for being dead — for an operation
// with regions (an scf.if, an scf.for) by walking them until an operation
// with a write. A kernel's body sits in one guarding scf.if whose only write
// may be its last operation: each of thousands of changes inside it then
// cost a walk of the whole kernel (2000 short loops in a row: 4.8 s of
// canonicalization, quadratic; issue 25).
//
// This pass runs the same patterns with the same configuration, but first on
// each nested region of at least kMinScopedOperations operations, inner
// regions first, each as the greedy driver's scope (ancestors outside a
// scope are not put back on the worklist), and then on the function as the
// upstream pass does. By then the regions are canonical, so the last run
// changes little and re-walks little. Patterns applied within a scope change
// only operations inside it (constants they fold to are materialised at the
// function's entry, as always), so regions still to run stay valid. Kernels
// without such regions get exactly the upstream pass; those with them may
// see patterns in another order (the same canonical forms as far as tested:
// the generated kernels of bench/compile_growth.py compile to the same
// bytes).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/IR/PatternMatch.h>
#include <mlir/Rewrite/FrozenRewritePatternSet.h>
#include <mlir/Transforms/GreedyPatternRewriteDriver.h>

#include <llvm/ADT/DenseMap.h>

#define DEBUG_TYPE "nvc-canonicalize"

namespace nvc {
namespace {

using namespace mlir;

/// Operations (nested ones included) a region needs to be canonicalized as a
/// scope of its own. Below it the re-walks cost little. Not lower: patterns
/// that move values across a region's boundary can then meet the IR in
/// another order, and at 256 one of the e2e kernels (array_views.py's
/// complex_extrema) kept a value in a local variable that the upstream order
/// does not; at this bound every kernel of examples/, bench/kernels/ and
/// tests/e2e/kernels/ compiles to the same bytes as with the upstream pass.
constexpr unsigned kMinScopedOperations = 2048;

struct CanonicalizeInsideOutPass
    : public PassWrapper<CanonicalizeInsideOutPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CanonicalizeInsideOutPass)
  StringRef getArgument() const override { return "nvc-canonicalize"; }
  StringRef getName() const override { return "Canonicalizer"; }
  StringRef getDescription() const override {
    return "MLIR's canonicalizer, with each large nested region canonicalized first as a "
           "scope of its own";
  }

  LogicalResult initialize(MLIRContext *context) override {
    // As the upstream pass: every loaded dialect's and registered operation's
    // canonicalization patterns.
    RewritePatternSet owning(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owning);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owning, context);
    patterns = std::make_shared<FrozenRewritePatternSet>(std::move(owning));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // The upstream pass's defaults (mlir/Transforms/Passes.td, Canonicalizer).
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
    config.setMaxIterations(10);

    // Regions of at least kMinScopedOperations operations, inner ones first
    // (a post-order walk reaches an operation after everything it holds).
    llvm::DenseMap<Operation *, unsigned> nested; // operations inside each operation
    SmallVector<Region *> scopes;
    func->walk<WalkOrder::PostOrder>([&](Operation *op) {
      unsigned inside = 0;
      for (Region &region : op->getRegions()) {
        unsigned inRegion = 0;
        for (Block &block : region)
          for (Operation &child : block)
            inRegion += 1 + nested.lookup(&child);
        if (op != func.getOperation() && inRegion >= kMinScopedOperations)
          scopes.push_back(&region);
        inside += inRegion;
      }
      if (inside)
        nested[op] = inside;
    });
    for (Region *region : scopes) {
      GreedyRewriteConfig scoped = config;
      scoped.setScope(region);
      (void)applyPatternsGreedily(*region, *patterns, scoped);
    }
    // Not converging within the iterations is not an error (as upstream).
    (void)applyPatternsGreedily(func, *patterns, config);
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace

std::unique_ptr<Pass> createCanonicalizeInsideOutPass() {
  return std::make_unique<CanonicalizeInsideOutPass>();
}

} // namespace nvc
