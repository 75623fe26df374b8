//===- LoopVariance.cpp - Which values of a loop depend on given outer values =//
//
// A forward data-flow fixed point over the two regions of an scf.while: a
// block argument of the `before` region varies when its initial value or
// the value the `after` region yields for it does; a result of an op varies
// when an operand or a value its regions use from outside does; the values
// scf.condition forwards carry it to the `after` arguments and the results.
//
//===----------------------------------------------------------------------===//
#include "passes/LoopVariance.h"
#include "passes/MathLibraryCalls.h"

#include <mlir/Interfaces/SideEffectInterfaces.h>

namespace nvc {

using namespace mlir;

namespace {

/// Whether any operand of `op` or of an op nested in it satisfies `pred`.
bool anyUse(Operation *op, llvm::function_ref<bool(Value)> pred) {
  bool found = false;
  op->walk([&](Operation *inner) {
    for (Value v : inner->getOperands())
      if (pred(v)) {
        found = true;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return found;
}

} // namespace

bool LoopVariance::isVarying(Operation *op) const { return varyingOps.contains(op); }

LoopVariance analyseLoopVariance(scf::WhileOp loop, llvm::function_ref<bool(Value)> outerVarying) {
  LoopVariance result;
  llvm::DenseSet<Value> &var = result.varying;
  Operation *loopOp = loop.getOperation();
  auto isVar = [&](Value v) {
    if (var.contains(v))
      return true;
    Operation *parent = v.getParentBlock()->getParentOp();
    if (loopOp->isAncestor(parent))
      return false; // inside the loop: varying only if marked
    return outerVarying(v);
  };
  bool changed = true;
  auto mark = [&](Value v) {
    if (var.insert(v).second)
      changed = true;
  };
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  scf::ConditionOp cond = loop.getConditionOp();
  scf::YieldOp yield = loop.getYieldOp();
  auto propagate = [&](Block &block) {
    for (Operation &op : block.without_terminator())
      if (anyUse(&op, isVar)) {
        result.varyingOps.insert(&op);
        for (Value r : op.getResults())
          mark(r);
      }
  };
  while (changed) {
    changed = false;
    for (unsigned i = 0; i < before.getNumArguments(); ++i)
      if (isVar(loop.getInits()[i]) || isVar(yield.getOperand(i)))
        mark(before.getArgument(i));
    propagate(before);
    for (unsigned j = 0; j < cond.getArgs().size(); ++j)
      if (isVar(cond.getArgs()[j])) {
        mark(after.getArgument(j));
        mark(loop.getResult(j));
      }
    propagate(after);
  }

  // Control and reads.
  bool control = !isVar(cond.getCondition());
  bool readsOnly = true, invariantAddresses = true;
  loopOp->walk([&](Operation *op) {
    if (op == loopOp || isMathLibraryCall(op))
      return; // (a math library call is pure)
    // A nested loop whose trip count may depend on varying values: with
    // other values (a guard's zeros, an index that did not exist) it might
    // not end, and copies of it cannot be run as one.
    if (isa<scf::WhileOp>(op)) {
      Operation *top = op;
      while (top->getParentOp() != loopOp)
        top = top->getParentOp();
      if (result.varyingOps.contains(top))
        control = false;
    }
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (auto &e : list)
        if (!isa<MemoryEffects::Read>(e.getEffect()))
          readsOnly = false;
      // A read at an address that depends on a varying value (nested in an
      // op that uses one: conservatively, any read in it).
      if (!list.empty()) {
        Operation *top = op;
        while (top->getParentOp() != loopOp)
          top = top->getParentOp();
        if (top == op ? anyUse(op, isVar) : result.varyingOps.contains(top))
          invariantAddresses = false;
      }
      return;
    }
    if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      readsOnly = false; // unknown effects
  });
  result.invariantControl = control && readsOnly;
  result.invariantControlAndReads = result.invariantControl && invariantAddresses;
  return result;
}

} // namespace nvc
