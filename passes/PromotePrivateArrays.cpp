//===- PromotePrivateArrays.cpp - Private arrays with constant indices to SSA ===//
//
// A private array (`cuda.local.array`, `np.zeros(...)` in a kernel: a
// memref.alloca in SPIR-V Function storage) is an OpVariable of array type
// that drivers keep in local memory when it is indexed dynamically. After
// UnrollLoops, the arrays of coarsened kernels are indexed only by constants;
// each element can then be an SSA value (a register), as NVVM makes it for
// Numba's kernels. On each kernel:
//  1. Find the private arrays to promote: memref.allocas with a static shape
//     of at most kMaxElements elements whose every use is a memref.load or
//     memref.store (of an element, not of the array itself) at constant,
//     in-bounds indices. An array with any other use (a dynamic index, an
//     atomic) is left alone, as a whole.
//  2. Scalar replacement: give each element that is accessed a rank-0
//     alloca of its own (same element type, same Function storage) and
//     point its loads and stores at it.
//  3. Replace the variables by SSA values, walking the kernel in program
//     order (SSA construction on structured control flow; MLIR's mem2reg
//     works only within one region): a load reads the variable's current
//     value, a store sets it; an scf.if in which a variable is stored yields
//     its value from both branches, an scf.for or scf.while carries it as a
//     loop value. Accesses under other operations with regions leave the
//     array alone (step 1). An element read before any store reads zero, as
//     with mem2reg.
// Loads and stores become SSA uses and definitions of the same values in
// the same order; no arithmetic changes, so results are bit-identical.
// (MLIR's `sroa` does step 2 only for arrays of at most 16 elements.)
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/IR/Matchers.h>

#include <map>

#define DEBUG_TYPE "nvc-promote-private-arrays"

namespace nvc {
namespace {

using namespace mlir;

/// Arrays with more elements stay arrays (each promoted element takes a
/// register; a 4×4 complex64 array has 32).
constexpr int64_t kMaxElements = 64;

/// The linear (row-major) element offset of constant `indices` into `type`,
/// if every index is a constant within its extent.
std::optional<int64_t> constantOffset(MemRefType type, ValueRange indices) {
  int64_t offset = 0;
  for (auto [index, extent] : llvm::zip_equal(indices, type.getShape())) {
    APInt c;
    if (!matchPattern(index, m_ConstantInt(&c)) || c.isNegative() || c.sge(extent))
      return std::nullopt;
    offset = offset * extent + c.getSExtValue();
  }
  return offset;
}

/// Step 1: whether every use of `alloca` is a load or store of an element
/// at constant in-bounds indices.
bool promotable(memref::AllocaOp alloca) {
  MemRefType type = alloca.getType();
  if (type.getRank() == 0 || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getNumElements() > kMaxElements || alloca.getResult().use_empty())
    return false;
  for (OpOperand &use : alloca.getResult().getUses()) {
    Operation *user = use.getOwner();
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      if (!constantOffset(type, load.getIndices()))
        return false;
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (use.get() != store.getMemRef() || store.getValueToStore() == alloca.getResult() ||
          !constantOffset(type, store.getIndices()))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

/// Step 2: one rank-0 alloca per accessed element of `alloca`; returns them.
SmallVector<Value> scalarReplace(memref::AllocaOp alloca) {
  MemRefType type = alloca.getType();
  auto scalarType = MemRefType::get({}, type.getElementType(), MemRefLayoutAttrInterface(),
                                    type.getMemorySpace());
  OpBuilder b(alloca);
  std::map<int64_t, Value> elements;
  auto element = [&](int64_t offset) {
    Value &e = elements[offset];
    if (!e) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(alloca);
      e = memref::AllocaOp::create(b, alloca.getLoc(), scalarType);
    }
    return e;
  };
  for (Operation *user : llvm::make_early_inc_range(alloca.getResult().getUsers())) {
    b.setInsertionPoint(user);
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value e = element(*constantOffset(type, load.getIndices()));
      load.replaceAllUsesWith(memref::LoadOp::create(b, load.getLoc(), e, ValueRange{}).getResult());
    } else {
      auto store = cast<memref::StoreOp>(user);
      Value e = element(*constantOffset(type, store.getIndices()));
      memref::StoreOp::create(b, store.getLoc(), store.getValueToStore(), e, ValueRange{});
    }
    user->erase();
  }
  alloca.erase();
  return llvm::to_vector(llvm::make_second_range(elements));
}

/// Whether every access of `alloca` sits in the kernel body or in scf.if,
/// scf.for and scf.while regions only (the control flow step 3 handles).
bool structuredUses(memref::AllocaOp alloca, Operation *kernel) {
  for (Operation *user : alloca.getResult().getUsers())
    for (Operation *p = user->getParentOp(); p != kernel; p = p->getParentOp())
      if (!isa<scf::IfOp, scf::ForOp, scf::WhileOp>(p))
        return false;
  return true;
}

/// Step 3: SSA construction on structured control flow. `current` maps
/// each variable (a rank-0 alloca of step 2) to its value at the point of
/// the walk; loads read it, stores set it, and an operation with regions in
/// which variables are stored gets them as extra operands, block arguments
/// and results (scf.if results; scf.for/scf.while loop-carried values).
class StructuredPromotion {
public:
  StructuredPromotion(const llvm::SetVector<Value> &vars, Block &entry)
      : vars_(vars), entry_(entry) {}

