//===- LowerIndexSwitch.cpp - scf.index_switch as a chain of scf.if --------===//
//
// lift-cf-to-scf structures loops with several exits (break, continue and
// return in one loop) with an scf.index_switch on the exit taken, which has
// no SPIR-V lowering. This pass rewrites each switch
//  1. as `if arg == case0 {case0} else if arg == case1 {case1} ... else
//     {default}`, moving each case region into the then-region of its if;
//  2. replacing the switch's results with those of the outermost if.
// A switch without cases is replaced by its default region.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/IR/PatternMatch.h>
#include <mlir/Transforms/GreedyPatternRewriteDriver.h>

#define DEBUG_TYPE "nvc-lower-index-switch"

namespace nvc {
namespace {

using namespace mlir;

struct IndexSwitchToIf : public OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IndexSwitchOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    ArrayRef<int64_t> cases = op.getCases();
    if (cases.empty()) {
      Block &body = op.getDefaultRegion().front();
      auto yield = cast<scf::YieldOp>(body.getTerminator());
      SmallVector<Value> results(yield.getOperands());
      rw.eraseOp(yield);
      rw.inlineBlockBefore(&body, op);
      rw.replaceOp(op, results);
      return success();
    }
    TypeRange resultTypes = op.getResultTypes();
    scf::IfOp outermost;
    for (size_t i = 0; i < cases.size(); ++i) {
      Value caseValue = arith::ConstantIndexOp::create(rw, loc, cases[i]);
      Value cond = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq, op.getArg(), caseValue);
      auto ifOp = scf::IfOp::create(rw, loc, resultTypes, cond, /*addThenBlock=*/false,
                                       /*addElseBlock=*/false);
      rw.inlineRegionBefore(op.getCaseRegions()[i], ifOp.getThenRegion(),
                            ifOp.getThenRegion().end());
      if (outermost)
        scf::YieldOp::create(rw, loc, ifOp.getResults());
      else
        outermost = ifOp;
      if (i + 1 == cases.size()) {
        rw.inlineRegionBefore(op.getDefaultRegion(), ifOp.getElseRegion(),
                              ifOp.getElseRegion().end());
      } else {
        Block *elseBlock = rw.createBlock(&ifOp.getElseRegion());
        rw.setInsertionPointToStart(elseBlock);
      }
    }
    rw.replaceOp(op, outermost.getResults());
    return success();
  }
};

struct LowerIndexSwitchPass : public PassWrapper<LowerIndexSwitchPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerIndexSwitchPass)
  StringRef getArgument() const override { return "nvc-lower-index-switch"; }
  StringRef getDescription() const override {
    return "Rewrite scf.index_switch as a chain of scf.if";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<IndexSwitchToIf>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> createLowerIndexSwitchPass() {
  return std::make_unique<LowerIndexSwitchPass>();
}

} // namespace nvc
