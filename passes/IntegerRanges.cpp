//===- IntegerRanges.cpp - Signed intervals of integer values ------------===//
//
// See IntegerRanges.h.
//
//===----------------------------------------------------------------------===//
#include "passes/IntegerRanges.h"

#include "abi/Attributes.h"

#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/IR/Matchers.h>

#include <algorithm>

using namespace mlir;

namespace nvc {
namespace {

Range hull(Range a, Range b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

/// `pred` with unsigned orders replaced by signed ones when both sides are
/// non-negative (where the two orders agree).
arith::CmpIPredicate signedOrder(arith::CmpIPredicate pred, Range a, Range b) {
  using P = arith::CmpIPredicate;
  if (a.lo < 0 || b.lo < 0)
    return pred;
  switch (pred) {
  case P::ult: return P::slt;
  case P::ule: return P::sle;
  case P::ugt: return P::sgt;
  case P::uge: return P::sge;
  default: return pred;
  }
}

/// The predicate p' with `b p' a` equivalent to `a p b`.
arith::CmpIPredicate swapped(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  switch (pred) {
  case P::slt: return P::sgt;
  case P::sle: return P::sge;
  case P::sgt: return P::slt;
  case P::sge: return P::sle;
  case P::ult: return P::ugt;
  case P::ule: return P::uge;
  case P::ugt: return P::ult;
  case P::uge: return P::ule;
  default: return pred; // eq, ne
  }
}

/// What `a pred b` being true says about `a` (`ofLhs`) or `b`, given the
/// other side's range; the full range when nothing.
Range implied(arith::CmpIPredicate pred, bool ofLhs, Range self, Range other, Range full) {
  using P = arith::CmpIPredicate;
  if (!ofLhs) // a pred b is b pred' a
    pred = swapped(pred);
  switch (pred) {
  case P::slt: return {full.lo, other.hi - 1};
  case P::sle: return {full.lo, other.hi};
  case P::sgt: return {other.lo + 1, full.hi};
  case P::sge: return {other.lo, full.hi};
  case P::eq: return other;
  case P::ne: // a constant excludes itself at an end of the range
    if (other.lo == other.hi)
      return {self.lo == other.lo ? self.lo + 1 : self.lo,
              self.hi == other.lo ? self.hi - 1 : self.hi};
    return full;
  default: return full;
  }
}

/// The id of the gpu dimension op behind `v` (through an index cast) of
/// type OpTy, if any.
template <typename OpTy>
std::optional<gpu::Dimension> dimensionOf(Value v) {
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    v = cast.getIn();
  if (auto op = v.getDefiningOp<OpTy>())
    return op.getDimension();
  return std::nullopt;
}

/// Whether `mul` is block_dim × grid_dim of one axis (cuda.gridsize): the
/// number of invocations along it, which the runtime bounds like the ids.
bool isInvocationCount(Operation *mul) {
  for (unsigned i = 0; i < 2; ++i) {
    auto block = dimensionOf<gpu::BlockDimOp>(mul->getOperand(i));
    auto grid = dimensionOf<gpu::GridDimOp>(mul->getOperand(1 - i));
    if (block && grid && *block == *grid)
      return true;
  }
  return false;
}

} // namespace

std::optional<unsigned> widthOf(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() <= 64 ? std::optional<unsigned>(i.getWidth()) : std::nullopt;
  if (t.isIndex())
    return 64;
  return std::nullopt;
}

Range fullRange(unsigned width) {
  Int one = 1;
  return {-(one << (width - 1)), (one << (width - 1)) - 1};
}

Int invocationIdBound(unsigned indexBits) {
  Int one = 1;
  return indexBits == 64 ? (one << 32) - 1 : (one << 31) - 1;
}

void RangeOracle::assumeContextOf(Operation *op) {
  for (Operation *inner = op, *parent = op->getParentOp(); parent;
       inner = parent, parent = parent->getParentOp()) {
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      assume(ifOp.getCondition(), inner->getParentRegion() == &ifOp.getThenRegion());
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      if (inner->getParentRegion() == &whileOp.getAfter())
        assume(whileOp.getConditionOp().getCondition(), true);
    } else if (isa<func::FuncOp>(parent)) {
      break;
    }
  }
  cache_.clear(); // ranges computed while facts were still missing
}

constexpr unsigned kMaxDepth = 48;
constexpr Int kInt32Max = (Int(1) << 31) - 1;

Range RangeOracle::rangeOf(Value v, unsigned depth) {
  std::optional<unsigned> width = widthOf(v.getType());
  if (!width)
    return fullRange(64);
  Range full = fullRange(*width);
  if (depth > kMaxDepth || visiting_.contains(v))
    return full;
  if (auto it = cache_.find(v); it != cache_.end())
    return it->second;
  visiting_.insert(v);
  Range r = compute(v, *width, depth);
  visiting_.erase(v);
  if (auto it = facts_.find(v); it != facts_.end())
    r = intersect(r, it->second);
  if (r.lo > r.hi) // contradictory facts: code that never runs
    r = full;
  cache_[v] = r;
  return r;
}

Range RangeOracle::compute(Value v, unsigned width, unsigned depth) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return computeBlockArgument(arg, width, depth);
  return computeResult(v, width, depth);
}

