//===- NarrowIntegers.cpp - 64-bit integer arithmetic proven to fit 32 bits ===//
//
// Kernels in numba.cuda's spelling compute with exact 64-bit integers, as
// numba-cuda does (docs/language.md, "Precision"): `cuda.grid(1)`, `len(a)`,
// range counters and `s = 0` are int64. On a GPU 64-bit integer arithmetic
// takes two or more instructions where 32-bit takes one, and the index
// arithmetic of every array access starts from such values. This pass
// computes in 32 bits what provably gives the same result, and leaves the
// rest exact:
//
//  1. Proven by ranges (passes/IntegerRanges.h, from the point of the
//     operation): an i64 add, sub or mul whose result is within int32; a
//     compare, min, max, and, or, xor or select whose operands are; a signed
//     division or remainder whose operands are and that is not
//     INT32_MIN / -1; an unsigned one whose operands are non-negative. Each
//     becomes the 32-bit operation on truncated operands, sign-extended back.
//     Values in [0, 2³²) that int32 cannot hold (a grid-stride counter may
//     pass 2³¹ on its last step) are uint32: an add, sub or mul whose result
//     is there is zero-extended back, a compare of two such values becomes
//     the unsigned compare.
//     Ids and sizes of the grid, array extents (the runtime refuses arrays
//     and grids of 2³¹ elements or more with 32-bit indices) and range
//     counters bounded by them have int32 ranges; data, accumulators and
//     loops bounded by a 64-bit scalar argument do not, and stay 64-bit.
//  2. Exact whatever the ranges: a truncation to 32 bits of an add, sub,
//     mul, and, or, xor or select (used only there) is the operation on
//     truncated operands (arithmetic modulo 2³²). An array index is such a
//     truncation (MLIRGen truncates a Python int index to the ABI's 32-bit
//     index, which every valid index fits), so `a[i * n + j]` is 32-bit.
//  3. Loop-carried and branch values: an scf.while argument or result, or
//     an scf.if result, that is a sign-extended int32 on every path into it
//     (a counter after 1.) is carried as int32 and extended where a 64-bit
//     use remains. Also a conversion to float of a value that fits.
//  4. Versioning: a range loop whose counter still feeds 64-bit arithmetic
//     after 1.-3. (`tx + i * 16` for i below cuda.gridDim.x) runs as a copy
//     where its bound is at most 2^24, in which the bound's test proves that
//     arithmetic 32-bit, and as written otherwise (kVersionBound).
//
// A rewrite only ever replaces a 64-bit value with the sign (or zero)
// extension of a 32-bit value that equals it, so results are exact; only
// where 64-bit integers are the module's integers (MLIRGen) is there
// anything to narrow.
//
//===----------------------------------------------------------------------===//
#include "passes/IntegerRanges.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/IR/Matchers.h>
#include <mlir/IR/PatternMatch.h>
#include <mlir/Transforms/GreedyPatternRewriteDriver.h>

#define DEBUG_TYPE "nvc-narrow-integers"

using namespace mlir;

