//===- DistributeInvariantFactor.cpp - c·(Σ aᵢ·bᵢ) → Σ aᵢ·(c·bᵢ) in loops ---===//
//
// The workshop's Optimisation 4 hoists the `2π` of
//     phase = 2π · (u·l + v·m + w·ndash)
// out of the visibility loop by hand: l, m and ndash do not change in the
// loop, so 2π·l, 2π·m and 2π·ndash can be computed once and the loop body
// saves a multiply per iteration. Loop-invariant code motion cannot do it
// by itself, because c·(Σ) is one product of an invariant and a variant
// value. This pass rewrites, inside a loop,
//     c · (x₁·y₁ ± x₂·y₂ ± … ± w)   →   x₁·(c·y₁) ± x₂·(c·y₂) ± … ± c·w
// when c is loop-invariant and every term of the sum is a product with a
// loop-invariant factor yᵢ (or is itself loop-invariant, w); the new
// products c·yᵢ and c·w have invariant operands, so LICM (which runs next)
// hoists them. Float multiplication does not distribute over a rounded sum,
// so the result may differ in the last bits (relative error of the sum's
// terms, not of the sum: cancellation in the sum can magnify it, as it does
// for the hand-written version); the pass therefore runs only on kernels
// with fastmath permission: kernels decorated fastmath=True (marked
// nvc.fastmath) or every kernel under --fastmath. Integer arithmetic is
// never touched (it is exact anyway and LICM handles what it can).
//
// What it leaves alone: a sum with any term that has no loop-invariant
// factor (the rewrite would then add multiplies to the loop); a sum or a
// product used elsewhere too (it would be computed twice); a factor c that
// varies in the loop; operations outside loops; mixed float types.
//
//===----------------------------------------------------------------------===//
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/Interfaces/LoopLikeInterface.h>

#define DEBUG_TYPE "nvc-distribute-invariant-factor"

namespace nvc {
namespace {

using namespace mlir;

/// One term of the sum: `sign · (variant · invariant)`, or `sign · invariant`
/// when `variant` is null.
struct Term {
  Value variant, invariant;
  bool negate = false;
};

/// Collects the terms of `v` (a tree of single-use addf/subf in `loop`) into
/// `terms`; false if some term has no loop-invariant factor. `ops` gets the
/// tree's operations (to erase after the rewrite).
bool collectTerms(Value v, LoopLikeOpInterface loop, Type t, bool negate,
                  SmallVectorImpl<Term> &terms, SmallVectorImpl<Operation *> &ops) {
  if (v.getType() != t)
    return false;
  if (loop.isDefinedOutsideOfLoop(v)) {
    terms.push_back({nullptr, v, negate});
    return true;
  }
  Operation *def = v.getDefiningOp();
  if (!def || !v.hasOneUse())
    return false;
  if (auto add = dyn_cast<arith::AddFOp>(def)) {
    ops.push_back(def);
    return collectTerms(add.getLhs(), loop, t, negate, terms, ops) &&
           collectTerms(add.getRhs(), loop, t, negate, terms, ops);
  }
  if (auto sub = dyn_cast<arith::SubFOp>(def)) {
    ops.push_back(def);
    return collectTerms(sub.getLhs(), loop, t, negate, terms, ops) &&
           collectTerms(sub.getRhs(), loop, t, !negate, terms, ops);
  }
  if (auto mul = dyn_cast<arith::MulFOp>(def)) {
    Value a = mul.getLhs(), b = mul.getRhs();
    bool aInv = loop.isDefinedOutsideOfLoop(a), bInv = loop.isDefinedOutsideOfLoop(b);
    if (aInv == bInv) // both invariant: LICM hoists it anyway; neither: no gain
      return false;
    ops.push_back(def);
    terms.push_back({aInv ? b : a, aInv ? a : b, negate});
    return true;
  }
  return false;
}

struct DistributeInvariantFactorPass
    : public PassWrapper<DistributeInvariantFactorPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DistributeInvariantFactorPass)
  DistributeInvariantFactorPass() = default;
  DistributeInvariantFactorPass(const DistributeInvariantFactorPass &other)
      : PassWrapper(other) {}

  StringRef getName() const override { return "DistributeInvariantFactor"; }
  StringRef getArgument() const override { return "nvc-distribute-invariant-factor"; }
  StringRef getDescription() const override {
    return "Distribute a loop-invariant factor over a sum of products with invariant factors "
           "(fastmath only), so LICM can hoist the products";
  }

  Option<bool> allKernels{*this, "all-kernels",
                          llvm::cl::desc("rewrite every kernel (--fastmath), not only those "
                                         "marked nvc.fastmath"),
                          llvm::cl::init(false)};

  /// Rewrites `mul` (c · sum) if it has the form above; true if it did.
  static bool distribute(arith::MulFOp mul) {
    auto loop = mul->getParentOfType<LoopLikeOpInterface>();
    if (!loop)
      return false;
    Type t = mul.getType();
    if (!t.isF32() && !t.isF64())
      return false;
    for (bool sumIsRhs : {true, false}) {
      Value c = sumIsRhs ? mul.getLhs() : mul.getRhs();
      Value sum = sumIsRhs ? mul.getRhs() : mul.getLhs();
      if (!loop.isDefinedOutsideOfLoop(c) || loop.isDefinedOutsideOfLoop(sum))
        continue;
      Operation *def = sum.getDefiningOp();
      if (!def || !isa<arith::AddFOp, arith::SubFOp>(def))
        continue;
      SmallVector<Term> terms;
      SmallVector<Operation *> ops;
      if (!collectTerms(sum, loop, t, false, terms, ops))
        continue;
      // Rebuild the sum, in the source's order, from the scaled terms.
      OpBuilder b(mul);
      Location loc = mul.getLoc();
      Value acc;
      for (const Term &term : terms) {
        Value scaled = arith::MulFOp::create(b, loc, c, term.invariant);
        if (term.variant)
          scaled = arith::MulFOp::create(b, loc, term.variant, scaled);
        if (!acc)
          acc = term.negate ? arith::NegFOp::create(b, loc, scaled).getResult() : scaled;
        else if (term.negate)
          acc = arith::SubFOp::create(b, loc, acc, scaled);
        else
          acc = arith::AddFOp::create(b, loc, acc, scaled);
      }
      mul.getResult().replaceAllUsesWith(acc);
      mul->erase();
      // The tree (users before operands: `ops` is in pre-order).
      for (Operation *op : ops)
        op->erase();
      return true;
    }
    return false;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!allKernels && !func->hasAttr(abi::kFastmathAttr))
      return;
    SmallVector<arith::MulFOp> candidates;
    func.walk([&](arith::MulFOp mul) { candidates.push_back(mul); });
    // The walk lists a value's definition before its uses, so the sum tree
    // a rewrite erases was visited before the product being rewritten and
    // no erased operation is visited afterwards.
    for (arith::MulFOp mul : candidates)
      distribute(mul);
  }
};

} // namespace

std::unique_ptr<Pass> createDistributeInvariantFactorPass(bool allKernels) {
  auto pass = std::make_unique<DistributeInvariantFactorPass>();
  pass->allKernels = allKernels;
  return pass;
}

} // namespace nvc
