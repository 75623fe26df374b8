//===- LLVMSPIRVPrepare.cpp - Optimised LLVM IR in the SPIR-V target's form ===//
#include "compiler/LLVMSPIRVPrepare.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/Utils/Local.h>

#include <optional>

namespace nvc {

namespace {

/// The parameter block's struct type if `base` is the push-constant global.
llvm::StructType *parameterBlockType(llvm::Value *base) {
  if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(base))
    return g->getAddressSpace() == 13 ? llvm::dyn_cast<llvm::StructType>(g->getValueType())
                                      : nullptr;
  return nullptr;
}

} // namespace

void localizePushConstantAccess(llvm::Module &m) {
  const llvm::DataLayout &dl = m.getDataLayout();
  llvm::Type *i32 = llvm::Type::getInt32Ty(m.getContext());
  for (llvm::Function &f : m)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      if (!load)
        continue;
      llvm::Value *old = load->getPointerOperand();
      llvm::APInt offset(64, 0);
      llvm::Value *base =
          old->stripAndAccumulateConstantOffsets(dl, offset, /*AllowNonInbounds=*/true);
      llvm::StructType *st = parameterBlockType(base);
      if (!st)
        continue;
      const llvm::StructLayout *layout = dl.getStructLayout(st);
      uint64_t off = offset.getZExtValue();
      if (off >= layout->getSizeInBytes())
        continue;
      unsigned field = layout->getElementContainingOffset(off);
      if (layout->getElementOffset(field) != off)
        continue;
      auto *gep = llvm::GetElementPtrInst::CreateInBounds(
          st, base, {llvm::ConstantInt::get(i32, 0), llvm::ConstantInt::get(i32, field)}, "",
          load->getIterator());
      load->setOperand(load->getPointerOperandIndex(), gep);
      if (auto *dead = llvm::dyn_cast<llvm::Instruction>(old))
        if (dead != base)
          llvm::RecursivelyDeleteTriviallyDeadInstructions(dead);
    }
}

namespace {

/// An address as an object and an element index: the sum of `terms`
/// (value × scale) and `constant`.
struct Decomposed {
  llvm::Value *base = nullptr;   ///< the array object, or the buffer handle
  llvm::CallInst *getPointer = nullptr; ///< set for storage buffers
  llvm::Type *element = nullptr;
  llvm::Type *object = nullptr;  ///< [N x T] for array objects
  std::vector<std::pair<llvm::Value *, int64_t>> terms;
  int64_t constant = 0;
};

std::optional<Decomposed> decompose(llvm::Value *v, const llvm::DataLayout &dl) {
  if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
    auto *at = llvm::dyn_cast<llvm::ArrayType>(g->getValueType());
    if (!at || at->getElementType()->isAggregateType())
      return std::nullopt;
    Decomposed d;
    d.base = g, d.element = at->getElementType(), d.object = at;
    return d;
  }
  if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(v)) {
    auto *at = llvm::dyn_cast<llvm::ArrayType>(a->getAllocatedType());
    if (!at || at->getElementType()->isAggregateType() || a->isArrayAllocation())
      return std::nullopt;
    Decomposed d;
    d.base = a, d.element = at->getElementType(), d.object = at;
    return d;
  }
  if (auto *call = llvm::dyn_cast<llvm::CallInst>(v)) {
    llvm::Function *callee = call->getCalledFunction();
    if (!callee || !callee->getName().starts_with("llvm.spv.resource.getpointer"))
      return std::nullopt;
    auto *handle = llvm::dyn_cast<llvm::TargetExtType>(call->getArgOperand(0)->getType());
    if (!handle || handle->getNumTypeParameters() < 1)
      return std::nullopt;
    auto *at = llvm::dyn_cast<llvm::ArrayType>(handle->getTypeParameter(0));
    if (!at)
      return std::nullopt;
    Decomposed d;
    d.base = call->getArgOperand(0), d.getPointer = call, d.element = at->getElementType();
    d.terms.push_back({call->getArgOperand(1), 1});
    return d;
  }
  auto *gep = llvm::dyn_cast<llvm::GEPOperator>(v);
  if (!gep)
    return std::nullopt;
  auto d = decompose(gep->getPointerOperand(), dl);
  if (!d)
    return std::nullopt;
  int64_t elemSize = static_cast<int64_t>(dl.getTypeAllocSize(d->element));
  llvm::Type *src = gep->getSourceElementType();
  auto addTerm = [&](llvm::Value *index, int64_t bytesPerUnit) {
    if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(index)) {
      int64_t bytes = c->getSExtValue() * bytesPerUnit;
      if (bytes % elemSize)
        return false;
      d->constant += bytes / elemSize;
      return true;
    }
    if (bytesPerUnit % elemSize)
      return false;
    d->terms.push_back({index, bytesPerUnit / elemSize});
    return true;
  };
  unsigned n = gep->getNumIndices();
  if (n == 1)
    return addTerm(gep->getOperand(1), static_cast<int64_t>(dl.getTypeAllocSize(src)))
               ? d
               : std::nullopt;
  auto *at = llvm::dyn_cast<llvm::ArrayType>(src);
  if (n == 2 && at && at->getElementType() == d->element &&
      addTerm(gep->getOperand(1), static_cast<int64_t>(dl.getTypeAllocSize(at))) &&
      addTerm(gep->getOperand(2), elemSize))
    return d;
  return std::nullopt;
}