namespace nvc {
namespace {

const Range kInt32 = {-(Int(1) << 31), (Int(1) << 31) - 1};
const Range kUInt32 = {0, (Int(1) << 32) - 1};

bool isI64(Type t) { return t.isInteger(64); }

/// How a 32-bit value stands for a 64-bit one: sign- or zero-extended.
enum class Extension { None, Signed, Unsigned };

/// How `v` (i64) is a 32-bit value by construction: an extsi (extui) of an
/// i32 or a constant in int32's (uint32's) range; a sign-extended value the
/// oracle proves non-negative is zero-extended too (`asUnsigned`).
Extension extensionOf(Value v, bool asUnsigned, RangeOracle &oracle) {
  if (!isI64(v.getType()))
    return Extension::None;
  if (auto ext = v.getDefiningOp<arith::ExtSIOp>()) {
    if (!ext.getIn().getType().isInteger(32))
      return Extension::None;
    return !asUnsigned ? Extension::Signed
           : oracle.rangeOf(ext.getIn()).lo >= 0 ? Extension::Unsigned
                                                 : Extension::None;
  }
  if (auto ext = v.getDefiningOp<arith::ExtUIOp>()) {
    if (!ext.getIn().getType().isInteger(32))
      return Extension::None;
    if (asUnsigned)
      return Extension::Unsigned;
    return oracle.rangeOf(v).hi <= kInt32.hi ? Extension::Signed : Extension::None;
  }
  llvm::APInt c;
  if (matchPattern(v, m_ConstantInt(&c))) {
    Range r = {c.getSExtValue(), c.getSExtValue()};
    if ((asUnsigned ? kUInt32 : kInt32).contains(r))
      return asUnsigned ? Extension::Unsigned : Extension::Signed;
  }
  return Extension::None;
}

/// `v` (i32) extended to i64 as `how` says (None is not a way).
Value extendTo64(OpBuilder &b, Location l, Extension how, Value v) {
  if (how == Extension::Unsigned)
    return arith::ExtUIOp::create(b, l, b.getI64Type(), v);
  return arith::ExtSIOp::create(b, l, b.getI64Type(), v);
}

/// The i32 value whose sign or zero extension `v` (i64, in that range) is,
/// created before the builder's insertion point when needed.
Value toInt32(OpBuilder &b, Location l, Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtSIOp>())
    if (ext.getIn().getType().isInteger(32))
      return ext.getIn();
  if (auto ext = v.getDefiningOp<arith::ExtUIOp>())
    if (ext.getIn().getType().isInteger(32))
      return ext.getIn();
  return arith::TruncIOp::create(b, l, b.getI32Type(), v);
}

/// Step 1: how the oracle (facts of `op`'s position assumed) proves the
/// 32-bit form of `op` equal to it, if it does.
Extension provenNarrow(Operation *op, RangeOracle &oracle) {
  auto operandsIn = [&](Range r) {
    for (Value v : op->getOperands())
      if (isI64(v.getType()) && !r.contains(oracle.rangeOf(v)))
        return false;
    return true;
  };
  auto signedIf = [](bool proven) { return proven ? Extension::Signed : Extension::None; };
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    if (!isI64(op->getResult(0).getType()))
      return Extension::None;
    Range r = oracle.rangeOf(op->getResult(0));
    return kInt32.contains(r) ? Extension::Signed
           : kUInt32.contains(r) ? Extension::Unsigned
                                 : Extension::None;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    // Sign extension keeps the signed order and the unsigned one; zero
    // extension the unsigned one.
    if (!isI64(cmp.getLhs().getType()))
      return Extension::None;
    return operandsIn(kInt32) ? Extension::Signed
           : operandsIn(kUInt32) ? Extension::Unsigned
                                 : Extension::None;
  }
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return signedIf(isI64(select.getType()) && operandsIn(kInt32));
  if (isa<arith::MinSIOp, arith::MaxSIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op))
    return signedIf(isI64(op->getResult(0).getType()) && operandsIn(kInt32));
  if (isa<arith::DivSIOp, arith::RemSIOp>(op)) {
    if (!isI64(op->getResult(0).getType()) || !operandsIn(kInt32))
      return Extension::None;
    Range a = oracle.rangeOf(op->getOperand(0)), b = oracle.rangeOf(op->getOperand(1));
    bool overflow = a.lo == kInt32.lo && b.lo <= -1 && -1 <= b.hi;
    return signedIf(!overflow);
  }
  if (isa<arith::DivUIOp, arith::RemUIOp>(op))
    return signedIf(isI64(op->getResult(0).getType()) &&
                    operandsIn({0, kInt32.hi}));
  // A conversion to float of a value that fits (np.float32(i)).
  if (auto conv = dyn_cast<arith::SIToFPOp>(op))
    return signedIf(isI64(conv.getIn().getType()) && operandsIn(kInt32));
  if (auto conv = dyn_cast<arith::UIToFPOp>(op))
    return isI64(conv.getIn().getType()) && operandsIn(kUInt32) ? Extension::Unsigned
                                                                 : Extension::None;
  return Extension::None;
}

/// The unsigned predicate that orders zero-extended values as `pred` orders
/// the 64-bit ones (both in [0, 2^32)).
arith::CmpIPredicate unsignedPredicate(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  switch (pred) {
  case P::slt: return P::ult;
  case P::sle: return P::ule;
  case P::sgt: return P::ugt;
  case P::sge: return P::uge;
  default: return pred;
  }
}