/// Range `r` of select operand `v` refined by the select's condition
/// `cond` being `truth`, when `v` is one side of that comparison
/// (`b == 0 ? 1 : b` is never 0).
Range RangeOracle::refineBySelectCondition(Value cond, bool truth, Value v, Range r,
                                           unsigned depth) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp || (cmp.getLhs() != v && cmp.getRhs() != v))
    return r;
  bool ofLhs = cmp.getLhs() == v;
  Range other = rangeOf(ofLhs ? cmp.getRhs() : cmp.getLhs(), depth + 1);
  auto pred = truth ? cmp.getPredicate() : arith::invertPredicate(cmp.getPredicate());
  pred = signedOrder(pred, ofLhs ? r : other, ofLhs ? other : r);
  Range refined = intersect(r, implied(pred, ofLhs, r, other, fullRange(*widthOf(v.getType()))));
  return refined.lo <= refined.hi ? refined : r;
}

Range RangeOracle::computeResult(Value v, unsigned width, unsigned depth) {
  Operation *op = v.getDefiningOp();
  Range full = fullRange(width);
  auto fits = [&](Range r) { return full.contains(r) ? r : full; };
  auto operand = [&](unsigned i) { return rangeOf(op->getOperand(i), depth + 1); };

  llvm::APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return {c.getSExtValue(), c.getSExtValue()};
  if (isa<gpu::GlobalIdOp, gpu::ThreadIdOp, gpu::BlockIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(op))
    return fits({0, idBound_ - 1});
  if (isa<gpu::BlockDimOp, gpu::GridDimOp, gpu::SubgroupSizeOp, gpu::NumSubgroupsOp>(op))
    return fits({1, idBound_});

  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(op)) {
    Range r = operand(0);
    return full.contains(r) ? r : full;
  }
  if (isa<arith::IndexCastUIOp, arith::ExtUIOp>(op)) {
    Range r = operand(0);
    return r.lo >= 0 && full.contains(r) ? r : full;
  }
  if (isa<arith::AddIOp>(op)) {
    Range a = operand(0), b = operand(1);
    return fits({a.lo + b.lo, a.hi + b.hi});
  }
  if (auto sub = dyn_cast<arith::SubIOp>(op)) {
    // a - (a / b) * b: the remainder of a truncating division.
    if (auto mul = sub.getRhs().getDefiningOp<arith::MulIOp>()) {
      for (unsigned q = 0; q < 2; ++q) {
        auto div = mul->getOperand(q).getDefiningOp<arith::DivSIOp>();
        if (div && div.getLhs() == sub.getLhs() && div.getRhs() == mul->getOperand(1 - q)) {
          Range a = operand(0), b = rangeOf(div.getRhs(), depth + 1);
          if (a.lo >= 0 && b.lo >= 1)
            return {0, std::min(a.hi, b.hi - 1)};
        }
      }
    }
    Range a = operand(0), b = operand(1);
    return fits({a.lo - b.hi, a.hi - b.lo});
  }
  if (isa<arith::MulIOp>(op)) {
    // 32-bit indices: the runtime bounds the product too (64-bit: it may
    // exceed 2^32 - 1, and interval arithmetic below is exact).
    if (idBound_ == kInt32Max && isInvocationCount(op))
      return fits({1, idBound_});
    Range a = operand(0), b = operand(1);
    // Bounds of at most 64 bits: the products fit in 128.
    Int p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    return fits({*std::min_element(p, p + 4), *std::max_element(p, p + 4)});
  }
  if (isa<arith::DivSIOp, arith::DivUIOp>(op)) {
    Range a = operand(0), b = operand(1);
    if (a.lo >= 0 && b.lo >= 1)
      return {a.lo / b.hi, a.hi / b.lo};
    return full;
  }
  if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    Range a = operand(0), b = operand(1);
    if (a.lo >= 0 && b.lo >= 1)
      return {0, std::min(a.hi, b.hi - 1)};
    return full;
  }
  if (isa<arith::AndIOp>(op)) {
    Range a = operand(0), b = operand(1);
    if (a.lo >= 0 && b.lo >= 0)
      return {0, std::min(a.hi, b.hi)};
    if (a.lo >= 0 || b.lo >= 0)
      return {0, a.lo >= 0 ? a.hi : b.hi};
    return full;
  }
  if (isa<arith::ShRUIOp, arith::ShRSIOp>(op)) {
    Range a = operand(0);
    return a.lo >= 0 ? Range{0, a.hi} : full;
  }
  if (isa<arith::MinSIOp>(op)) {
    Range a = operand(0), b = operand(1);
    return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
  }
  if (isa<arith::MaxSIOp>(op)) {
    Range a = operand(0), b = operand(1);
    return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    Value cond = select.getCondition();
    Range t = refineBySelectCondition(cond, true, select.getTrueValue(), operand(1), depth);
    Range f = refineBySelectCondition(cond, false, select.getFalseValue(), operand(2), depth);
    return hull(t, f);
  }
  return full;
}

