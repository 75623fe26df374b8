//===- ContractFMA.cpp - Fuse float multiply-adds into explicit FMAs -------===//
//
// nvc keeps float results identical to a CPU computation by default: every
// float add, subtract and multiply is decorated NoContraction, so no driver
// fuses them (DecorateNoContraction.cpp). A kernel decorated fastmath=True,
// or every kernel under --fp-contract=fast, gives permission to fuse; this
// pass then writes the FMAs itself (math.fma → GLSL.std.450 Fma), so where
// they go does not depend on the driver. It runs on each kernel after
// inlining, structuring, canonicalize/cse and LICM, and before the math
// library is expanded (whose error-free transformations must stay unfused).
// The operations it leaves keep their NoContraction decoration.
//
// On a kernel with permission, for float32 and float64 scalars:
//  1. Multiply-accumulate of a sum of two products (the complex
//     multiply-accumulate `acc += x * y` is this, twice):
//       acc ± (a*b ± c*d)  →  fma(±c', d, fma(±a, b, acc))
//     where the inner sum and both products have no other use and all
//     types agree. Signs go on a multiplicand (a negation is exact). This
//     evaluates the sum in another order (acc + a*b first), as the
//     workshop's Optimisation 7 does by hand with cuda.fma; the error
//     bound is in docs/optimisation.md. `(a*b ± c*d) - acc` negates acc.
//     When acc is itself a fusable product, step 2 is left to do it (two
//     FMAs as well, in the source's order).
//  2. Then each remaining add or subtract with a multiply operand that has
//     no other use and the same type:
//       a*b + c, c + a*b  →  fma(a, b, c)
//       c - a*b           →  fma(-a, b, c)
//       a*b - c           →  fma(a, b, -c)
//     preferring the left multiply of an add and the right of a subtract
//     when both operands are multiplies.
// A multiply with several uses is left alone (fusing it into one use would
// compute the product twice, rounded differently), as is everything in a
// kernel without permission.
//
//===----------------------------------------------------------------------===//
#include "passes/FastMath.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/IR/Builders.h>

#define DEBUG_TYPE "nvc-contract-fma"

namespace nvc {
namespace {

using namespace mlir;

bool isContractibleType(Type t) { return t.isF32() || t.isF64(); }

/// `v`'s defining arith.mulf, if it has no other use and `v` has type `t`.
arith::MulFOp singleUseMul(Value v, Type t) {
  auto mul = v.getDefiningOp<arith::MulFOp>();
  if (!mul || !mul->hasOneUse() || mul.getType() != t)
    return nullptr;
  return mul;
}

/// An add or subtract of floats: `lhs + sign * rhs`.
struct AddSub {
  Operation *op = nullptr;
  Value lhs, rhs;
  bool subtract = false;
};

std::optional<AddSub> asAddSub(Operation *op) {
  if (!op || op->getNumResults() != 1 || !isContractibleType(op->getResult(0).getType()))
    return std::nullopt;
  if (auto add = dyn_cast<arith::AddFOp>(op))
    return AddSub{op, add.getLhs(), add.getRhs(), false};
  if (auto sub = dyn_cast<arith::SubFOp>(op))
    return AddSub{op, sub.getLhs(), sub.getRhs(), true};
  return std::nullopt;
}

struct ContractFMAPass
    : public PassWrapper<ContractFMAPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ContractFMAPass)
  ContractFMAPass() = default;
  ContractFMAPass(const ContractFMAPass &other) : PassWrapper(other) {}

  StringRef getName() const override { return "ContractFMA"; }
  StringRef getArgument() const override { return "nvc-contract-fma"; }
  StringRef getDescription() const override {
    return "Fuse float a*b+c into math.fma in kernels that permit it";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect>();
  }

  Option<bool> allKernels{*this, "all-kernels",
                          llvm::cl::desc("contract every kernel (--fp-contract=fast), not only "
                                         "those marked nvc.fastmath"),
                          llvm::cl::init(false)};

  /// `sign ? -v : v` (a negation, exact).
  static Value signed_(OpBuilder &b, Location loc, Value v, bool negate) {
    return negate ? arith::NegFOp::create(b, loc, v).getResult() : v;
  }