/// Step 1's rewrite: `op` computed on 32-bit operands (its i64 operands
/// truncated), its i64 result extended from the 32-bit one as `how` says.
void narrow(Operation *op, Extension how) {
  OpBuilder b(op);
  Location l = op->getLoc();
  OperationState state(l, op->getName());
  for (Value v : op->getOperands())
    state.addOperands(isI64(v.getType()) ? toInt32(b, l, v) : v);
  state.addAttributes(op->getAttrs());
  for (Type t : op->getResultTypes())
    state.addTypes(isI64(t) ? Type(b.getI32Type()) : t);
  Operation *narrowOp = b.create(state);
  if (auto cmp = dyn_cast<arith::CmpIOp>(narrowOp); cmp && how == Extension::Unsigned)
    cmp.setPredicate(unsignedPredicate(cmp.getPredicate()));
  Value result = narrowOp->getResult(0);
  if (isI64(op->getResult(0).getType()))
    result = extendTo64(b, l, how, result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

/// Step 2: trunci(op(a, b)) = op(trunci a, trunci b) for operations that
/// commute with truncation (arithmetic modulo 2^k), when the wide result
/// has no other use.
struct PushTruncation : OpRewritePattern<arith::TruncIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncIOp trunc, PatternRewriter &rw) const override {
    // Only i64 to i32: narrower arithmetic is what NVIDIA's driver leaves
    // unwrapped in 32-bit registers (tests/difftest/FOUND.md #25).
    Operation *wide = trunc.getIn().getDefiningOp();
    if (!wide || !wide->hasOneUse() || !trunc.getType().isInteger(32) ||
        !isI64(trunc.getIn().getType()))
      return failure();
    Type narrowType = trunc.getType();
    Location l = wide->getLoc();
    auto truncated = [&](Value v) -> Value {
      return arith::TruncIOp::create(rw, l, narrowType, v);
    };
    if (auto select = dyn_cast<arith::SelectOp>(wide)) {
      rw.replaceOpWithNewOp<arith::SelectOp>(trunc, select.getCondition(),
                                             truncated(select.getTrueValue()),
                                             truncated(select.getFalseValue()));
      return success();
    }
    if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
             arith::XOrIOp>(wide))
      return failure();
    OperationState state(l, wide->getName());
    state.addOperands({truncated(wide->getOperand(0)), truncated(wide->getOperand(1))});
    state.addTypes(narrowType);
    // Overflow flags (nsw/nuw) do not carry over to the narrower operation.
    rw.replaceOp(trunc, rw.create(state)->getResults());
    return success();
  }
};

/// Step 3: scf.while arguments (and results) that are sign-extended (or
/// zero-extended) 32-bit values on every path into them become i32,
/// extended at the top of their block (after the loop) for the uses that
/// stay 64-bit.
struct NarrowLoopCarried : OpRewritePattern<scf::WhileOp> {
  NarrowLoopCarried(MLIRContext *context, Int idBound)
      : OpRewritePattern(context), idBound_(idBound) {}

  /// How all of `values` are extended 32-bit values, if one way fits all.
  Extension commonExtension(ArrayRef<Value> values) const {
    RangeOracle oracle(idBound_);
    for (bool asUnsigned : {false, true})
      if (llvm::all_of(values, [&](Value v) {
            return extensionOf(v, asUnsigned, oracle) != Extension::None;
          }))
        return asUnsigned ? Extension::Unsigned : Extension::Signed;
    return Extension::None;
  }

