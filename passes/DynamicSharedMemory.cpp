//===- DynamicSharedMemory.cpp - One launch-sized shared array per kernel --===//
//
// Steps 2 and 3 of passes/DynamicSharedMemory.h.
//
// After inlining, a kernel holds the dynamic shared arrays it declares and
// those of the device functions it calls: calls of the array declarations,
// marked `nvc.dynamic_shared`, and calls of the byte-count declaration. numba-cuda gives them all the same memory (external
// `.shared` arrays start at the dynamic shared memory's base), so they
// become one allocation at the kernel's entry: separate allocations would
// let MLIR's alias analyses assume that a store to one cannot change a load
// of another. The byte count becomes a hidden i32 argument of the kernel,
// after its own (LowerKernelABI makes it a specialization constant; it is
// never in the parameter block), never negative as the launcher refuses
// counts beyond the device's shared memory.
//
// One allocation has one element type, and workgroup variables of
// different types may share memory in Vulkan only with
// VK_KHR_workgroup_memory_explicit_layout, so the dynamic arrays of one
// kernel must agree in element type and itemsize (int32 with uint32, or
// bool with int8, alias exactly as in numba-cuda); others are a source
// error. Launch chains and the LLVM backend do not support dynamic shared
// memory (source errors naming the array).
//
// The SPIR-V pattern turns the kernel's allocation into a Workgroup
// variable `<kernel>_dynamic_shared` of the type MLIR's type converter gives
// a memref<?xT> (a struct holding a runtime array), which the binary is
// patched to size (compiler/SPIRVBinary.cpp).
//
//===----------------------------------------------------------------------===//
#include "passes/DynamicSharedMemory.h"
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h>
#include <mlir/Interfaces/FunctionInterfaces.h>
#include <mlir/Transforms/DialectConversion.h>

#include <string>

#define DEBUG_TYPE "nvc-dynamic-shared-memory"

