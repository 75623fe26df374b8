//===- PowerOfTwoDivisor.cpp - Divide by a power of two with a multiply ----===//
//
// A float division costs a GPU far more than a multiplication: NVIDIA
// computes a float64 `a / b` as a reciprocal approximation (MUFU.RCP64H),
// Newton steps and a correction, about ten float64 instructions and a slow
// path. Kernels often divide by a size in their hot loop (the workshop's
// DFT: `phase = -2π·k·n / N` for every n), and sizes are often powers of two.
// When b = ±2^k and 2^-k is a normal number, `a / b` and `a * 2^-k` are the
// same real number, so both round to the same float: replacing the division
// by the multiplication is exact for every a (zeros, infinities, NaNs,
// subnormal and overflowing results included), unlike a multiplication by
// any other reciprocal. This pass does that replacement
//  1. for a constant divisor that is such a power of two, anywhere (as
//     LLVM's instcombine does);
//  2. for divisors defined outside the loop a division is in, by versioning
//     the outermost loop for which they are invariant: before it, a test of
//     each divisor's bits (mantissa zero, exponent field E with
//     1 ≤ E ≤ 2·bias − 1, so that 2^-k is normal) and 2^-k built from them
//     (exponent field 2·bias − E); then `if (all tests hold) {a copy of the
//     loop multiplying by the reciprocals} else {the loop as it was}`. The
//     test is evaluated once, so a divisor that is not a power of two costs
//     nothing in the loop. (A branch around each division instead cost such
//     divisors up to 25 %, measured on the H200 with the coarsened DFT.)
//     Where a divisor differs between invocations, the invocations of a
//     workgroup may take different copies: so a loop with a barrier or a
//     subgroup operation, which its invocations must execute together, is
//     versioned only on divisors that are the same for every invocation of
//     a workgroup (built from constants, scalar arguments and workgroup
//     ids); for other divisors, only loops inside it that have no such
//     operation are.
// Both apply to scalar float32 and float64 divisions. The reciprocal is
// built from bits, never with a division, so that the result is exact on
// every Vulkan device (Vulkan allows float32 OpFDiv 2.5 ulp). Where a device
// flushes subnormal float32 results (Vulkan leaves it to the device), it is
// expected to flush the product as it flushes the quotient.
//
// What it leaves alone: divisions outside loops by non-constant divisors
// (the test would cost what it saves), divisors that vary in the loop,
// loops inside a loop that is versioned (code would grow more than
// twofold), loops of more than kMaxLoopOps operations, vector divisions,
// and divisions by constants that are not powers of two or whose reciprocal
// is not normal.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"
#include "passes/Uniformity.h"

#include <llvm/ADT/MapVector.h>

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Interfaces/LoopLikeInterface.h>

#define DEBUG_TYPE "nvc-power-of-two-divisor"