Range RangeOracle::computeBlockArgument(BlockArgument arg, unsigned width, unsigned depth) {
  Range full = fullRange(width);
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto func = dyn_cast<func::FuncOp>(owner)) {
    if (arg.getOwner()->isEntryBlock() &&
        func.getArgAttr(arg.getArgNumber(), abi::kNonNegativeAttr))
      return {0, full.hi};
    return full;
  }
  if (auto loop = dyn_cast<scf::WhileOp>(owner)) {
    if (arg.getParentRegion() == &loop.getBefore()) {
      std::optional<Range> r = loopCounterRange(loop, arg.getArgNumber(), width, depth);
      return r ? *r : full;
    }
    // `after` arguments are what the condition forwards (facts of the
    // condition apply to those values, see assumeContextOf).
    return rangeOf(loop.getConditionOp().getArgs()[arg.getArgNumber()], depth + 1);
  }
  return full;
}

/// An oracle with the facts of this one about values computed outside
/// `loop` (an enclosing scf.if's test of the loop's bound; facts about
/// values of the loop may hold in some iterations only).
RangeOracle RangeOracle::outsideFacts(scf::WhileOp loop) const {
  RangeOracle local(idBound_);
  for (auto &[key, r] : facts_) {
    Value v = key;
    Operation *def = v.getDefiningOp();
    if (!loop->isAncestor(def ? def : v.getParentBlock()->getParentOp()))
      local.facts_.try_emplace(v, r);
  }
  return local;
}

/// What `loop`'s condition being true says about its `before` argument
/// `counter`, with only the facts about values outside the loop; nullopt
/// when it says nothing.
std::optional<Range> RangeOracle::conditionFact(scf::WhileOp loop, Value counter,
                                                unsigned depth) const {
  RangeOracle local = outsideFacts(loop);
  local.visiting_ = visiting_;
  local.assume(loop.getConditionOp().getCondition(), true, depth + 1);
  auto fact = local.facts_.find(counter);
  if (fact == local.facts_.end())
    return std::nullopt;
  return fact->second;
}

/// The range of `before` argument k of `loop` if it is a range loop's
/// counter (see the file comment), else nullopt.
std::optional<Range> RangeOracle::loopCounterRange(scf::WhileOp loop, unsigned k, unsigned width,
                                                   unsigned depth) {
  Range full = fullRange(width);
  Value counter = loop.getBefore().getArgument(k);
  scf::ConditionOp cond = loop.getConditionOp();
  auto forwarded = llvm::find(cond.getArgs(), counter);
  if (forwarded == cond.getArgs().end())
    return std::nullopt;
  Value inBody = loop.getAfter().getArgument(forwarded - cond.getArgs().begin());
  auto yield = cast<scf::YieldOp>(loop.getAfter().front().getTerminator());
  // A halving counter (`while offset > 0: offset //= 2`): the body divides
  // a non-negative value by a constant >= 1 (or shifts it right), so every
  // later value is in [0, init.hi].
  if (Operation *next = yield.getOperand(k).getDefiningOp();
      next && isa<arith::DivSIOp, arith::DivUIOp, arith::ShRSIOp, arith::ShRUIOp>(next) &&
      next->getOperand(0) == inBody) {
    llvm::APInt divisor;
    bool shift = isa<arith::ShRSIOp, arith::ShRUIOp>(next);
    if (!matchPattern(next->getOperand(1), m_ConstantInt(&divisor)) ||
        (shift ? divisor.isNegative() : divisor.getSExtValue() < 1))
      return std::nullopt;
    std::optional<Range> fact = conditionFact(loop, counter, depth);
    if (!fact || fact->lo < 0)
      return std::nullopt;
    Range init = rangeOf(loop.getInits()[k], depth + 1);
    return Range{std::min(init.lo, Int(0)), std::max(init.hi, Int(0))};
  }
  auto add = yield.getOperand(k).getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  Value other = add.getLhs() == inBody ? add.getRhs() : add.getLhs();
  if (add.getLhs() != inBody && add.getRhs() != inBody)
    return std::nullopt;
  // The step: a constant, or a value computed before the loop (a grid-stride
  // loop's cuda.gridsize) whose range has one sign.
  Operation *stepDef = other.getDefiningOp();
  if (loop->isAncestor(stepDef ? stepDef : other.getParentBlock()->getParentOp()))
    return std::nullopt;
  Range step = rangeOf(other, depth + 1);
  if (step.lo <= 0 && step.hi >= 0)
    return std::nullopt;

  std::optional<Range> fact = conditionFact(loop, counter, depth);
  if (!fact)
    return std::nullopt;
  Range bounded = *fact;
  Range init = rangeOf(loop.getInits()[k], depth + 1);
  if (step.lo > 0 && bounded.hi + step.hi <= full.hi)
    return Range{init.lo, std::max(init.hi, bounded.hi + step.hi)};
  if (step.hi < 0 && bounded.lo + step.lo >= full.lo)
    return Range{std::min(init.lo, bounded.lo + step.lo), init.hi};
  return std::nullopt;
}

