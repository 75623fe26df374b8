//===- ChainIntermediates.cpp - Keep a launch chain's intermediates private ===//
//
// A launch chain (`@nv.chain`, docs/language.md) is generated as one entry
// point that calls its kernels in order; each intermediate array is a
// dynamically sized StorageBuffer memref.alloca marked
// `nvc.chain_intermediate`, which nothing can lower. Fusing the launches is
// only right when every invocation reads from an intermediate what the same
// invocation wrote, so this pass, on each such entry point after inlining:
//  1. runs mem2reg, canonicalize and cse on it (at every -O level: the check
//     needs locals promoted and the kernels' `cuda.grid(1)` folded);
//  2. checks that every use of an intermediate is a load or store at the
//     invocation's own global index, `gpu.global_id x` (cuda.grid(1)),
//     through integer casts and the negative-index wrap of a signed index;
//     anything else is an error at the access, in the kernel's source;
//  3. replaces the intermediate with one Function-storage scalar and
//     promotes it with mem2reg, so it lives in a register and is never
//     written to memory.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Transforms/Passes.h>

#define DEBUG_TYPE "nvc-chain-intermediates"

namespace nvc {
namespace {

using namespace mlir;

/// `v` without integer casts (index_cast, extensions, truncations).
Value stripCasts(Value v) {
  while (Operation *op = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(op))
      break;
    v = op->getOperand(0);
  }
  return v;
}

/// Whether `v` is the invocation's global linear index, gpu.global_id x
/// (what cuda.grid(1) generates), possibly through casts, `+ 0`, `* 1` and
/// the `i < 0 ? i + n : i` of a signed index (never taken: ids are >= 0).
bool isOwnIndex(Value v) {
  v = stripCasts(v);
  Operation *op = v.getDefiningOp();
  if (!op)
    return false;
  if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
    return id.getDimension() == gpu::Dimension::x;
  if (auto add = dyn_cast<arith::AddIOp>(op))
    return (matchPattern(add.getRhs(), m_Zero()) && isOwnIndex(add.getLhs())) ||
           (matchPattern(add.getLhs(), m_Zero()) && isOwnIndex(add.getRhs()));
  if (auto mul = dyn_cast<arith::MulIOp>(op))
    return (matchPattern(mul.getRhs(), m_One()) && isOwnIndex(mul.getLhs())) ||
           (matchPattern(mul.getLhs(), m_One()) && isOwnIndex(mul.getRhs()));
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    auto cmp = sel.getCondition().getDefiningOp<arith::CmpIOp>();
    return cmp && cmp.getPredicate() == arith::CmpIPredicate::slt &&
           matchPattern(cmp.getRhs(), m_Zero()) && isOwnIndex(cmp.getLhs()) &&
           isOwnIndex(sel.getFalseValue());
  }
  return false;
}

/// The source location of an inlined operation: the callee's position.
Location sourceLoc(Location loc) {
  while (auto cs = dyn_cast<CallSiteLoc>(loc))
    loc = cs.getCallee();
  return loc;
}

struct ChainIntermediatesPass
    : public PassWrapper<ChainIntermediatesPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ChainIntermediatesPass)
  StringRef getArgument() const override { return "nvc-chain-intermediates"; }
  StringRef getDescription() const override {
    return "Check a launch chain's intermediates are accessed at the invocation's own index "
           "and keep them in registers";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<spirv::SPIRVDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(abi::kChainAttr))
      return;
    OpPassManager cleanup(func::FuncOp::getOperationName());
    cleanup.addPass(createMem2Reg());
    cleanup.addPass(createCanonicalizerPass());
    cleanup.addPass(createCSEPass());
    if (failed(runPipeline(cleanup, func)))
      return signalPassFailure();

    SmallVector<memref::AllocaOp> intermediates;
    func.walk([&](memref::AllocaOp a) {
      if (a->hasAttr(abi::kChainIntermediateAttr))
        intermediates.push_back(a);
    });
    bool ok = true;
    for (memref::AllocaOp alloca : intermediates) {
      auto name = alloca->getAttrOfType<StringAttr>(abi::kChainIntermediateAttr).getValue();
      for (OpOperand &use : alloca->getUses()) {
        Operation *user = use.getOwner();
        Value index;
        if (auto load = dyn_cast<memref::LoadOp>(user))
          index = load.getIndices().front();
        else if (auto store = dyn_cast<memref::StoreOp>(user);
                 store && use.getOperandNumber() == 1)
          index = store.getIndices().front();
        // A complex element is two slots (2i, 2i + 1): not handled here.
        if (index && isOwnIndex(index))
          continue;
        InFlightDiagnostic diag = emitError(sourceLoc(user->getLoc()))
            << "'" << name << "' is an intermediate of launch chain '" << func.getSymName()
            << "': a launch may only load or store its own element of it, cuda.grid(1)";
        diag.getUnderlyingDiagnostic()->getMetadata().push_back(
            DiagnosticArgument(abi::kSourceErrorTag));
        ok = false;
        break;
      }
    }
    if (!ok)
      return signalPassFailure();

    for (memref::AllocaOp alloca : intermediates) {
      auto oldType = cast<MemRefType>(alloca.getType());
      auto scalarType = MemRefType::get(
          {}, oldType.getElementType(), MemRefLayoutAttrInterface(),
          spirv::StorageClassAttr::get(&getContext(), spirv::StorageClass::Function));
      OpBuilder b(alloca);
      auto scalar = memref::AllocaOp::create(b, alloca.getLoc(), scalarType);
      for (Operation *user : llvm::make_early_inc_range(alloca->getUsers())) {
        b.setInsertionPoint(user);
        if (auto load = dyn_cast<memref::LoadOp>(user)) {
          Value v = memref::LoadOp::create(b, load.getLoc(), scalar, ValueRange{});
          load.replaceAllUsesWith(v);
        } else {
          auto store = cast<memref::StoreOp>(user);
          memref::StoreOp::create(b, store.getLoc(), store.getValueToStore(), scalar,
                                    ValueRange{});
        }
        user->erase();
      }
      alloca.erase();
    }
    OpPassManager promote(func::FuncOp::getOperationName());
    promote.addPass(createMem2Reg());
    if (failed(runPipeline(promote, func)))
      return signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> createChainIntermediatesPass() {
  return std::make_unique<ChainIntermediatesPass>();
}

} // namespace nvc
