//===- FoldRangeChecks.cpp - Fold integer tests that value ranges decide ===//
//
// Python's semantics put sign tests into ordinary index arithmetic:
// `a[i]` means `a[i + n]` when i < 0 (MLIRGen emits `i < 0 ? i + n : i` for
// every signed index that is not a non-negative constant), and `i // n`,
// `i % n` correct a truncating division when the signs of the remainder and
// the divisor differ. In kernels the indices are nearly always built from
// cuda.grid(), cuda.threadIdx and range-loop counters, which are never
// negative; on the GPU every such test costs a compare and a select per
// access (the naive matmul's inner loop did two per load). This pass
// computes a signed interval for integer values on demand and replaces each
// arith.cmpi whose outcome the intervals decide with a constant; the
// canonicalizer then drops the selects and the dead arithmetic.
//
// Value ranges come from passes/IntegerRanges.h (RangeOracle).
//
#include "passes/IntegerRanges.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Transforms/GreedyPatternRewriteDriver.h>

#define DEBUG_TYPE "nvc-fold-range-checks"

using namespace mlir;

namespace nvc {
namespace {

struct FoldRangeChecksPass : public PassWrapper<FoldRangeChecksPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldRangeChecksPass)
  FoldRangeChecksPass() = default;
  FoldRangeChecksPass(const FoldRangeChecksPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "FoldRangeChecks"; }
  StringRef getArgument() const override { return "nvc-fold-range-checks"; }
  StringRef getDescription() const override {
    return "fold integer comparisons that value ranges decide (Python's negative-index and "
           "floor-division sign tests)";
  }

  void runOnOperation() override {
    Int idBound = invocationIdBound(indexBits);
    // A folded test can decide another (the floor correction's select feeds
    // the index's sign test): repeat while tests fold, a few rounds at most.
    for (int round = 0; round < 4; ++round) {
      SmallVector<std::pair<arith::CmpIOp, bool>> decided;
      getOperation().walk([&](arith::CmpIOp cmp) {
        RangeOracle oracle(idBound);
        oracle.assumeContextOf(cmp);
        if (std::optional<bool> value = oracle.decide(cmp))
          decided.push_back({cmp, *value});
      });
      if (decided.empty())
        return;
      for (auto [cmp, value] : decided) {
        OpBuilder b(cmp);
        Value constant = arith::ConstantIntOp::create(b, cmp.getLoc(), value, 1);
        cmp.replaceAllUsesWith(constant);
        cmp.erase();
      }
      // Fold what the constants decide (selects, and/xor of the floor
      // division's correction) and drop the dead tests now: later passes
      // match index arithmetic without them.
      (void)applyPatternsGreedily(getOperation(), FrozenRewritePatternSet());
    }
  }

  Option<unsigned> indexBits{*this, "index-bits",
                             llvm::cl::desc("bits of the invocation ids the runtime can launch "
                                            "(32 or 64, as --index-bits)"),
                             llvm::cl::init(32)};
};

} // namespace

std::unique_ptr<Pass> createFoldRangeChecksPass(unsigned indexBits) {
  auto pass = std::make_unique<FoldRangeChecksPass>();
  pass->indexBits = indexBits;
  return pass;
}

} // namespace nvc
