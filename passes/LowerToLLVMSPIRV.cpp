//===- LowerToLLVMSPIRV.cpp - Kernels to LLVM IR for LLVM's SPIR-V target --===//
//
// The second backend's lowering (docs/design.md, "The LLVM backend"): after
// nvc's own passes, a gpu.module of gpu.func kernels on the arith, math,
// memref and cf level becomes LLVM-dialect functions in the form LLVM's
// SPIR-V backend accepts for Vulkan compute (triple spirv1.5-unknown-
// vulkan1.2-compute), with the same kernel ABI as LowerKernelABI.cpp:
//  1. For each kernel, replace every array argument (a StorageBuffer memref)
//     by `llvm.spv.resource.handlefrombinding(set 0, binding, 1, 0, name)`,
//     bindings in argument order; the result is a
//     `target("spirv.VulkanBuffer", [0 x T], 12, 1)` handle.
//  2. Lay the scalar arguments out in one parameter block (ParameterBlock.h):
//     a literal struct in a module-level `addrspace(13)` global (LLVM's
//     PushConstant storage class); load every field at entry. Then drop all
//     arguments. A block over 128 bytes (the default backend's uniform
//     buffer) is an error: LLVM 22 addresses a uniform-buffer struct through
//     `getpointer` as if it were an array (the access chain fails spirv-val).
//  3. Convert with MLIR's arith, cf, math, ub and complex to LLVM patterns
//     plus these: gpu.func kernel → llvm.func with `"hlsl.shader"="compute"`
//     and `"hlsl.numthreads"`; gpu ids → `llvm.spv.thread.id`,
//     `llvm.spv.group.id`, …; gpu.block_dim → `llvm.spv.workgroup.size`
//     (a load of the WorkgroupSize built-in, which LLVMSPIRVFinish.cpp
//     turns into the specialization-constant composite);
//     gpu.barrier → `llvm.spv.group.memory.barrier.with.group.sync`;
//     subgroup reductions and shuffles → `llvm.spv.wave.*`; memref loads and
//     stores → `llvm.spv.resource.getpointer` (buffers) or getelementptr
//     (Workgroup globals in addrspace(3), Function allocas).
// What the SPIR-V backend cannot express (the BuiltIn WorkgroupSize
// composite, NoContraction) is added to the binary afterwards
// (compiler/LLVMSPIRVFinish.cpp). Operations without a pattern here fail the
// conversion with an error naming them.
//
//===----------------------------------------------------------------------===//
#include "abi/Attributes.h"
#include "abi/ParameterBlock.h"
#include "passes/Passes.h"

#include <llvm/ADT/BitVector.h>
#include <mlir/Conversion/ArithToLLVM/ArithToLLVM.h>
#include <mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h>
#include <mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h>
#include <mlir/Conversion/LLVMCommon/ConversionTarget.h>
#include <mlir/Conversion/LLVMCommon/Pattern.h>
#include <mlir/Conversion/LLVMCommon/TypeConverter.h>
#include <mlir/Conversion/MathToLLVM/MathToLLVM.h>
#include <mlir/Conversion/UBToLLVM/UBToLLVM.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/LLVMIR/LLVMDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Transforms/DialectConversion.h>

#include <algorithm>
#include <string>
#include <type_traits>

#define DEBUG_TYPE "nvc-lower-to-llvm-spirv"

namespace nvc {
namespace {

using namespace mlir;

/// LLVM's SPIR-V address spaces (SPIRVUtils, addressSpaceToStorageClass).
constexpr unsigned kFunctionAS = 0, kWorkgroupAS = 3, kStorageBufferAS = 11, kPushConstantAS = 13;
/// `spirv.VulkanBuffer`'s storage-class parameter (SPIR-V StorageClass value).
constexpr unsigned kStorageClassStorageBuffer = 12;

/// An error about what this backend cannot express yet, at the source line of
/// `op`: an error of the kernel (abi::kSourceErrorTag), not an internal
/// compiler error, since the default backend compiles it.
InFlightDiagnostic unsupportedError(Operation *op) {
  InFlightDiagnostic diag = op->emitError();
  diag.getUnderlyingDiagnostic()->getMetadata().push_back(
      DiagnosticArgument(abi::kSourceErrorTag));
  return diag;
}

spirv::StorageClass storageClassOf(MemRefType t) {
  if (auto sc = dyn_cast_or_null<spirv::StorageClassAttr>(t.getMemorySpace()))
    return sc.getValue();
  return spirv::StorageClass::Function;
}

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(v));
}