  void promoteBlock(Block &block, DenseMap<Value, Value> &current) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto load = dyn_cast<memref::LoadOp>(op); load && vars_.contains(load.getMemRef())) {
        load.replaceAllUsesWith(valueOf(load.getMemRef(), current));
        load.erase();
      } else if (auto store = dyn_cast<memref::StoreOp>(op);
                 store && vars_.contains(store.getMemRef())) {
        current[store.getMemRef()] = store.getValueToStore();
        store.erase();
      } else if (op.getNumRegions() != 0 && touches(&op)) {
        if (auto ifOp = dyn_cast<scf::IfOp>(op))
          promoteIf(ifOp, current);
        else if (auto forOp = dyn_cast<scf::ForOp>(op))
          promoteFor(forOp, current);
        else
          promoteWhile(cast<scf::WhileOp>(op), current);
      }
    }
  }

private:
  const llvm::SetVector<Value> &vars_;
  /// The kernel's entry block, where initial values are defined (they must
  /// dominate every loop that carries them, even when the array was
  /// allocated inside one, e.g. by an inlined device function).
  Block &entry_;
  /// Each variable's value before its first store: zero (as MLIR's mem2reg).
  DenseMap<Value, Value> initial_;

  Value valueOf(Value var, DenseMap<Value, Value> &current) {
    if (Value v = current.lookup(var))
      return v;
    Value &init = initial_[var];
    if (!init) {
      OpBuilder b = OpBuilder::atBlockBegin(&entry_);
      Type t = cast<MemRefType>(var.getType()).getElementType();
      init = arith::ConstantOp::create(b, var.getLoc(), b.getZeroAttr(t));
    }
    return init;
  }

  /// Whether `op`'s regions access a variable.
  bool touches(Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (auto load = dyn_cast<memref::LoadOp>(inner))
        found |= vars_.contains(load.getMemRef());
      if (auto store = dyn_cast<memref::StoreOp>(inner))
        found |= vars_.contains(store.getMemRef());
    });
    return found;
  }

  /// The variables stored inside `op`, in program order of their first store.
  SmallVector<Value> storedIn(Operation *op) {
    llvm::SetVector<Value> stored;
    op->walk([&](memref::StoreOp store) {
      if (vars_.contains(store.getMemRef()))
        stored.insert(store.getMemRef());
    });
    return SmallVector<Value>(stored.begin(), stored.end());
  }

  static SmallVector<Type> typesOf(ArrayRef<Value> vars) {
    return llvm::map_to_vector(
        vars, [](Value v) { return cast<MemRefType>(v.getType()).getElementType(); });
  }

  void promoteIf(scf::IfOp op, DenseMap<Value, Value> &current) {
    SmallVector<Value> stored = storedIn(op);
    OpBuilder b(op);
    SmallVector<Type> types(op.getResultTypes());
    llvm::append_range(types, typesOf(stored));
    auto ifOp = scf::IfOp::create(b, op.getLoc(), types, op.getCondition(), false, false);
    ifOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    ifOp.getThenRegion().takeBody(op.getThenRegion());
    ifOp.getElseRegion().takeBody(op.getElseRegion());
    if (ifOp.getElseRegion().empty()) {
      Block *e = b.createBlock(&ifOp.getElseRegion());
      b.setInsertionPointToEnd(e);
      scf::YieldOp::create(b, op.getLoc());
    }
    for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      DenseMap<Value, Value> inner = current;
      promoteBlock(r->front(), inner);
      auto yield = cast<scf::YieldOp>(r->front().getTerminator());
      for (Value v : stored)
        yield.getResultsMutable().append(valueOf(v, inner));
    }
    unsigned n = op.getNumResults();
    op.replaceAllUsesWith(ifOp.getResults().take_front(n));
    for (auto [k, v] : llvm::enumerate(stored))
      current[v] = ifOp.getResult(n + k);
    op.erase();
  }

  void promoteFor(scf::ForOp op, DenseMap<Value, Value> &current) {
    SmallVector<Value> stored = storedIn(op);
    SmallVector<Value> inits(op.getInitArgs());
    for (Value v : stored)
      inits.push_back(valueOf(v, current));
    OpBuilder b(op);
    auto forOp = scf::ForOp::create(b, op.getLoc(), op.getLowerBound(), op.getUpperBound(),
                                      op.getStep(), inits);
    forOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    forOp.getRegion().takeBody(op.getRegion());
    Block &body = forOp.getRegion().front();
    DenseMap<Value, Value> inner = current;
    for (Value v : stored)
      inner[v] = body.addArgument(cast<MemRefType>(v.getType()).getElementType(), op.getLoc());
    promoteBlock(body, inner);
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    for (Value v : stored)
      yield.getResultsMutable().append(valueOf(v, inner));
    unsigned n = op.getNumResults();
    op.replaceAllUsesWith(forOp.getResults().take_front(n));
    for (auto [k, v] : llvm::enumerate(stored))
      current[v] = forOp.getResult(n + k);
    op.erase();
  }

  void promoteWhile(scf::WhileOp op, DenseMap<Value, Value> &current) {
    SmallVector<Value> stored = storedIn(op);
    SmallVector<Value> inits(op.getInits());
    for (Value v : stored)
      inits.push_back(valueOf(v, current));
    SmallVector<Type> types(op.getResultTypes());
    llvm::append_range(types, typesOf(stored));
    OpBuilder b(op);
    auto loop = scf::WhileOp::create(b, op.getLoc(), TypeRange(types), ValueRange(inits),
                                       ArrayRef<NamedAttribute>{});
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    loop.getBefore().takeBody(op.getBefore());
    loop.getAfter().takeBody(op.getAfter());
    Block &before = loop.getBefore().front();
    Block &after = loop.getAfter().front();
    DenseMap<Value, Value> inBefore = current;
    for (Value v : stored)
      inBefore[v] = before.addArgument(cast<MemRefType>(v.getType()).getElementType(), op.getLoc());
    promoteBlock(before, inBefore);
    auto cond = cast<scf::ConditionOp>(before.getTerminator());
    for (Value v : stored)
      cond.getArgsMutable().append(valueOf(v, inBefore));
    DenseMap<Value, Value> inAfter = current;
    for (Value v : stored)
      inAfter[v] = after.addArgument(cast<MemRefType>(v.getType()).getElementType(), op.getLoc());
    promoteBlock(after, inAfter);
    auto yield = cast<scf::YieldOp>(after.getTerminator());
    for (Value v : stored)
      yield.getResultsMutable().append(valueOf(v, inAfter));
    unsigned n = op.getNumResults();
    op.replaceAllUsesWith(loop.getResults().take_front(n));
    for (auto [k, v] : llvm::enumerate(stored))
      current[v] = loop.getResult(n + k);
    op.erase();
  }
};

struct PromotePrivateArraysPass
    : public PassWrapper<PromotePrivateArraysPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PromotePrivateArraysPass)
  StringRef getName() const override { return "PromotePrivateArrays"; }
  StringRef getArgument() const override { return "nvc-promote-private-arrays"; }
  StringRef getDescription() const override {
    return "Replace private arrays indexed only by constants with SSA values";
  }

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    SmallVector<memref::AllocaOp> arrays;
    kernel.walk([&](memref::AllocaOp alloca) {
      if (promotable(alloca) && structuredUses(alloca, kernel))
        arrays.push_back(alloca);
    });
    if (arrays.empty())
      return;
    llvm::SetVector<Value> vars;
    for (memref::AllocaOp alloca : arrays)
      for (Value v : scalarReplace(alloca))
        vars.insert(v);
    StructuredPromotion promotion(vars, kernel.getBody().front());
    DenseMap<Value, Value> current;
    promotion.promoteBlock(kernel.getBody().front(), current);
    for (Value v : vars)
      v.getDefiningOp()->erase();
  }
};

} // namespace

std::unique_ptr<Pass> createPromotePrivateArraysPass() {
  return std::make_unique<PromotePrivateArraysPass>();
}

} // namespace nvc