namespace nvc {
namespace {

using namespace mlir;

/// The source location of an inlined operation: the callee's position.
Location sourceLoc(Location loc) {
  while (auto cs = dyn_cast<CallSiteLoc>(loc))
    loc = cs.getCallee();
  return loc;
}

/// "line N" of a location, for messages that mention a second position.
std::string lineOf(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(sourceLoc(loc)))
    return "line " + std::to_string(fl.getLine());
  return "another line";
}

void sourceError(Location loc, const Twine &message) {
  InFlightDiagnostic diag = emitError(sourceLoc(loc)) << message;
  diag.getUnderlyingDiagnostic()->getMetadata().push_back(DiagnosticArgument(abi::kSourceErrorTag));
}

struct DynamicSharedMemoryPass
    : public PassWrapper<DynamicSharedMemoryPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DynamicSharedMemoryPass)
  DynamicSharedMemoryPass() = default;
  DynamicSharedMemoryPass(const DynamicSharedMemoryPass &other) : PassWrapper(other) {}
  StringRef getArgument() const override { return "nvc-dynamic-shared-memory"; }
  StringRef getDescription() const override {
    return "Give each kernel one launch-sized dynamic shared array and its byte count as a "
           "hidden argument";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect>();
  }

  /// The declarations standing for the bytes and the arrays.
  static bool isDynamicSharedDeclaration(StringRef name) {
    return name == kDynamicSharedBytesFunction || name.starts_with(kDynamicSharedArrayPrefix);
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SmallVector<func::FuncOp> declarations;
    for (auto func : module.getOps<func::FuncOp>())
      if (isDynamicSharedDeclaration(func.getSymName()))
        declarations.push_back(func);
    if (declarations.empty())
      return;
    bool ok = true;
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>()))
      if (func->hasAttr(abi::kKernelAttr))
        ok &= succeeded(lowerKernel(func));
    if (!ok)
      return signalPassFailure();
    // Inlining left calls in kernels only; any other is a bug.
    for (func::FuncOp declaration : declarations) {
      if (!SymbolTable::symbolKnownUseEmpty(declaration, module)) {
        declaration.emitError("dynamic shared memory used outside a kernel after inlining");
        return signalPassFailure();
      }
      declaration.erase();
    }
  }

  LogicalResult lowerKernel(func::FuncOp func) {
    SmallVector<func::CallOp> calls, allocs; // the bytes, the arrays
    func.walk([&](func::CallOp call) {
      if (call.getCallee() == kDynamicSharedBytesFunction)
        calls.push_back(call);
      else if (call.getCallee().starts_with(kDynamicSharedArrayPrefix))
        allocs.push_back(call);
    });
    if (calls.empty() && allocs.empty())
      return success();
    Location where = allocs.empty() ? calls.front().getLoc() : allocs.front().getLoc();
    if (func->hasAttr(abi::kChainAttr)) {
      sourceError(where, "launch chains cannot use dynamic shared memory (cuda.shared.array(0, "
                         "...)): the fused kernel has no launch of its own to size it");
      return failure();
    }
    if (llvmBackend) {
      sourceError(where, "dynamic shared memory (cuda.shared.array(0, ...)) is not supported by "
                         "the LLVM backend yet; use the default backend");
      return failure();
    }
    auto dtypeOf = [](Operation *a) {
      return a->getAttrOfType<StringAttr>(abi::kDynamicSharedAttr).getValue();
    };
    auto itemsizeOf = [](Operation *a) {
      return a->getAttrOfType<IntegerAttr>(abi::kDynamicSharedItemsizeAttr).getInt();
    };
    for (func::CallOp a : allocs)
      if (a.getResult(0).getType() != allocs.front().getResult(0).getType() ||
          itemsizeOf(a) != itemsizeOf(allocs.front())) {
        sourceError(a.getLoc(),
                    Twine("this dynamic shared array of ") + dtypeOf(a) +
                        " and the one of " + dtypeOf(allocs.front()) + " at " +
                        lineOf(allocs.front().getLoc()) +
                        " would be the same memory (all dynamic shared arrays of a kernel "
                        "alias, as in numba-cuda); nvc supports one element type per kernel, "
                        "since Vulkan lets workgroup variables of different types share memory "
                        "only with VK_KHR_workgroup_memory_explicit_layout: declare them with "
                        "one dtype");
        return failure();
      }

    // The hidden argument, after all others.
    OpBuilder b(func.getContext());
    unsigned argIndex = func.getNumArguments();
    NamedAttribute nonNegative(b.getStringAttr(abi::kNonNegativeAttr), b.getUnitAttr());
    if (failed(func.insertArgument(argIndex, b.getI32Type(), b.getDictionaryAttr(nonNegative),
                                   func.getLoc())))
      return failure();
    Value bytes = func.getArgument(argIndex);
    for (func::CallOp call : calls) {
      call.getResult(0).replaceAllUsesWith(bytes);
      call.erase();
    }
    func->setAttr(abi::kDynamicSharedArgAttr, b.getI32IntegerAttr(argIndex));
    if (allocs.empty())
      return success(); // only the bytes are read

    // One allocation at entry for all of them.
    func::CallOp first = allocs.front();
    auto type = cast<MemRefType>(first.getResult(0).getType());
    b.setInsertionPointToStart(&func.getBody().front());
    Location loc = first.getLoc();
    unsigned slotBytes = std::max(1u, type.getElementTypeBitWidth() / 8);
    Value slots = arith::DivUIOp::create(
        b, loc, bytes, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(slotBytes)));
    slots = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), slots);
    auto merged = memref::AllocOp::create(b, loc, type, ValueRange{slots});
    for (llvm::StringRef attr : {abi::kDynamicSharedAttr, abi::kDynamicSharedItemsizeAttr})
      merged->setAttr(attr, first->getAttr(attr));
    for (func::CallOp a : allocs) {
      a.getResult(0).replaceAllUsesWith(merged.getResult());
      a.erase();
    }
    func->setAttr(abi::kDynamicSharedDtypeAttr, b.getStringAttr(dtypeOf(merged)));
    return success();
  }

  Option<bool> llvmBackend{*this, "llvm-backend",
                           llvm::cl::desc("compiling for the LLVM backend, which does not "
                                          "support dynamic shared memory (a source error)"),
                           llvm::cl::init(false)};
};

/// memref.alloc marked `nvc.dynamic_shared` → the kernel's Workgroup
/// variable `<kernel>_dynamic_shared` (MLIR's own alloc pattern handles
/// static shapes only).
struct DynamicSharedAllocToSPIRV : public OpConversionPattern<memref::AllocOp> {
  DynamicSharedAllocToSPIRV(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(memref::AllocOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(abi::kDynamicSharedAttr))
      return failure();
    auto ptr = dyn_cast_or_null<spirv::PointerType>(getTypeConverter()->convertType(op.getType()));
    if (!ptr)
      return rewriter.notifyMatchFailure(op, "no SPIR-V type for the dynamic shared array");
    Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
    auto func = op->getParentOfType<FunctionOpInterface>();
    if (!table || !func)
      return failure();
    std::string name = (func.getName() + "_dynamic_shared").str();
    spirv::GlobalVariableOp var;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&table->getRegion(0).front());
      var = spirv::GlobalVariableOp::create(rewriter, op.getLoc(), ptr, name);
    }
    rewriter.replaceOpWithNewOp<spirv::AddressOfOp>(op, var);
    return success();
  }
};

} // namespace

std::unique_ptr<Pass> createDynamicSharedMemoryPass(bool llvmBackend) {
  auto pass = std::make_unique<DynamicSharedMemoryPass>();
  pass->llvmBackend = llvmBackend;
  return pass;
}

void populateDynamicSharedToSPIRVPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<DynamicSharedAllocToSPIRV>(converter, patterns.getContext());
}

} // namespace nvc