/// A private constant C string at module level, returned by address (the
/// resource name LLVM's SPIR-V backend gives the buffer variable).
Value nameString(OpBuilder &b, Location loc, Operation *module, const std::string &symbol,
                 const std::string &text) {
  auto *ctx = b.getContext();
  std::string bytes = text + '\0';
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), bytes.size());
  {
    OpBuilder mb(ctx);
    mb.setInsertionPointToStart(&module->getRegion(0).front());
    LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/true, LLVM::Linkage::Private, symbol,
                              mb.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx), symbol);
}

Value handleFromBinding(OpBuilder &b, Location loc, Type handleType, unsigned binding,
                        Value name) {
  Value zero = i32Const(b, loc, 0);
  return LLVM::CallIntrinsicOp::create(b, loc, handleType,
                                     b.getStringAttr("llvm.spv.resource.handlefrombinding"),
                                     ValueRange{zero, i32Const(b, loc, binding),
                                                i32Const(b, loc, 1), zero, name})
      .getResult(0);
}

//===--------------------------------------------------------------------===//
// Steps 1 and 2: the kernel ABI.
//===--------------------------------------------------------------------===//

LogicalResult lowerKernelABI(gpu::GPUFuncOp func, Operation *module,
                             const LLVMTypeConverter &converter) {
  MLIRContext *ctx = func.getContext();
  Location loc = func.getLoc();
  std::string prefix = func.getName().str();
  auto names = func->getAttrOfType<ArrayAttr>(abi::kArgNamesAttr);
  auto argName = [&](unsigned i) {
    if (names && i < names.size())
      if (auto s = dyn_cast<StringAttr>(names[i]))
        return s.getValue().str();
    return "arg" + std::to_string(i);
  };
  Block &entry = func.getBody().front();
  OpBuilder b(ctx);
  b.setInsertionPointToStart(&entry);

  unsigned binding = 0;
  SmallVector<unsigned> scalarArgs;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    BlockArgument arg = entry.getArgument(i);
    auto memref = dyn_cast<MemRefType>(arg.getType());
    if (!memref) {
      scalarArgs.push_back(i);
      continue;
    }
    Type handleType = converter.convertType(memref);
    if (!handleType || storageClassOf(memref) != spirv::StorageClass::StorageBuffer)
      return func.emitError("unsupported kernel array argument type ") << memref;
    std::string name = argName(i);
    // LLVM's backend keeps one variable per resource name: qualify it by the
    // kernel, or two kernels' arrays of one name but different element types
    // would share a variable.
    Value str = nameString(b, loc, module, prefix + "." + name + ".name", prefix + "." + name);
    Value handle = handleFromBinding(b, loc, handleType, binding++, str);
    Value cast =
        UnrealizedConversionCastOp::create(b, loc, TypeRange{memref}, ValueRange{handle})
            .getResult(0);
    arg.replaceAllUsesWith(cast);
  }

  if (!scalarArgs.empty()) {
    SmallVector<Type> fields;
    std::vector<uint32_t> sizes;
    for (unsigned i : scalarArgs) {
      Type t = entry.getArgument(i).getType();
      if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() < 32)
        return func.emitError("unsupported kernel argument type ") << t;
      fields.push_back(t);
      sizes.push_back(t.getIntOrFloatBitWidth() / 8);
    }
    // Each field aligned to its own size: LLVM's natural struct layout for
    // the SPIR-V data layout, which the backend writes as member Offsets.
    ParameterBlockLayout layout = layoutParameterBlock(sizes);
    auto blockType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    if (!layout.isPushConstant())
      return unsupportedError(func) << "nvc's LLVM backend cannot pass a parameter block of "
             << layout.size
             << " bytes (over the 128 bytes of push constants, a uniform buffer) yet: LLVM 22's "
                "SPIR-V target addresses a uniform-buffer struct wrongly; use the default backend";
    unsigned as = kPushConstantAS;
    std::string symbol = prefix + ".params";
    {
      OpBuilder mb(ctx);
      mb.setInsertionPointToStart(&module->getRegion(0).front());
      auto global = LLVM::GlobalOp::create(mb, loc, blockType, /*isConstant=*/false,
                                              LLVM::Linkage::External, symbol, Attribute(),
                                              /*alignment=*/0, as);
      global.setExternallyInitialized(true);
      // Hidden: a default-visibility external would become a Linkage import.
      global.setVisibility_(LLVM::Visibility::Hidden);
    }
    Value base = LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, as), symbol);
    for (unsigned k = 0; k < scalarArgs.size(); ++k) {
      Value field = LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, as), blockType,
                                          base, ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(k)},
                                          LLVM::GEPNoWrapFlags::inbounds);
      Value v = LLVM::LoadOp::create(b, loc, fields[k], field);
      entry.getArgument(scalarArgs[k]).replaceAllUsesWith(v);
    }
  }

  llvm::BitVector all(func.getNumArguments(), true);
  return func.eraseArguments(all);
}