/// Whether `ptr` already is the one access the backend wants.
bool isLogical(llvm::Value *ptr, const Decomposed &d) {
  if (d.getPointer)
    return ptr == d.getPointer;
  auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(ptr);
  if (!gep || gep->getPointerOperand() != d.base || gep->getSourceElementType() != d.object ||
      gep->getNumIndices() != 2)
    return false;
  auto *zero = llvm::dyn_cast<llvm::ConstantInt>(gep->getOperand(1));
  return zero && zero->isZero();
}

} // namespace

void restoreLogicalAddressing(llvm::Module &m) {
  const llvm::DataLayout &dl = m.getDataLayout();
  llvm::Type *i32 = llvm::Type::getInt32Ty(m.getContext());
  for (llvm::Function &f : m) {
    llvm::SmallVector<llvm::WeakTrackingVH> dead; // may repeat; null once deleted
    for (llvm::Instruction &inst : llvm::instructions(f)) {
      unsigned operand;
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
        operand = load->getPointerOperandIndex();
      else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
        operand = store->getPointerOperandIndex();
      else if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst))
        operand = rmw->getPointerOperandIndex();
      else if (auto *cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&inst))
        operand = cas->getPointerOperandIndex();
      else
        continue;
      llvm::Value *ptr = inst.getOperand(operand);
      auto d = decompose(ptr, dl);
      if (!d || isLogical(ptr, *d))
        continue;
      llvm::IRBuilder<> b(&inst);
      llvm::Value *index = nullptr;
      for (auto &[value, scale] : d->terms) {
        // Indices are 32-bit; O2 widened some to 64 (sext of an i32).
        llvm::Value *v = value;
        if (auto *ext = llvm::dyn_cast<llvm::SExtInst>(v))
          if (ext->getSrcTy() == i32)
            v = ext->getOperand(0);
        v = b.CreateSExtOrTrunc(v, i32);
        if (scale != 1)
          v = b.CreateMul(v, llvm::ConstantInt::get(i32, scale));
        index = index ? b.CreateAdd(index, v) : v;
      }
      if (!index)
        index = llvm::ConstantInt::get(i32, d->constant);
      else if (d->constant)
        index = b.CreateAdd(index, llvm::ConstantInt::get(i32, d->constant));
      llvm::Value *address;
      if (d->getPointer)
        address = b.CreateCall(d->getPointer->getCalledFunction(), {d->base, index});
      else
        address = b.CreateInBoundsGEP(d->object, d->base, {llvm::ConstantInt::get(i32, 0), index});
      inst.setOperand(operand, address);
      if (auto *old = llvm::dyn_cast<llvm::Instruction>(ptr))
        dead.push_back(old);
    }
    llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
  }
}

void expandFloat64CopySign(llvm::Module &m) {
  llvm::Type *i64 = llvm::Type::getInt64Ty(m.getContext());
  for (llvm::Function &f : m)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
      if (!call || call->getIntrinsicID() != llvm::Intrinsic::copysign ||
          !call->getType()->isDoubleTy())
        continue;
      llvm::IRBuilder<> b(call);
      llvm::Value *x = b.CreateBitCast(call->getArgOperand(0), i64);
      llvm::Value *y = b.CreateBitCast(call->getArgOperand(1), i64);
      llvm::APInt sign = llvm::APInt::getSignMask(64);
      llvm::Value *r = b.CreateOr(b.CreateAnd(x, llvm::ConstantInt::get(i64, ~sign)),
                                  b.CreateAnd(y, llvm::ConstantInt::get(i64, sign)));
      llvm::Value *d = b.CreateBitCast(r, call->getType());
      d->takeName(call);
      call->replaceAllUsesWith(d);
      call->eraseFromParent();
    }
}