  LogicalResult matchAndRewrite(scf::WhileOp loop, PatternRewriter &rw) const override {
    scf::ConditionOp cond = loop.getConditionOp();
    scf::YieldOp yield = loop.getYieldOp();
    unsigned numBefore = loop.getInits().size(), numAfter = cond.getArgs().size();
    SmallVector<Extension> before(numBefore), after(numAfter);
    bool any = false;
    for (unsigned i = 0; i < numBefore; ++i) {
      before[i] = commonExtension({loop.getInits()[i], yield.getOperand(i)});
      any |= before[i] != Extension::None;
    }
    for (unsigned j = 0; j < numAfter; ++j) {
      after[j] = commonExtension({cond.getArgs()[j]});
      any |= after[j] != Extension::None;
    }
    if (!any)
      return failure();

    Location l = loop.getLoc();
    Type i32 = rw.getI32Type();
    SmallVector<Value> inits;
    for (unsigned i = 0; i < numBefore; ++i)
      inits.push_back(before[i] != Extension::None ? toInt32(rw, l, loop.getInits()[i])
                                                   : loop.getInits()[i]);
    SmallVector<Type> resultTypes;
    for (unsigned j = 0; j < numAfter; ++j)
      resultTypes.push_back(after[j] != Extension::None ? i32 : loop.getResult(j).getType());
    auto narrowed = scf::WhileOp::create(rw, l, resultTypes, inits, nullptr, nullptr);

    // Each region's block: the old operations after the extensions of the
    // narrowed arguments.
    auto moveBlock = [&](Block *from, Block *to, ArrayRef<Extension> narrowedArgs) {
      rw.setInsertionPointToStart(to);
      SmallVector<Value> replacements;
      for (unsigned k = 0; k < to->getNumArguments(); ++k) {
        Value arg = to->getArgument(k);
        replacements.push_back(narrowedArgs[k] != Extension::None ? extendTo64(rw, l, narrowedArgs[k], arg)
                                                                  : arg);
      }
      rw.mergeBlocks(from, to, replacements);
    };
    moveBlock(&loop.getBefore().front(), &narrowed.getBefore().front(), before);
    moveBlock(&loop.getAfter().front(), &narrowed.getAfter().front(), after);

    scf::ConditionOp newCond = narrowed.getConditionOp();
    rw.setInsertionPoint(newCond);
    for (unsigned j = 0; j < numAfter; ++j)
      if (after[j] != Extension::None) {
        Value v = toInt32(rw, l, newCond.getArgs()[j]);
        rw.modifyOpInPlace(newCond, [&] { newCond.getArgsMutable()[j].assign(v); });
      }
    scf::YieldOp newYield = narrowed.getYieldOp();
    rw.setInsertionPoint(newYield);
    for (unsigned i = 0; i < numBefore; ++i)
      if (before[i] != Extension::None) {
        Value v = toInt32(rw, l, newYield.getOperand(i));
        rw.modifyOpInPlace(newYield, [&] { newYield->setOperand(i, v); });
      }

    rw.setInsertionPointAfter(narrowed);
    SmallVector<Value> results;
    for (unsigned j = 0; j < numAfter; ++j)
      results.push_back(after[j] != Extension::None ? extendTo64(rw, l, after[j], narrowed.getResult(j))
                                                    : narrowed.getResult(j));
    rw.replaceOp(loop, results);
    return success();
  }

  Int idBound_;
};

/// Step 3 for scf.if: results that every branch yields as an extended
/// 32-bit value (or leaves undefined, ub.poison) become i32.
struct NarrowIfResults : OpRewritePattern<scf::IfOp> {
  NarrowIfResults(MLIRContext *context, Int idBound)
      : OpRewritePattern(context), idBound_(idBound) {}

  LogicalResult matchAndRewrite(scf::IfOp ifOp, PatternRewriter &rw) const override {
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return failure();
    scf::YieldOp thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
    RangeOracle oracle(idBound_);
    SmallVector<Extension> how(ifOp.getNumResults(), Extension::None);
    bool any = false;
    for (unsigned j = 0; j < ifOp.getNumResults(); ++j) {
      Value values[] = {thenYield.getOperand(j), elseYield.getOperand(j)};
      for (bool asUnsigned : {false, true}) {
        bool all = true, anyDefined = false;
        for (Value v : values) {
          if (v.getDefiningOp<ub::PoisonOp>() && isI64(v.getType()))
            continue;
          anyDefined = true;
          all &= extensionOf(v, asUnsigned, oracle) != Extension::None;
        }
        if (all && anyDefined) {
          how[j] = asUnsigned ? Extension::Unsigned : Extension::Signed;
          break;
        }
      }
      any |= how[j] != Extension::None;
    }
    if (!any)
      return failure();

    Location l = ifOp.getLoc();
    SmallVector<Type> types;
    for (unsigned j = 0; j < ifOp.getNumResults(); ++j)
      types.push_back(how[j] != Extension::None ? Type(rw.getI32Type())
                                                : ifOp.getResult(j).getType());
    auto narrowed = scf::IfOp::create(rw, l, types, ifOp.getCondition(), /*withElse=*/true);
    for (auto [from, to] : {std::pair(&ifOp.getThenRegion(), &narrowed.getThenRegion()),
                            std::pair(&ifOp.getElseRegion(), &narrowed.getElseRegion())}) {
      to->front().erase();
      rw.inlineRegionBefore(*from, *to, to->end());
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      rw.setInsertionPoint(yield);
      for (unsigned j = 0; j < types.size(); ++j)
        if (how[j] != Extension::None) {
          Value v = yield.getOperand(j);
          Value narrow = v.getDefiningOp<ub::PoisonOp>()
                             ? Value(ub::PoisonOp::create(rw, l, rw.getI32Type()))
                             : toInt32(rw, l, v);
          rw.modifyOpInPlace(yield, [&] { yield->setOperand(j, narrow); });
        }
    }
    rw.setInsertionPointAfter(narrowed);
    SmallVector<Value> results;
    for (unsigned j = 0; j < types.size(); ++j) {
      Value r = narrowed.getResult(j);
      results.push_back(how[j] != Extension::None ? extendTo64(rw, l, how[j], r) : r);
    }
    rw.replaceOp(ifOp, results);
    return success();
  }