//===--------------------------------------------------------------------===//
// Step 3: conversion patterns.
//===--------------------------------------------------------------------===//

/// gpu.func kernel → llvm.func @name() with the HLSL compute attributes.
struct KernelFuncLowering : ConvertOpToLLVMPattern<gpu::GPUFuncOp> {
  KernelFuncLowering(const LLVMTypeConverter &c, std::array<int32_t, 3> localSize)
      : ConvertOpToLLVMPattern(c), localSize(localSize) {}
  LogicalResult matchAndRewrite(gpu::GPUFuncOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (op.getNumArguments() != 0 || !op.isKernel())
      return rewriter.notifyMatchFailure(op, "kernel ABI not lowered");
    MLIRContext *ctx = op.getContext();
    auto fnType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {});
    auto fn = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getName(), fnType);
    std::string numthreads = std::to_string(localSize[0]) + "," +
                             std::to_string(localSize[1]) + "," + std::to_string(localSize[2]);
    auto pair = [&](StringRef k, StringRef v) {
      return rewriter.getArrayAttr({rewriter.getStringAttr(k), rewriter.getStringAttr(v)});
    };
    fn.setPassthroughAttr(rewriter.getArrayAttr(
        {pair("hlsl.shader", "compute"), pair("hlsl.numthreads", numthreads)}));
    // The manifest reports them (assumes_no_alias, shared_memory_bytes); not
    // translated to LLVM IR.
    for (StringRef attr : {abi::kAssumesNoAliasAttr, abi::kStagedSharedBytesAttr,
                           abi::kGridSyncWordsAttr})
      if (auto value = op->getAttr(attr))
        fn->setAttr(attr, value);
    rewriter.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
    if (failed(rewriter.convertRegionTypes(&fn.getBody(), *getTypeConverter())))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
  std::array<int32_t, 3> localSize;
};

struct ReturnLowering : ConvertOpToLLVMPattern<gpu::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(gpu::ReturnOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
    return success();
  }
};

/// Widens (or keeps) an i32 builtin value to the converted index type.
Value toIndex(ConversionPatternRewriter &rewriter, Location loc, Value v, Type indexType) {
  if (v.getType() == indexType)
    return v;
  return LLVM::ZExtOp::create(rewriter, loc, indexType, v);
}

Value callIntrinsic(OpBuilder &b, Location loc, StringRef name, Type result, ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, result, b.getStringAttr(name), args).getResult(0);
}

/// gpu.thread_id, block_id, global_id, grid_dim → `name(i32 dim)`.
template <typename Op>
struct DimensionBuiltinLowering : ConvertOpToLLVMPattern<Op> {
  DimensionBuiltinLowering(const LLVMTypeConverter &c, const char *intrinsic)
      : ConvertOpToLLVMPattern<Op>(c), intrinsic(intrinsic) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dim = i32Const(rewriter, loc, static_cast<int64_t>(op.getDimension()));
    Value v = callIntrinsic(rewriter, loc, intrinsic, rewriter.getI32Type(), {dim});
    rewriter.replaceOp(op, toIndex(rewriter, loc, v, this->getTypeConverter()->getIndexType()));
    return success();
  }
  const char *intrinsic;
};