namespace nvc {
namespace {

using namespace mlir;

/// Largest loop (operations, nested ones included) that is versioned.
constexpr unsigned kMaxLoopOps = 2000;

/// The outermost loop enclosing `op` that `v` is defined outside of and
/// that `mayVersion` accepts (and every loop between them); null if there is
/// none.
LoopLikeOpInterface outermostInvariantLoop(Operation *op, Value v,
                                           llvm::function_ref<bool(Operation *)> mayVersion) {
  LoopLikeOpInterface found;
  for (auto loop = op->getParentOfType<LoopLikeOpInterface>(); loop;
       loop = loop->getParentOfType<LoopLikeOpInterface>()) {
    if (!loop.isDefinedOutsideOfLoop(v) || !mayVersion(loop))
      break;
    found = loop;
  }
  return found;
}

/// The exact reciprocal of `c` when `c` is ±2^k with 2^-k a normal number.
std::optional<APFloat> exactPowerOfTwoReciprocal(const APFloat &c) {
  APFloat reciprocal(c);
  if (!c.isNormal() || !c.getExactInverse(&reciprocal) || !reciprocal.isNormal())
    return std::nullopt;
  return reciprocal;
}

/// The test "`b` is ±2^k with 2^-k normal" and 2^-k's bits made into a
/// float (meaningless where the test fails), built from `b`'s bits at the
/// builder's point.
std::pair<Value, Value> powerOfTwoTestAndReciprocal(OpBuilder &builder, Location loc, Value b) {
  auto type = cast<FloatType>(b.getType());
  unsigned width = type.getWidth();
  unsigned mantissaBits = type.getFPMantissaWidth() - 1; // stored, without the hidden bit
  unsigned exponentBits = width - 1 - mantissaBits;
  uint64_t bias = (uint64_t(1) << (exponentBits - 1)) - 1;
  IntegerType intType = builder.getIntegerType(width);
  auto constant = [&](uint64_t v) {
    return arith::ConstantOp::create(builder, loc, builder.getIntegerAttr(intType, v));
  };
  Value bits = arith::BitcastOp::create(builder, loc, intType, b);
  Value mantissa = arith::AndIOp::create(builder, loc, bits,
                                         constant((uint64_t(1) << mantissaBits) - 1));
  Value exponent = arith::AndIOp::create(
      builder, loc, arith::ShRUIOp::create(builder, loc, bits, constant(mantissaBits)),
      constant((uint64_t(1) << exponentBits) - 1));
  // 1 ≤ E ≤ 2·bias − 1  ⟺  E − 1 <u 2·bias − 1.
  Value inRange = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult,
      arith::SubIOp::create(builder, loc, exponent, constant(1)), constant(2 * bias - 1));
  Value mantissaZero =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, mantissa, constant(0));
  Value test = arith::AndIOp::create(builder, loc, inRange, mantissaZero);
  Value reciprocalExponent = arith::SubIOp::create(builder, loc, constant(2 * bias), exponent);
  Value reciprocalBits = arith::OrIOp::create(
      builder, loc, arith::AndIOp::create(builder, loc, bits, constant(uint64_t(1) << (width - 1))),
      arith::ShLIOp::create(builder, loc, reciprocalExponent, constant(mantissaBits)));
  Value reciprocal = arith::BitcastOp::create(builder, loc, type, reciprocalBits);
  return {test, reciprocal};
}