  Int idBound_;
};

/// Loops whose counter feeds 64-bit arithmetic that ranges cannot narrow
/// (`tx + i * 16` for i below cuda.gridDim.x) run in two versions: where
/// their bound is at most kVersionBound, a copy in which the bound's test
/// (a fact of the enclosing scf.if, IntegerRanges.h) proves that arithmetic
/// 32-bit; otherwise the loop as it was. 2^24 iterations of one invocation
/// is beyond what a kernel runs in practice.
constexpr int64_t kVersionBound = int64_t(1) << 24;

/// The bound n of `loop` if it is a range loop (`k < n` with n computed
/// before the loop, k + c for a constant c > 0 coming back) whose counter
/// feeds a 64-bit add, sub, mul or compare in its body (those go to
/// `wideOps`).
std::optional<Value> versionableBound(scf::WhileOp loop, SmallVectorImpl<Operation *> &wideOps) {
  scf::ConditionOp cond = loop.getConditionOp();
  auto cmp = cond.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::slt &&
               cmp.getPredicate() != arith::CmpIPredicate::ult))
    return std::nullopt;
  auto strip = [](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtSIOp>())
      return ext.getIn();
    if (auto ext = v.getDefiningOp<arith::ExtUIOp>())
      return ext.getIn();
    return v;
  };
  auto counter = dyn_cast<BlockArgument>(strip(cmp.getLhs()));
  Value bound = cmp.getRhs();
  if (!counter || counter.getOwner() != &loop.getBefore().front() ||
      loop->isAncestor(bound.getDefiningOp() ? bound.getDefiningOp()
                                             : bound.getParentBlock()->getParentOp()))
    return std::nullopt;
  auto forwarded = llvm::find(cond.getArgs(), counter);
  if (forwarded == cond.getArgs().end())
    return std::nullopt;
  Value inBody = loop.getAfter().getArgument(forwarded - cond.getArgs().begin());
  auto add = strip(loop.getYieldOp().getOperand(counter.getArgNumber())).getDefiningOp<arith::AddIOp>();
  llvm::APInt step;
  if (!add || (strip(add.getLhs()) != inBody && strip(add.getRhs()) != inBody) ||
      !matchPattern(strip(add.getLhs()) == inBody ? add.getRhs() : add.getLhs(),
                    m_ConstantInt(&step)) ||
      step.getSExtValue() < 1 || step.getSExtValue() > 64)
    return std::nullopt;
  // Does the counter reach 64-bit arithmetic (a few operations deep)?
  SmallVector<std::pair<Value, int>> work = {{inBody, 0}};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    auto [v, depth] = work.pop_back_val();
    if (!seen.insert(v).second || depth > 6)
      continue;
    for (Operation *user : v.getUsers()) {
      if (user == add || !loop.getAfter().isAncestor(user->getParentRegion()))
        continue;
      bool wide = llvm::any_of(user->getOperandTypes(), isI64);
      if (wide && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::CmpIOp>(user))
        wideOps.push_back(user);
      if (isa<arith::ArithDialect>(user->getDialect()) && user->getNumResults() == 1)
        work.push_back({user->getResult(0), depth + 1});
    }
  }
  if (wideOps.empty())
    return std::nullopt;
  return bound;
}