/// Subgroup builtins without operands → `name()`.
template <typename Op>
struct SubgroupBuiltinLowering : ConvertOpToLLVMPattern<Op> {
  SubgroupBuiltinLowering(const LLVMTypeConverter &c, const char *intrinsic)
      : ConvertOpToLLVMPattern<Op>(c), intrinsic(intrinsic) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value v = callIntrinsic(rewriter, loc, intrinsic, rewriter.getI32Type(), {});
    rewriter.replaceOp(op, toIndex(rewriter, loc, v, this->getTypeConverter()->getIndexType()));
    return success();
  }
  const char *intrinsic;
};

/// gpu.barrier (cuda.syncthreads) → OpControlBarrier Workgroup with
/// workgroup-memory acquire/release semantics, as MLIR's SPIR-V lowering.
struct BarrierLowering : ConvertOpToLLVMPattern<gpu::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(gpu::BarrierOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    LLVM::CallIntrinsicOp::create(rewriter, 
        op.getLoc(), rewriter.getStringAttr("llvm.spv.group.memory.barrier.with.group.sync"),
        ValueRange{});
    rewriter.eraseOp(op);
    return success();
  }
};

/// gpu.subgroup_reduce over the whole subgroup → `llvm.spv.wave.reduce.*`
/// (OpGroupNonUniform… Reduce). LLVM 22 has no product reduction.
struct SubgroupReduceLowering : ConvertOpToLLVMPattern<gpu::SubgroupReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    using K = gpu::AllReduceOperation;
    if (op.getClusterSize())
      return rewriter.notifyMatchFailure(op, "clustered reduction");
    const char *name = nullptr;
    switch (op.getOp()) {
    case K::ADD: name = "llvm.spv.wave.reduce.sum"; break;
    case K::MINSI: case K::MINNUMF: case K::MINIMUMF: name = "llvm.spv.wave.reduce.min"; break;
    case K::MAXSI: case K::MAXNUMF: case K::MAXIMUMF: name = "llvm.spv.wave.reduce.max"; break;
    case K::MINUI: name = "llvm.spv.wave.reduce.umin"; break;
    case K::MAXUI: name = "llvm.spv.wave.reduce.umax"; break;
    default:
      return rewriter.notifyMatchFailure(op, "no LLVM intrinsic");
    }
    Value v = adaptor.getValue();
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(), name, v.getType(), {v}));
    return success();
  }
};

/// gpu.shuffle → `llvm.spv.wave.readlane(value, lane)` (OpGroupNonUniformShuffle)
/// with the source lane computed from the mode; valid = the lane is inside
/// [0, width).
struct ShuffleLowering : ConvertOpToLLVMPattern<gpu::ShuffleOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(gpu::ShuffleOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value offset = adaptor.getOffset(), width = adaptor.getWidth();
    Value lane =
        callIntrinsic(rewriter, loc, "llvm.spv.subgroup.local.invocation.id", i32, {});
    Value src;
    switch (op.getMode()) {
    case gpu::ShuffleMode::IDX: src = offset; break;
    case gpu::ShuffleMode::XOR: src = LLVM::XOrOp::create(rewriter, loc, lane, offset); break;
    case gpu::ShuffleMode::DOWN: src = LLVM::AddOp::create(rewriter, loc, lane, offset); break;
    case gpu::ShuffleMode::UP: src = LLVM::SubOp::create(rewriter, loc, lane, offset); break;
    }
    // Unsigned comparison: a negative lane (UP) is out of range too.
    Value valid = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, src, width);
    Value in = adaptor.getValue();
    // Out-of-range lanes read the invocation's own value, never an
    // undefined lane.
    Value safe = LLVM::SelectOp::create(rewriter, loc, valid, src, lane);
    Value r = callIntrinsic(rewriter, loc, "llvm.spv.wave.readlane", in.getType(), {in, safe});
    rewriter.replaceOp(op, {r, valid});
    return success();
  }
};