  /// Step 1 on `outer` (acc ± inner or inner ± acc, inner = a*b ± c*d).
  static bool contractSumOfProducts(AddSub outer) {
    Type t = outer.op->getResult(0).getType();
    // Which operand is the inner sum of two products (the right one first).
    for (bool innerIsRhs : {true, false}) {
      Value innerValue = innerIsRhs ? outer.rhs : outer.lhs;
      Value acc = innerIsRhs ? outer.lhs : outer.rhs;
      auto inner = asAddSub(innerValue.getDefiningOp());
      if (!inner || !innerValue.hasOneUse() || innerValue.getType() != t || acc.getType() != t)
        continue;
      // (a*b ± c*d) ± e*f: step 2 fuses it without reordering the sum.
      if (singleUseMul(acc, t))
        continue;
      arith::MulFOp p1 = singleUseMul(inner->lhs, t), p2 = singleUseMul(inner->rhs, t);
      if (!p1 || !p2 || p1 == p2)
        continue;
      // outer = sAcc*acc + sIn*(p1 + s2*p2)
      bool negAcc = !innerIsRhs && outer.subtract;
      bool negInner = innerIsRhs && outer.subtract;
      bool negP2 = negInner != inner->subtract;
      OpBuilder b(outer.op);
      Location loc = outer.op->getLoc();
      Value start = signed_(b, loc, acc, negAcc);
      Value first = math::FmaOp::create(b, 
          loc, signed_(b, loc, p1.getLhs(), negInner), p1.getRhs(), start);
      Value second = math::FmaOp::create(b, 
          p2.getLoc(), signed_(b, loc, p2.getLhs(), negP2), p2.getRhs(), first);
      outer.op->getResult(0).replaceAllUsesWith(second);
      outer.op->erase();
      inner->op->erase();
      p1->erase();
      p2->erase();
      return true;
    }
    return false;
  }

  /// Step 2 on `op` (a*b ± c or c ± a*b).
  static bool contractMultiplyAdd(AddSub op) {
    Type t = op.op->getResult(0).getType();
    arith::MulFOp lhsMul = singleUseMul(op.lhs, t), rhsMul = singleUseMul(op.rhs, t);
    bool useRhs = op.subtract ? rhsMul != nullptr : lhsMul == nullptr;
    arith::MulFOp mul = useRhs ? rhsMul : lhsMul;
    if (!mul || lhsMul == rhsMul)
      return false;
    Value addend = useRhs ? op.lhs : op.rhs;
    OpBuilder b(op.op);
    Location loc = op.op->getLoc();
    // c - a*b = fma(-a, b, c); a*b - c = fma(a, b, -c).
    Value a = signed_(b, loc, mul.getLhs(), op.subtract && useRhs);
    Value c = signed_(b, loc, addend, op.subtract && !useRhs);
    Value fma = math::FmaOp::create(b, loc, a, mul.getRhs(), c);
    op.op->getResult(0).replaceAllUsesWith(fma);
    op.op->erase();
    mul->erase();
    return true;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!allKernels && !func->hasAttr(abi::kFastmathAttr))
      return;
    // Collect first: the rewrites erase operations.
    SmallVector<Operation *> candidates;
    func.walk([&](Operation *op) {
      if (asAddSub(op))
        candidates.push_back(op);
    });
    // Step 1 before step 2, so the inner sums are still unfused. A value is
    // defined before its uses in walk order, so an inner sum (and its
    // multiplies) is visited before the outer operation that erases it,
    // and no erased operation is visited.
    for (Operation *op : candidates)
      contractSumOfProducts(*asAddSub(op));
    SmallVector<Operation *> rest;
    func.walk([&](Operation *op) {
      if (asAddSub(op))
        rest.push_back(op);
    });
    for (Operation *op : rest)
      contractMultiplyAdd(*asAddSub(op));
  }
};

} // namespace

std::unique_ptr<Pass> createContractFMAPass(bool allKernels) {
  auto pass = std::make_unique<ContractFMAPass>();
  pass->allKernels = allKernels;
  return pass;
}

} // namespace nvc