void RangeOracle::assume(Value condition, bool truth, unsigned depth) {
  if (depth > kMaxDepth)
    return;
  Operation *op = condition.getDefiningOp();
  if (!op)
    return;
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    using P = arith::CmpIPredicate;
    P pred = truth ? cmp.getPredicate() : arith::invertPredicate(cmp.getPredicate());
    Value a = cmp.getLhs(), b = cmp.getRhs();
    Range ra = rangeOf(a, depth + 1), rb = rangeOf(b, depth + 1);
    std::optional<unsigned> width = widthOf(a.getType());
    if (!width)
      return;
    Range full = fullRange(*width);
    pred = signedOrder(pred, ra, rb);
    constrain(a, implied(pred, true, ra, rb, full));
    constrain(b, implied(pred, false, rb, ra, full));
    cache_.erase(a);
    cache_.erase(b);
    return;
  }
  if (isa<arith::AndIOp>(op) && truth) {
    assume(op->getOperand(0), true, depth + 1);
    assume(op->getOperand(1), true, depth + 1);
    return;
  }
  if (isa<arith::OrIOp>(op) && !truth) {
    assume(op->getOperand(0), false, depth + 1);
    assume(op->getOperand(1), false, depth + 1);
    return;
  }
  if (isa<arith::XOrIOp>(op)) {
    for (unsigned i = 0; i < 2; ++i)
      if (matchPattern(op->getOperand(1 - i), m_One()))
        assume(op->getOperand(i), !truth, depth + 1);
    return;
  }
  // lift-cf-to-scf's short circuits: `a and b` is `if a then b else false`,
  // `a or b` is `if a then true else b`.
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getElseRegion().empty())
      return;
    unsigned k = cast<OpResult>(condition).getResultNumber();
    Value thenValue = ifOp.thenYield().getOperand(k), elseValue = ifOp.elseYield().getOperand(k);
    llvm::APInt thenBits, elseBits;
    bool thenIsConst = matchPattern(thenValue, m_ConstantInt(&thenBits)),
         elseIsConst = matchPattern(elseValue, m_ConstantInt(&elseBits));
    bool thenConst = thenIsConst && !thenBits.isZero(),
         elseConst = elseIsConst && !elseBits.isZero();
    if (elseIsConst && elseConst != truth) { // the then branch was taken
      assume(ifOp.getCondition(), true, depth + 1);
      assume(thenValue, truth, depth + 1);
    } else if (thenIsConst && thenConst != truth) { // the else branch was taken
      assume(ifOp.getCondition(), false, depth + 1);
      assume(elseValue, truth, depth + 1);
    }
  }
}

std::optional<bool> RangeOracle::decide(arith::CmpIOp cmp) {
  using P = arith::CmpIPredicate;
  if (!widthOf(cmp.getLhs().getType()) || cmp.getLhs().getType().isInteger(1))
    return std::nullopt;
  Range a = rangeOf(cmp.getLhs()), b = rangeOf(cmp.getRhs());
  P pred = cmp.getPredicate();
  pred = signedOrder(pred, a, b);
  switch (pred) {
  case P::slt:
    if (a.hi < b.lo) return true;
    if (a.lo >= b.hi) return false;
    break;
  case P::sle:
    if (a.hi <= b.lo) return true;
    if (a.lo > b.hi) return false;
    break;
  case P::sgt:
    if (a.lo > b.hi) return true;
    if (a.hi <= b.lo) return false;
    break;
  case P::sge:
    if (a.lo >= b.hi) return true;
    if (a.hi < b.lo) return false;
    break;
  case P::eq:
  case P::ne: {
    bool disjoint = a.hi < b.lo || b.hi < a.lo;
    bool sameConstant = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
    if (disjoint || sameConstant)
      return (pred == P::eq) == sameConstant;
    break;
  }
  default:
    break;
  }
  return std::nullopt;
}

} // namespace nvc