/// spirv.GroupNonUniformShuffle{,Xor,Up,Down} (numba's shfl_*_sync, emitted
/// directly by MLIR generation) → `llvm.spv.wave.readlane` from the lane
/// SPIR-V defines: the id, lane ^ mask, lane - delta, lane + delta.
template <typename Op>
struct SPIRVShuffleLowering : ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (op.getExecutionScope() != spirv::Scope::Subgroup)
      return rewriter.notifyMatchFailure(op, "not a subgroup shuffle");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value operand = adaptor.getOperands()[1];
    Value src = operand;
    if constexpr (!std::is_same_v<Op, spirv::GroupNonUniformShuffleOp>) {
      Value lane =
          callIntrinsic(rewriter, loc, "llvm.spv.subgroup.local.invocation.id", i32, {});
      if constexpr (std::is_same_v<Op, spirv::GroupNonUniformShuffleXorOp>)
        src = LLVM::XOrOp::create(rewriter, loc, lane, operand);
      else if constexpr (std::is_same_v<Op, spirv::GroupNonUniformShuffleUpOp>)
        src = LLVM::SubOp::create(rewriter, loc, lane, operand);
      else
        src = LLVM::AddOp::create(rewriter, loc, lane, operand);
    }
    Value v = adaptor.getOperands()[0];
    rewriter.replaceOp(op, callIntrinsic(rewriter, loc, "llvm.spv.wave.readlane", v.getType(),
                                         {v, src}));
    return success();
  }
};

/// spirv.GroupNonUniformElect → `llvm.spv.wave.is.first.lane`.
struct SPIRVElectLowering : ConvertOpToLLVMPattern<spirv::GroupNonUniformElectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(spirv::GroupNonUniformElectOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(), "llvm.spv.wave.is.first.lane",
                                         rewriter.getI1Type(), {}));
    return success();
  }
};

/// The element pointer of `memref[indices]` (rank 0 or 1, as MLIR
/// generation produces them).
FailureOr<Value> elementPointer(ConversionPatternRewriter &rewriter, Location loc,
                                MemRefType type, Value converted, ValueRange indices,
                                const LLVMTypeConverter &converter) {
  MLIRContext *ctx = rewriter.getContext();
  Type elem = converter.convertType(type.getElementType());
  if (type.getRank() > 1 || !elem)
    return failure();
  Value index = indices.empty() ? Value() : indices.front();
  if (index && index.getType() != rewriter.getI32Type())
    index = LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), index);
  if (storageClassOf(type) == spirv::StorageClass::StorageBuffer) {
    if (!index)
      index = i32Const(rewriter, loc, 0);
    return callIntrinsic(rewriter, loc, "llvm.spv.resource.getpointer",
                         LLVM::LLVMPointerType::get(ctx, kStorageBufferAS), {converted, index});
  }
  if (!index)
    return converted;
  // Logical SPIR-V has no pointer arithmetic: index the array object.
  auto arrayType = LLVM::LLVMArrayType::get(elem, type.getNumElements());
  return LLVM::GEPOp::create(rewriter, loc, converted.getType(), arrayType, converted,
                           ArrayRef<LLVM::GEPArg>{0, index}, LLVM::GEPNoWrapFlags::inbounds)
      .getResult();
}

struct LoadLowering : ConvertOpToLLVMPattern<memref::LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(memref::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto ptr = elementPointer(rewriter, op.getLoc(), op.getMemRefType(), adaptor.getMemref(),
                              adaptor.getIndices(), *getTypeConverter());
    if (failed(ptr))
      return rewriter.notifyMatchFailure(op, "unsupported memref");
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, getTypeConverter()->convertType(op.getMemRefType().getElementType()), *ptr);
    return success();
  }
};

struct StoreLowering : ConvertOpToLLVMPattern<memref::StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(memref::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto ptr = elementPointer(rewriter, op.getLoc(), op.getMemRefType(), adaptor.getMemref(),
                              adaptor.getIndices(), *getTypeConverter());
    if (failed(ptr))
      return rewriter.notifyMatchFailure(op, "unsupported memref");
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), *ptr);
    return success();
  }
};

/// Private arrays and locals: an alloca of the array (or scalar) type.
struct AllocaLowering : ConvertOpToLLVMPattern<memref::AllocaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(memref::AllocaOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    MemRefType t = op.getType();
    Type elem = getTypeConverter()->convertType(t.getElementType());
    if (!t.hasStaticShape() || t.getRank() > 1 || !elem)
      return rewriter.notifyMatchFailure(op, "unsupported alloca");
    Type object = t.getRank() == 0 ? elem : LLVM::LLVMArrayType::get(elem, t.getNumElements());
    Value one = i32Const(rewriter, op.getLoc(), 1);
    rewriter.replaceOpWithNewOp<LLVM::AllocaOp>(
        op, LLVM::LLVMPointerType::get(getContext(), kFunctionAS), object, one);
    return success();
  }
};

