//===- AtomicRMWToSPIRV.cpp - memref.generic_atomic_rmw to SPIR-V ---------===//
//
// MLIR converts only memref.atomic_rmw's integer kinds to SPIR-V, with
// acquire-release semantics. nvc emits every atomic as a
// memref.generic_atomic_rmw (the new value as a function of the current one)
// and converts it here, choosing one instruction where SPIR-V has it and a
// compare-and-swap loop otherwise (numba.cuda's cas, `cur == cmp ? val :
// cur`, is one OpAtomicCompareExchange):
//
//   %init = spirv.Load %ptr
//   scf.while (%cur = %init) {        // converted to spirv.mlir.loop
//     %next = <body>(%cur)
//     %old = spirv.AtomicCompareExchange %ptr, %next, %cur
//     scf.condition(%old != %cur) %old
//   }
//
// The loop's result is the value the successful exchange found, i.e. the
// previous value. A stale %init only costs one more iteration.
//
//===----------------------------------------------------------------------===//
#include "passes/AtomicRMWToSPIRV.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/Transforms/DialectConversion.h>

namespace nvc {

bool isNativeFloatAtomicAdd(mlir::memref::GenericAtomicRMWOp op) {
  auto type = op.getMemref().getType();
  auto storage = llvm::dyn_cast_or_null<mlir::spirv::StorageClassAttr>(type.getMemorySpace());
  if (!type.getElementType().isF32() || !storage ||
      storage.getValue() != mlir::spirv::StorageClass::StorageBuffer)
    return false;
  mlir::Block &body = op.getAtomicBody().front();
  if (body.getOperations().size() != 2)
    return false;
  auto add = llvm::dyn_cast<mlir::arith::AddFOp>(body.front());
  if (!add || body.getTerminator()->getOperand(0) != add.getResult())
    return false;
  mlir::Value cur = op.getCurrentValue();
  if (add.getLhs() != cur && add.getRhs() != cur)
    return false;
  mlir::Value other = add.getLhs() == cur ? add.getRhs() : add.getLhs();
  return other != cur && !op.getAtomicBody().isAncestor(other.getParentRegion());
}

namespace {

using mlir::spirv::MemorySemantics;
using mlir::spirv::Scope;

/// Whether `v` is computed, inside `body`, from the block argument `cur`.
bool dependsOn(mlir::Value v, mlir::Value cur, mlir::Region &body) {
  if (v == cur)
    return true;
  mlir::Operation *def = v.getDefiningOp();
  if (!def || !body.isAncestor(def->getParentRegion()))
    return false;
  for (mlir::Value operand : def->getOperands())
    if (dependsOn(operand, cur, body))
      return true;
  return false;
}

/// Clones the operations of `block` that do not use the current value
/// `cur` (what a single atomic instruction needs computed before it).
void cloneIndependent(mlir::OpBuilder &b, mlir::Block &block, mlir::Value cur,
                      mlir::Region &body, mlir::IRMapping &map) {
  for (mlir::Operation &o : block.without_terminator())
    if (llvm::none_of(o.getResults(),
                      [&](mlir::Value r) { return dependsOn(r, cur, body); }))
      b.clone(o, map);
}

struct GenericAtomicRMWToSPIRV final
    : public mlir::OpConversionPattern<mlir::memref::GenericAtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  mlir::LogicalResult
  matchAndRewrite(mlir::memref::GenericAtomicRMWOp op, OpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    mlir::Location l = op.getLoc();
    auto memrefType = op.getMemref().getType();
    auto &converter = *getTypeConverter<mlir::SPIRVTypeConverter>();
    mlir::Type elementType = converter.convertType(memrefType.getElementType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    mlir::Value ptr = mlir::spirv::getElementPtr(converter, memrefType, adaptor.getMemref(),
                                                 adaptor.getIndices(), l, rewriter);
    if (!ptr)
      return rewriter.notifyMatchFailure(op, "cannot address the element");
    auto storage =
        llvm::dyn_cast_or_null<mlir::spirv::StorageClassAttr>(memrefType.getMemorySpace());
    Scope scope = storage && storage.getValue() == mlir::spirv::StorageClass::Workgroup
                      ? Scope::Workgroup
                      : Scope::Device;
    const MemorySemantics relaxed = MemorySemantics::None;

    mlir::Region &body = op.getAtomicBody();
    mlir::Block &block = body.front();
    mlir::Value cur = op.getCurrentValue();
    mlir::Value next = block.getTerminator()->getOperand(0);
    auto outside = [&](mlir::Value v) { return !dependsOn(v, cur, body); };

    // One operation combining the current value with an outside value.
    if (block.getOperations().size() == 2) {
      mlir::Operation &only = block.front();
      if (only.getNumOperands() == 2 && only.getNumResults() == 1 && only.getResult(0) == next) {
        mlir::Value lhs = only.getOperand(0), rhs = only.getOperand(1);
        bool commutative = !llvm::isa<mlir::arith::SubIOp>(only);
        mlir::Value other;
        if (lhs == cur && outside(rhs))
          other = rhs;
        else if (commutative && rhs == cur && outside(lhs))
          other = lhs;
        if (other) {
          if (mlir::Value v = single(rewriter, only, l, elementType, ptr, scope, relaxed,
                                     rewriter.getRemappedValue(other))) {
            rewriter.replaceOp(op, v);
            return mlir::success();
          }
        }
      }
    }
    if (!llvm::isa<mlir::IntegerType>(elementType))
      return op.emitOpError("nvc: a float atomic without integer storage needs a "
                            "compare-and-swap loop (FloatAtomicStorage did not run)");

    // numba.cuda's cas: select(cur == cmp, value, cur).
    if (auto select = next.getDefiningOp<mlir::arith::SelectOp>();
        select && select.getFalseValue() == cur && outside(select.getTrueValue())) {
      auto eq = select.getCondition().getDefiningOp<mlir::arith::CmpIOp>();
      if (eq && eq.getPredicate() == mlir::arith::CmpIPredicate::eq &&
          (eq.getLhs() == cur || eq.getRhs() == cur)) {
        mlir::Value comparator = eq.getLhs() == cur ? eq.getRhs() : eq.getLhs();
        if (outside(comparator)) {
          mlir::IRMapping map;
          cloneIndependent(rewriter, block, cur, body, map);
          rewriter.replaceOpWithNewOp<mlir::spirv::AtomicCompareExchangeOp>(
              op, elementType, ptr, scope, relaxed, relaxed,
              map.lookupOrDefault(select.getTrueValue()), map.lookupOrDefault(comparator));
          return mlir::success();
        }
      }
    }

    // The new value does not depend on the current one: an exchange.
    if (outside(next)) {
      mlir::IRMapping map;
      cloneIndependent(rewriter, block, cur, body, map);
      mlir::Value value = map.lookupOrDefault(next);
      rewriter.replaceOpWithNewOp<mlir::spirv::AtomicExchangeOp>(op, elementType, ptr, scope,
                                                                 relaxed, value);
      return mlir::success();
    }

    // Compare-and-swap loop.
    mlir::Value init = mlir::spirv::LoadOp::create(rewriter, l, ptr);
    auto loop = mlir::scf::WhileOp::create(rewriter, l, mlir::TypeRange{elementType},
                                                   mlir::ValueRange{init});
    {
      mlir::OpBuilder::InsertionGuard guard(rewriter);
      mlir::Block *before =
          rewriter.createBlock(&loop.getBefore(), {}, mlir::TypeRange{elementType}, {l});
      mlir::Value current = before->getArgument(0);
      mlir::IRMapping map;
      map.map(cur, current);
      for (mlir::Operation &o : block.without_terminator())
        rewriter.clone(o, map);
      mlir::Value updated = map.lookupOrDefault(next);
      mlir::Value old = mlir::spirv::AtomicCompareExchangeOp::create(rewriter, 
          l, elementType, ptr, scope, relaxed, relaxed, updated, current);
      mlir::Value again =
          mlir::arith::CmpIOp::create(rewriter, l, mlir::arith::CmpIPredicate::ne, old, current);
      mlir::scf::ConditionOp::create(rewriter, l, again, mlir::ValueRange{old});
      mlir::Block *after =
          rewriter.createBlock(&loop.getAfter(), {}, mlir::TypeRange{elementType}, {l});
      mlir::scf::YieldOp::create(rewriter, l, after->getArgument(0));
    }
    rewriter.replaceOp(op, loop.getResult(0));
    return mlir::success();
  }

  /// The single atomic instruction for `op` combining the current value
  /// with `value`, or null when SPIR-V has none.
  static mlir::Value single(mlir::ConversionPatternRewriter &rewriter, mlir::Operation &op,
                            mlir::Location l, mlir::Type type, mlir::Value ptr, Scope scope,
                            MemorySemantics sem, mlir::Value value) {
    namespace arith = mlir::arith;
    namespace spirv = mlir::spirv;
    if (llvm::isa<arith::AddIOp>(op))
      return spirv::AtomicIAddOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::SubIOp>(op))
      return spirv::AtomicISubOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::MaxSIOp>(op))
      return spirv::AtomicSMaxOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::MaxUIOp>(op))
      return spirv::AtomicUMaxOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::MinSIOp>(op))
      return spirv::AtomicSMinOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::MinUIOp>(op))
      return spirv::AtomicUMinOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::AndIOp>(op))
      return spirv::AtomicAndOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::OrIOp>(op))
      return spirv::AtomicOrOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::XOrIOp>(op))
      return spirv::AtomicXorOp::create(rewriter, l, type, ptr, scope, sem, value);
    if (llvm::isa<arith::AddFOp>(op) && type.isF32())
      return spirv::EXTAtomicFAddOp::create(rewriter, l, type, ptr, scope, sem, value);
    return nullptr;
  }
};

} // namespace

void populateAtomicRMWToSPIRVPatterns(const mlir::SPIRVTypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns) {
  patterns.add<GenericAtomicRMWToSPIRV>(typeConverter, patterns.getContext());
}

} // namespace nvc