/// Versions `loop` on `bound <= kVersionBound` (see kVersionBound) when
/// that test proves one of `wideOps` 32-bit (k * k of a counter below 2^24
/// still is not: no copy then); returns whether it did.
bool versionLoop(scf::WhileOp loop, Value bound, ArrayRef<Operation *> wideOps, Int idBound) {
  OpBuilder b(loop);
  Location l = loop.getLoc();
  auto limit = arith::ConstantIntOp::create(b, l, bound.getType(), kVersionBound);
  auto small = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, bound, limit);
  bool pays = llvm::any_of(wideOps, [&](Operation *op) {
    RangeOracle oracle(idBound);
    oracle.assumeContextOf(op);
    oracle.assume(small, true);
    return provenNarrow(op, oracle) != Extension::None;
  });
  if (!pays) {
    small.erase();
    limit.erase();
    return false;
  }
  auto ifOp = scf::IfOp::create(b, l, loop.getResultTypes(), small, /*withElse=*/true);
  loop->replaceAllUsesWith(ifOp.getResults());
  b.setInsertionPointToStart(ifOp.thenBlock());
  Operation *copy = b.clone(*loop);
  scf::YieldOp::create(b, l, copy->getResults());
  loop->moveBefore(ifOp.elseBlock(), ifOp.elseBlock()->end());
  b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(b, l, loop->getResults());
  return true;
}

struct NarrowIntegersPass : public PassWrapper<NarrowIntegersPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NarrowIntegersPass)
  NarrowIntegersPass() = default;
  NarrowIntegersPass(const NarrowIntegersPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "NarrowIntegers"; }
  StringRef getArgument() const override { return "nvc-narrow-integers"; }
  StringRef getDescription() const override {
    return "compute 64-bit integer arithmetic in 32 bits where value ranges or truncation "
           "prove the result the same";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect, ub::UBDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    bool anyI64 = false;
    func.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        anyI64 |= isI64(t);
    });
    if (!anyI64)
      return;

    Int idBound = invocationIdBound(indexBits);
    RewritePatternSet patterns(&getContext());
    patterns.add<PushTruncation>(&getContext());
    patterns.add<NarrowLoopCarried, NarrowIfResults>(&getContext(), idBound);
    for (RegisteredOperationName name : getContext().getRegisteredOperations())
      if (name.getDialectNamespace() == "arith")
        name.getCanonicalizationPatterns(patterns, &getContext());
    scf::WhileOp::getCanonicalizationPatterns(patterns, &getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));

    // A narrowed counter proves the next operation narrow (k + 1 once k is
    // an extended int32): a few rounds, until nothing changes.
    for (int round = 0; round < 4; ++round) {
      SmallVector<std::pair<Operation *, Extension>> proven;
      func.walk([&](Operation *op) {
        if (op->getNumResults() != 1 || !isa<arith::ArithDialect>(op->getDialect()))
          return;
        RangeOracle oracle(idBound);
        oracle.assumeContextOf(op);
        if (Extension how = provenNarrow(op, oracle); how != Extension::None)
          proven.push_back({op, how});
      });
      for (auto [op, how] : proven)
        narrow(op, how);
      bool changed = false;
      if (failed(applyPatternsGreedily(func, frozen, GreedyRewriteConfig(), &changed)))
        return signalPassFailure();
      // After the first round, what ranges could not narrow: version the
      // loops whose counter still feeds 64-bit arithmetic.
      if (round == 0 && versionLoops) {
        struct Candidate {
          scf::WhileOp loop;
          Value bound;
          SmallVector<Operation *> wideOps;
        };
        SmallVector<Candidate> loops;
        func.walk([&](scf::WhileOp loop) {
          Candidate c{loop, Value(), {}};
          if (std::optional<Value> bound = versionableBound(loop, c.wideOps)) {
            c.bound = *bound;
            loops.push_back(std::move(c));
          }
        });
        for (Candidate &c : loops)
          changed |= versionLoop(c.loop, c.bound, c.wideOps, idBound);
      }
      if (proven.empty() && !changed)
        return;
    }
  }

  Option<unsigned> indexBits{*this, "index-bits",
                             llvm::cl::desc("bits of the invocation ids the runtime can launch "
                                            "(32 or 64, as --index-bits)"),
                             llvm::cl::init(32)};
  Option<bool> versionLoops{*this, "version-loops",
                            llvm::cl::desc("also run a loop whose counter feeds 64-bit "
                                           "arithmetic as a 32-bit copy where its bound is "
                                           "small"),
                            llvm::cl::init(true)};
};

} // namespace

std::unique_ptr<Pass> createNarrowIntegersPass(unsigned indexBits, bool versionLoops) {
  auto pass = std::make_unique<NarrowIntegersPass>();
  pass->indexBits = indexBits;
  pass->versionLoops = versionLoops;
  return pass;
}

} // namespace nvc