/// Shared arrays (memref.alloc in Workgroup memory): a module-level
/// addrspace(3) global without initializer (poison: Vulkan forbids
/// initializing Workgroup variables).
struct SharedAllocLowering : ConvertOpToLLVMPattern<memref::AllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(memref::AllocOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    MemRefType t = op.getType();
    Type elem = getTypeConverter()->convertType(t.getElementType());
    if (!t.hasStaticShape() || t.getRank() != 1 || !elem ||
        storageClassOf(t) != spirv::StorageClass::Workgroup)
      return rewriter.notifyMatchFailure(op, "unsupported alloc");
    auto arrayType = LLVM::LLVMArrayType::get(elem, t.getNumElements());
    auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    Operation *module = fn ? fn->getParentOp() : op->getParentOp();
    std::string symbol;
    for (unsigned n = 0;; ++n) {
      symbol = (fn ? fn.getName().str() : std::string("kernel")) + ".shared" + std::to_string(n);
      if (!SymbolTable::lookupSymbolIn(module, symbol))
        break;
    }
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&module->getRegion(0).front());
      auto global = LLVM::GlobalOp::create(rewriter, op.getLoc(), arrayType, /*isConstant=*/false,
                                                    LLVM::Linkage::Internal, symbol, Attribute(),
                                                    /*alignment=*/0, kWorkgroupAS);
      Block *init = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(init);
      Value poison = LLVM::PoisonOp::create(rewriter, op.getLoc(), arrayType);
      LLVM::ReturnOp::create(rewriter, op.getLoc(), poison);
    }
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(
        op, LLVM::LLVMPointerType::get(getContext(), kWorkgroupAS), symbol);
    return success();
  }
};

