//===- FloatAtomicStorage.cpp - Integer storage for float atomics ---------===//
//
// Vulkan has no float compare-and-swap, and SPIR-V's logical addressing
// cannot reinterpret a float pointer as an integer one. A float atomic that
// needs a compare-and-swap loop (max, min, exch, and add where the target has
// no native float add) therefore needs the whole array to be integers of
// the same width in memory. This pass, run on a kernel once device functions
// are inlined, finds every such array (a kernel argument or a shared array)
// and retypes it:
//  - memref.load becomes an integer load and an arith.bitcast to the float;
//  - memref.store bitcasts the float and stores the integer;
//  - memref.generic_atomic_rmw works on the integer, its body bitcasting the
//    current value to the float and the new value back.
// Bits are unchanged, so the launcher and the manifest (dtype float32) are
// unaffected. With `nativeFloatAdd`, a float add on a storage buffer keeps
// its float array (SPV_EXT_shader_atomic_float_add's OpAtomicFAddEXT).
//
//===----------------------------------------------------------------------===//
#include "passes/AtomicRMWToSPIRV.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/IRMapping.h>

#include <llvm/ADT/SetVector.h>

#define DEBUG_TYPE "nvc-float-atomic-storage"

namespace nvc {

namespace {

struct FloatAtomicStoragePass
    : public mlir::PassWrapper<FloatAtomicStoragePass, mlir::OperationPass<mlir::func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FloatAtomicStoragePass)
  FloatAtomicStoragePass() = default;
  FloatAtomicStoragePass(const FloatAtomicStoragePass &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const override { return "nvc-float-atomic-storage"; }
  llvm::StringRef getDescription() const override {
    return "Store arrays updated by float compare-and-swap atomics as integers";
  }

  Option<bool> nativeFloatAdd{*this, "native-float-add",
                              llvm::cl::desc("keep float32 adds on storage buffers for "
                                             "OpAtomicFAddEXT"),
                              llvm::cl::init(false)};

  void runOnOperation() override {
    mlir::func::FuncOp func = getOperation();
    llvm::SetVector<mlir::Value> arrays;
    bool failed = false;
    func.walk([&](mlir::memref::GenericAtomicRMWOp op) {
      if (!llvm::isa<mlir::FloatType>(op.getMemref().getType().getElementType()))
        return;
      if (nativeFloatAdd && isNativeFloatAtomicAdd(op))
        return;
      mlir::Value array = op.getMemref();
      auto arg = llvm::dyn_cast<mlir::BlockArgument>(array);
      bool isArgument = arg && arg.getOwner() == &func.getBody().front();
      if (!isArgument && !array.getDefiningOp<mlir::memref::AllocOp>()) {
        op.emitOpError("nvc: a float atomic's array is neither a kernel argument nor a "
                       "shared array");
        failed = true;
        return;
      }
      arrays.insert(array);
    });
    for (mlir::Value array : arrays)
      if (mlir::failed(retype(func, array)))
        failed = true;
    if (failed)
      signalPassFailure();
  }

  static mlir::MemRefType integerType(mlir::MemRefType t) {
    unsigned bits = t.getElementType().getIntOrFloatBitWidth();
    return mlir::MemRefType::get(t.getShape(), mlir::IntegerType::get(t.getContext(), bits),
                                 t.getLayout(), t.getMemorySpace());
  }

  /// Gives `array` (a float memref) integer elements and rewrites its users.
  mlir::LogicalResult retype(mlir::func::FuncOp func, mlir::Value array) {
    auto floatType = llvm::cast<mlir::MemRefType>(array.getType());
    mlir::Type floatElement = floatType.getElementType();
    mlir::MemRefType intType = integerType(floatType);
    mlir::Type intElement = intType.getElementType();
    mlir::Value replacement;
    if (auto arg = llvm::dyn_cast<mlir::BlockArgument>(array)) {
      arg.setType(intType);
      llvm::SmallVector<mlir::Type> inputs(func.getArgumentTypes());
      inputs[arg.getArgNumber()] = intType;
      func.setType(mlir::FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
      replacement = arg;
    } else {
      auto alloc = array.getDefiningOp<mlir::memref::AllocOp>();
      mlir::OpBuilder b(alloc);
      // A dynamic shared array keeps its extent and its marks
      // (passes/DynamicSharedMemory.h).
      auto replaced = mlir::memref::AllocOp::create(b, alloc.getLoc(), intType,
                                                    alloc.getDynamicSizes());
      replaced->setDiscardableAttrs(alloc->getDiscardableAttrDictionary());
      replacement = replaced;
    }
    llvm::SmallVector<mlir::Operation *> users(array.getUsers().begin(), array.getUsers().end());
    for (mlir::Operation *user : users) {
      mlir::OpBuilder b(user);
      mlir::Location l = user->getLoc();
      if (auto load = llvm::dyn_cast<mlir::memref::LoadOp>(user)) {
        mlir::Value bits =
            mlir::memref::LoadOp::create(b, l, replacement, load.getIndices()).getResult();
        load.getResult().replaceAllUsesWith(
            mlir::arith::BitcastOp::create(b, l, floatElement, bits).getResult());
        load.erase();
      } else if (auto store = llvm::dyn_cast<mlir::memref::StoreOp>(user)) {
        mlir::Value bits = mlir::arith::BitcastOp::create(b, l, intElement, store.getValue());
        mlir::memref::StoreOp::create(b, l, bits, replacement, store.getIndices());
        store.erase();
      } else if (auto rmw = llvm::dyn_cast<mlir::memref::GenericAtomicRMWOp>(user)) {
        auto updated =
            mlir::memref::GenericAtomicRMWOp::create(b, l, replacement, rmw.getIndices());
        mlir::OpBuilder body = mlir::OpBuilder::atBlockEnd(updated.getBody());
        mlir::IRMapping map;
        map.map(rmw.getCurrentValue(), mlir::arith::BitcastOp::create(body, 
                                           l, floatElement, updated.getCurrentValue()));
        for (mlir::Operation &op : rmw.getAtomicBody().front().without_terminator())
          body.clone(op, map);
        mlir::Value next =
            map.lookupOrDefault(rmw.getAtomicBody().front().getTerminator()->getOperand(0));
        mlir::memref::AtomicYieldOp::create(body, 
            l, mlir::arith::BitcastOp::create(body, l, intElement, next).getResult());
        rmw.getResult().replaceAllUsesWith(
            mlir::arith::BitcastOp::create(b, l, floatElement, updated.getResult()).getResult());
        rmw.erase();
      } else if (llvm::isa<mlir::memref::DeallocOp>(user)) {
        user->erase();
      } else {
        return user->emitOpError("nvc: cannot give this use of a float array updated by "
                                 "atomics integer storage");
      }
    }
    if (auto alloc = array.getDefiningOp<mlir::memref::AllocOp>())
      alloc.erase();
    return mlir::success();
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createFloatAtomicStoragePass(bool nativeFloatAdd) {
  auto pass = std::make_unique<FloatAtomicStoragePass>();
  pass->nativeFloatAdd = nativeFloatAdd;
  return pass;
}

} // namespace nvc