void expandOrderedCompares(llvm::Module &m) {
  for (llvm::Function &f : m)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      auto *cmp = llvm::dyn_cast<llvm::FCmpInst>(&inst);
      if (!cmp || (cmp->getPredicate() != llvm::FCmpInst::FCMP_UNO &&
                   cmp->getPredicate() != llvm::FCmpInst::FCMP_ORD))
        continue;
      llvm::IRBuilder<> b(cmp);
      llvm::Value *x = cmp->getOperand(0), *y = cmp->getOperand(1);
      llvm::Value *r;
      if (cmp->getPredicate() == llvm::FCmpInst::FCMP_UNO)
        r = b.CreateOr(b.CreateFCmpUNE(x, x), b.CreateFCmpUNE(y, y));
      else
        r = b.CreateAnd(b.CreateFCmpOEQ(x, x), b.CreateFCmpOEQ(y, y));
      r->takeName(cmp);
      cmp->replaceAllUsesWith(r);
      cmp->eraseFromParent();
    }
}

void expandIntegerRemainders(llvm::Module &m) {
  for (llvm::Function &f : m)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      auto *rem = llvm::dyn_cast<llvm::BinaryOperator>(&inst);
      if (!rem || (rem->getOpcode() != llvm::Instruction::SRem &&
                   rem->getOpcode() != llvm::Instruction::URem))
        continue;
      llvm::IRBuilder<> b(rem);
      llvm::Value *x = rem->getOperand(0), *y = rem->getOperand(1);
      llvm::Value *q = rem->getOpcode() == llvm::Instruction::SRem ? b.CreateSDiv(x, y)
                                                                   : b.CreateUDiv(x, y);
      llvm::Value *r = b.CreateSub(x, b.CreateMul(q, y));
      r->takeName(rem);
      rem->replaceAllUsesWith(r);
      rem->eraseFromParent();
    }
}

void expandWideBitIntrinsics(llvm::Module &m) {
  for (llvm::Function &f : m)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::instructions(f))) {
      auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
      if (!call)
        continue;
      llvm::Intrinsic::ID id = call->getIntrinsicID();
      if (id != llvm::Intrinsic::ctpop && id != llvm::Intrinsic::ctlz &&
          id != llvm::Intrinsic::cttz && id != llvm::Intrinsic::bitreverse)
        continue;
      auto *t = llvm::dyn_cast<llvm::IntegerType>(call->getType());
      if (!t || t->getBitWidth() == 32 || t->getBitWidth() > 64)
        continue;
      const unsigned w = t->getBitWidth();
      llvm::IRBuilder<> b(call);
      llvm::Type *i32 = b.getInt32Ty();
      llvm::Value *x = call->getArgOperand(0);
      // The 32-bit operation; ctlz and cttz of 0 are defined (32).
      auto op32 = [&](llvm::Value *v) -> llvm::Value * {
        if (id == llvm::Intrinsic::ctlz || id == llvm::Intrinsic::cttz)
          return b.CreateIntrinsic(id, {i32}, {v, b.getFalse()});
        return b.CreateIntrinsic(id, {i32}, {v});
      };
      llvm::Value *r;
      if (w < 32) {
        llvm::Value *v = b.CreateZExt(x, i32);
        switch (id) {
        case llvm::Intrinsic::ctpop:
          r = op32(v);
          break;
        case llvm::Intrinsic::ctlz:
          r = b.CreateSub(op32(v), b.getInt32(32 - w));
          break;
        case llvm::Intrinsic::cttz:
          r = b.CreateSelect(b.CreateICmpEQ(v, b.getInt32(0)), b.getInt32(w), op32(v));
          break;
        default: // bitreverse
          r = b.CreateLShr(op32(v), b.getInt32(32 - w));
          break;
        }
        r = b.CreateTrunc(r, t);
      } else {
        llvm::Value *lo = b.CreateTrunc(x, i32);
        llvm::Value *hi = b.CreateTrunc(b.CreateLShr(x, 32), i32);
        llvm::Value *zero = b.getInt32(0);
        switch (id) {
        case llvm::Intrinsic::ctpop:
          r = b.CreateAdd(op32(lo), op32(hi));
          break;
        case llvm::Intrinsic::ctlz:
          r = b.CreateSelect(b.CreateICmpEQ(hi, zero), b.CreateAdd(op32(lo), b.getInt32(32)),
                             op32(hi));
          break;
        case llvm::Intrinsic::cttz:
          r = b.CreateSelect(b.CreateICmpEQ(lo, zero), b.CreateAdd(op32(hi), b.getInt32(32)),
                             op32(lo));
          break;
        default: // bitreverse: the reversed low half becomes the high half
          r = b.CreateOr(b.CreateShl(b.CreateZExt(op32(lo), t), 32), b.CreateZExt(op32(hi), t));
          break;
        }
        if (id != llvm::Intrinsic::bitreverse)
          r = b.CreateZExt(r, t);
      }
      r->takeName(call);
      call->replaceAllUsesWith(r);
      call->eraseFromParent();
    }
}

} // namespace nvc