struct LowerToLLVMSPIRVPass
    : public PassWrapper<LowerToLLVMSPIRVPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerToLLVMSPIRVPass)
  LowerToLLVMSPIRVPass() = default;
  LowerToLLVMSPIRVPass(const LowerToLLVMSPIRVPass &other) : PassWrapper(other) {}
  StringRef getArgument() const override { return "nvc-lower-to-llvm-spirv"; }
  StringRef getDescription() const override {
    return "Lower kernels to the LLVM dialect for LLVM's SPIR-V backend (Vulkan compute)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  ListOption<int32_t> localSizeOption{
      *this, "local-size",
      llvm::cl::desc("the workgroup size's defaults x,y,z (the kernels' numthreads)"),
      llvm::cl::list_init<int32_t>({64, 1, 1})};
  Option<unsigned> indexBits{*this, "index-bits",
                             llvm::cl::desc("bits of an index value (32 or 64, as --index-bits)"),
                             llvm::cl::init(32)};

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (localSizeOption.size() != 3) {
      module.emitError("nvc-lower-to-llvm-spirv: local-size needs 3 values");
      return signalPassFailure();
    }
    std::array<int32_t, 3> localSize;
    std::copy(localSizeOption.begin(), localSizeOption.end(), localSize.begin());
    LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBits);
    LLVMTypeConverter converter(ctx, options);
    converter.addConversion([&](MemRefType t) -> std::optional<Type> {
      Type elem = converter.convertType(t.getElementType());
      if (!elem)
        return std::nullopt;
      switch (storageClassOf(t)) {
      case spirv::StorageClass::StorageBuffer:
        return LLVM::LLVMTargetExtType::get(ctx, "spirv.VulkanBuffer",
                                            {LLVM::LLVMArrayType::get(elem, 0)},
                                            {kStorageClassStorageBuffer, 1});
      case spirv::StorageClass::Workgroup:
        return LLVM::LLVMPointerType::get(ctx, kWorkgroupAS);
      case spirv::StorageClass::Function:
        return LLVM::LLVMPointerType::get(ctx, kFunctionAS);
      default:
        return std::nullopt;
      }
    });

    // What LLVM 22 has no intrinsic for: say so at the source line, once.
    bool unsupported = false;
    module.walk([&](gpu::SubgroupReduceOp op) {
      using K = gpu::AllReduceOperation;
      K kind = op.getOp();
      if (op.getClusterSize() || kind == K::MUL || kind == K::AND || kind == K::OR ||
          kind == K::XOR) {
        unsupportedError(op) << "nvc's LLVM backend cannot express the subgroup reduction '"
            << gpu::stringifyAllReduceOperation(kind)
            << "' (LLVM 22's SPIR-V target has no intrinsic for it); use the default backend";
        unsupported = true;
      }
    });
    module.walk([&](Operation *op) {
      if (op->getDialect()->getNamespace() != "spirv" ||
          isa<spirv::GroupNonUniformShuffleOp, spirv::GroupNonUniformShuffleXorOp,
              spirv::GroupNonUniformShuffleUpOp, spirv::GroupNonUniformShuffleDownOp,
              spirv::GroupNonUniformElectOp>(op))
        return;
      unsupportedError(op) << "nvc's LLVM backend cannot express '"
          << op->getName() << "' yet (subgroup scans, ballots; no LLVM 22 intrinsic is used "
          << "for them); use the default backend";
      unsupported = true;
    });
    module.walk([&](Operation *op) {
      if (isa<memref::GenericAtomicRMWOp, memref::AtomicRMWOp>(op)) {
        unsupportedError(op) << "nvc's LLVM backend cannot express atomics yet (nor print(), "
                                "raise, assert and bounds checks, which record with atomics); "
                                "use the default backend";
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    SmallVector<gpu::GPUFuncOp> kernels;
    module.walk([&](gpu::GPUFuncOp f) { kernels.push_back(f); });
    for (gpu::GPUFuncOp f : kernels)
      if (!f.isKernel() || failed(lowerKernelABI(f, module, converter)))
        return signalPassFailure();

    RewritePatternSet patterns(ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);
    patterns.add<KernelFuncLowering>(converter, localSize);
    patterns.add<DimensionBuiltinLowering<gpu::BlockDimOp>>(converter,
                                                            "llvm.spv.workgroup.size");
    patterns.add<ReturnLowering, BarrierLowering, SubgroupReduceLowering, ShuffleLowering,
                 LoadLowering, StoreLowering, AllocaLowering, SharedAllocLowering>(converter);
    patterns.add<SPIRVShuffleLowering<spirv::GroupNonUniformShuffleOp>,
                 SPIRVShuffleLowering<spirv::GroupNonUniformShuffleXorOp>,
                 SPIRVShuffleLowering<spirv::GroupNonUniformShuffleUpOp>,
                 SPIRVShuffleLowering<spirv::GroupNonUniformShuffleDownOp>, SPIRVElectLowering>(
        converter);
    patterns.add<DimensionBuiltinLowering<gpu::ThreadIdOp>>(converter,
                                                            "llvm.spv.thread.id.in.group");
    patterns.add<DimensionBuiltinLowering<gpu::BlockIdOp>>(converter, "llvm.spv.group.id");
    patterns.add<DimensionBuiltinLowering<gpu::GlobalIdOp>>(converter, "llvm.spv.thread.id");
    patterns.add<DimensionBuiltinLowering<gpu::GridDimOp>>(converter,
                                                           "llvm.spv.num.workgroups");
    patterns.add<SubgroupBuiltinLowering<gpu::LaneIdOp>>(
        converter, "llvm.spv.subgroup.local.invocation.id");
    patterns.add<SubgroupBuiltinLowering<gpu::SubgroupSizeOp>>(converter,
                                                               "llvm.spv.subgroup.size");
    patterns.add<SubgroupBuiltinLowering<gpu::SubgroupIdOp>>(converter, "llvm.spv.subgroup.id");
    patterns.add<SubgroupBuiltinLowering<gpu::NumSubgroupsOp>>(converter,
                                                               "llvm.spv.num.subgroups");

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<gpu::GPUModuleOp, UnrealizedConversionCastOp>();
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }

};

} // namespace

std::unique_ptr<Pass> createLowerToLLVMSPIRVPass(std::array<int32_t, 3> defaultLocalSize,
                                                 unsigned indexBits) {
  auto pass = std::make_unique<LowerToLLVMSPIRVPass>();
  pass->localSizeOption = ArrayRef<int32_t>(defaultLocalSize);
  pass->indexBits = indexBits;
  return pass;
}

} // namespace nvc
