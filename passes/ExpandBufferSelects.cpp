//===- ExpandBufferSelects.cpp - Accesses through a run-time buffer choice ===//
//
// A variable that holds views of several array arguments (003_…txt's heat
// equation: `data = buf_0` or `data = buf_1` by the step's parity) reads
// its buffer as an arith.select chain over the arguments' memrefs (MLIR
// generation's loadArrayLocal). Vulkan's logical addressing cannot select
// between storage buffers, so each operation on such a memref becomes an
// scf.if that performs it on one buffer or the other: a load yields the
// loaded value, a store or an atomic happens in its branch. Runs on every
// function after inlining (device functions receive such memrefs as
// arguments), before anything else looks at memory accesses.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/IR/IRMapping.h>

#define DEBUG_TYPE "nvc-expand-buffer-selects"

namespace nvc {
namespace {

using namespace mlir;

struct ExpandBufferSelectsPass
    : public PassWrapper<ExpandBufferSelectsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandBufferSelectsPass)
  StringRef getArgument() const override { return "nvc-expand-buffer-selects"; }
  StringRef getDescription() const override {
    return "Turn accesses through a select of memrefs into a choice between accesses";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect>();
  }

  void runOnOperation() override {
    // Users of memref selects, innermost choices first handled again until
    // none is left (a chain over n buffers makes n - 1 nested choices).
    while (true) {
      SmallVector<std::pair<Operation *, arith::SelectOp>> work;
      getOperation().walk([&](Operation *op) {
        if (isa<arith::SelectOp>(op))
          return;
        for (Value operand : op->getOperands())
          if (auto sel = operand.getDefiningOp<arith::SelectOp>();
              sel && isa<MemRefType>(sel.getType())) {
            work.emplace_back(op, sel);
            return;
          }
      });
      if (work.empty())
        break;
      for (auto [op, sel] : work) {
        if (op->hasTrait<OpTrait::IsTerminator>() || op->getNumSuccessors() != 0) {
          op->emitError("internal error: a run-time choice of array reaches a branch");
          return signalPassFailure();
        }
        OpBuilder b(op);
        auto choice = scf::IfOp::create(b, op->getLoc(), op->getResultTypes(),
                                        sel.getCondition(), /*withElseRegion=*/true);
        for (auto [region, buffer] : {std::pair{&choice.getThenRegion(), sel.getTrueValue()},
                                      std::pair{&choice.getElseRegion(), sel.getFalseValue()}}) {
          OpBuilder rb = OpBuilder::atBlockBegin(&region->front());
          IRMapping map;
          map.map(sel.getResult(), buffer);
          Operation *copy = rb.clone(*op, map);
          // scf.if's builder adds a terminator only for result-less ifs.
          if (op->getNumResults() == 0)
            copy->moveBefore(region->front().getTerminator());
          else
            scf::YieldOp::create(rb, op->getLoc(), copy->getResults());
        }
        op->replaceAllUsesWith(choice.getResults());
        op->erase();
      }
    }
    SmallVector<arith::SelectOp> selects;
    getOperation().walk([&](arith::SelectOp sel) {
      if (isa<MemRefType>(sel.getType()))
        selects.push_back(sel);
    });
    for (arith::SelectOp sel : llvm::reverse(selects)) // a chain's last link first
      if (sel->use_empty())
        sel.erase();
  }
};

} // namespace

std::unique_ptr<Pass> createExpandBufferSelectsPass() {
  return std::make_unique<ExpandBufferSelectsPass>();
}

} // namespace nvc