struct PowerOfTwoDivisorPass
    : public PassWrapper<PowerOfTwoDivisorPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PowerOfTwoDivisorPass)
  PowerOfTwoDivisorPass() = default;
  PowerOfTwoDivisorPass(const PowerOfTwoDivisorPass &other) : PassWrapper(other) {}

  Option<bool> versionLoops{*this, "version-loops",
                            llvm::cl::desc("version loops on loop-invariant divisors (not only "
                                           "constant divisors)"),
                            llvm::cl::init(true)};

  StringRef getName() const override { return "PowerOfTwoDivisor"; }
  StringRef getArgument() const override { return "nvc-power-of-two-divisor"; }
  StringRef getDescription() const override {
    return "Replace float divisions by a power of two (constant, or loop-invariant and tested "
           "before the loop) with multiplications by the exact reciprocal";
  }

  void runOnOperation() override {
    // Divisions by a loop-invariant divisor, by the loop to version.
    llvm::MapVector<Operation *, SmallVector<arith::DivFOp>> byLoop;
    // Whether a loop contains a subgroup or workgroup operation.
    llvm::DenseMap<Operation *, bool> hasGroupOperation;
    // Entry block arguments of a kernel are its parameters, the same for
    // every invocation (those of another function are not known to be).
    bool isKernel = getOperation()->hasAttr(abi::kKernelAttr);
    getOperation().walk([&](arith::DivFOp div) {
      if (!div.getType().isF32() && !div.getType().isF64())
        return;
      APFloat c(0.0);
      if (matchPattern(div.getRhs(), m_ConstantFloat(&c))) {
        if (std::optional<APFloat> r = exactPowerOfTwoReciprocal(c))
          multiplyByReciprocal(div, [&](OpBuilder &builder) -> Value {
            return arith::ConstantOp::create(builder, div.getLoc(),
                                             builder.getFloatAttr(div.getType(), *r));
          });
        return;
      }
      if (!versionLoops)
        return;
      // A test of a divisor that differs between invocations of a workgroup
      // sends them to different copies of the loop: a loop with a barrier or
      // a subgroup operation is versioned only on uniform divisors, so that
      // its invocations still execute those together.
      bool uniform = isKernel && isWorkgroupUniform(div.getRhs(), getOperation());
      auto mayVersion = [&](Operation *loop) {
        if (uniform)
          return true;
        auto [it, inserted] = hasGroupOperation.try_emplace(loop, false);
        if (inserted)
          it->second = loop->walk([](Operation *op) {
                              return isGroupOperation(op) ? WalkResult::interrupt()
                                                          : WalkResult::advance();
                            }).wasInterrupted();
        return !it->second;
      };
      if (LoopLikeOpInterface loop = outermostInvariantLoop(div, div.getRhs(), mayVersion))
        byLoop[loop.getOperation()].push_back(div);
    });
    for (auto &[loop, divisions] : byLoop) {
      // A loop inside another one that is versioned is left alone (its
      // divisions keep dividing), so that code grows at most twofold.
      bool nested = false;
      for (Operation *p = loop->getParentOp(); p && !nested; p = p->getParentOp())
        nested = byLoop.contains(p);
      unsigned size = 0;
      loop->walk([&](Operation *) { ++size; });
      if (!nested && size <= kMaxLoopOps)
        version(loop, divisions);
    }
  }

  /// Replaces `div` by a multiplication of its dividend by the reciprocal
  /// that `reciprocal` builds at the division.
  static void multiplyByReciprocal(arith::DivFOp div,
                                   llvm::function_ref<Value(OpBuilder &)> reciprocal) {
    OpBuilder builder(div);
    Value product = arith::MulFOp::create(builder, div.getLoc(), div.getLhs(), reciprocal(builder),
                                          div.getFastmathAttr());
    div.replaceAllUsesWith(product);
    div.erase();
  }

  /// Versions `loop`: `if (every divisor is a power of two) {copy of loop
  /// multiplying by the reciprocals} else {loop}`.
  static void version(Operation *loop, ArrayRef<arith::DivFOp> divisions) {
    Location loc = loop->getLoc();
    OpBuilder before(loop);
    Value allPowersOfTwo;
    llvm::DenseMap<Value, Value> reciprocalOf;
    for (arith::DivFOp div : divisions) {
      Value b = div.getRhs();
      if (reciprocalOf.contains(b))
        continue;
      auto [test, reciprocal] = powerOfTwoTestAndReciprocal(before, loc, b);
      reciprocalOf[b] = reciprocal;
      allPowersOfTwo =
          allPowersOfTwo ? arith::AndIOp::create(before, loc, allPowersOfTwo, test) : test;
    }
    auto ifOp = scf::IfOp::create(before, loc, loop->getResultTypes(), allPowersOfTwo,
                                  /*withElseRegion=*/true);
    loop->replaceAllUsesWith(ifOp.getResults());

    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    IRMapping map;
    Operation *fast = thenBuilder.clone(*loop, map);
    if (fast->getNumResults())
      scf::YieldOp::create(thenBuilder, loc, fast->getResults());
    for (arith::DivFOp div : divisions)
      multiplyByReciprocal(cast<arith::DivFOp>(map.lookup(div.getOperation())),
                           [&](OpBuilder &) { return reciprocalOf.lookup(div.getRhs()); });

    OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
    loop->moveBefore(elseBuilder.getInsertionBlock(), elseBuilder.getInsertionPoint());
    if (loop->getNumResults())
      scf::YieldOp::create(elseBuilder, loc, loop->getResults());
  }
};

} // namespace

std::unique_ptr<Pass> createPowerOfTwoDivisorPass(bool versionLoops) {
  auto pass = std::make_unique<PowerOfTwoDivisorPass>();
  pass->versionLoops = versionLoops;
  return pass;
}

} // namespace nvc
