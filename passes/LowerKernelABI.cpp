//===- LowerKernelABI.cpp - nvc's Vulkan entry-point ABI -------------------===//
//
// After convert-gpu-to-spirv, each kernel is a spirv.func whose arguments
// are still function arguments: pointers to storage-buffer structs for the
// arrays, plain scalars for everything else. MLIR's spirv-lower-abi-attrs
// would put every scalar in a storage buffer of its own, and its
// push-constant variant emits invalid SPIR-V, so nvc lowers the ABI itself:
//  1. Create the module's workgroup size: specialization constants 0, 1, 2
//     (defaults from the decorator or --local-size) and their composite,
//     named `nvc_workgroup_size` (the serializer drops decorations on
//     composites, so the driver decorates it BuiltIn WorkgroupSize after
//     serialization). Loads of the WorkgroupSize builtin variable that
//     gpu.block_dim lowered to read the composite instead.
//  2. For each entry function, create a StorageBuffer variable per pointer
//     argument at set 0, bindings in argument order. An argument listed in
//     the function's `nvc.buffer_aliases` (pairs: view argument, array
//     argument; VectorizeStreaming's vector<4> views) gets a variable of its
//     own type at its array's binding instead: Vulkan lets several variables
//     of different types share a binding (they alias).
//  3. Lay out all scalar arguments, in order, in one Block-decorated struct
//     (ParameterBlock.h); declare it PushConstant when it fits in 128 bytes,
//     else Uniform at the next binding; load each field at function entry.
//  4. A kernel's hidden dynamic shared-memory argument (function attribute
//     `nvc.dynamic_shared_arg`, passes/DynamicSharedMemory.h) reads the
//     specialization constant `nvc_dynamic_shared_bytes` (SpecId 3, default
//     0, created when some kernel has one) instead of a parameter-block
//     field; the kernel records the bytes of its array's SPIR-V element
//     (`nvc.dynamic_shared_word_bytes`) for the manifest.
//  5. Drop the arguments, and declare the entry point (interface: the Input
//     builtins it uses, as SPIR-V 1.3 requires) with a LocalSize mode.
//
//===----------------------------------------------------------------------===//
#include "passes/DynamicSharedMemory.h"
#include "abi/ParameterBlock.h"
#include "passes/Passes.h"

#include <llvm/ADT/BitVector.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVTypes.h>
#include <mlir/Dialect/SPIRV/IR/TargetAndABI.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#define DEBUG_TYPE "nvc-lower-kernel-abi"

namespace nvc {
namespace {

using namespace mlir;

constexpr const char *kWorkgroupSizeName = "nvc_workgroup_size";

struct LowerKernelABIPass
    : public PassWrapper<LowerKernelABIPass, OperationPass<spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerKernelABIPass)
  LowerKernelABIPass() = default;
  LowerKernelABIPass(const LowerKernelABIPass &other) : PassWrapper(other) {}
  StringRef getArgument() const override { return "nvc-lower-kernel-abi"; }
  StringRef getDescription() const override { return "Lower kernel arguments to nvc's ABI"; }

  ListOption<int32_t> localSize{*this, "local-size",
                                llvm::cl::desc("the workgroup size's defaults x,y,z (the "
                                               "specialization constants' and LocalSize's)"),
                                llvm::cl::list_init<int32_t>({64, 1, 1})};

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    if (localSize.size() != 3) {
      module.emitError("nvc-lower-kernel-abi: local-size needs 3 values");
      return signalPassFailure();
    }
    std::copy(localSize.begin(), localSize.end(), localSize_.begin());
    OpBuilder b(module.getBodyRegion());
    b.setInsertionPointToStart(module.getBody());
    // Anew after the workgroup size's constants: the insertion point was
    // the module's first op, which createWorkgroupSize may erase (the
    // WorkgroupSize variable of a kernel reading cuda.blockDim).
    Operation *workgroupSize = createWorkgroupSize(b, module);
    b.setInsertionPointAfter(workgroupSize);
    SmallVector<spirv::FuncOp> entries;
    module.walk([&](spirv::FuncOp f) {
      if (f->hasAttr(spirv::getEntryPointABIAttrName()))
        entries.push_back(f);
    });
    if (llvm::any_of(entries,
                     [](spirv::FuncOp f) { return f->hasAttr(abi::kDynamicSharedArgAttr); })) {
      auto bytes = spirv::SpecConstantOp::create(b, module.getLoc(), kDynamicSharedBytesName,
                                                 b.getI32IntegerAttr(0));
      bytes->setAttr("spec_id", b.getI32IntegerAttr(kDynamicSharedBytesSpecId));
    }
    for (spirv::FuncOp f : entries)
      if (failed(lowerEntry(f, module)))
        return signalPassFailure();
  }

  /// The workgroup size's specialization constants, created at `b`, and
  /// the WorkgroupSize builtin variable replaced by them; returns the
  /// composite constant (the last op created).
  Operation *createWorkgroupSize(OpBuilder &b, spirv::ModuleOp module) {
    Location loc = module.getLoc();
    Type i32 = b.getI32Type();
    SmallVector<Attribute> parts;
    const char *names[] = {"nvc_local_size_x", "nvc_local_size_y", "nvc_local_size_z"};
    for (int d = 0; d < 3; ++d) {
      auto sc = spirv::SpecConstantOp::create(b, loc, names[d], b.getI32IntegerAttr(localSize_[d]));
      sc->setAttr("spec_id", b.getI32IntegerAttr(d));
      parts.push_back(SymbolRefAttr::get(b.getContext(), names[d]));
    }
    auto composite = spirv::SpecConstantCompositeOp::create(
        b, loc, VectorType::get({3}, i32), kWorkgroupSizeName, b.getArrayAttr(parts));
    // gpu.block_dim became loads of a WorkgroupSize builtin *variable*, which
    // Vulkan forbids: read the specialization constant composite instead.
    SmallVector<spirv::GlobalVariableOp> builtinVars;
    module.walk([&](spirv::GlobalVariableOp var) {
      if (auto builtin = var->getAttrOfType<StringAttr>("built_in"))
        if (builtin.getValue() == "WorkgroupSize")
          builtinVars.push_back(var);
    });
    for (auto var : builtinVars) {
      SmallVector<spirv::AddressOfOp> uses;
      module.walk([&](spirv::AddressOfOp addr) {
        if (addr.getVariable() == var.getSymName())
          uses.push_back(addr);
      });
      for (auto addr : uses) {
        for (Operation *user : llvm::make_early_inc_range(addr->getUsers())) {
          OpBuilder ub(user);
          auto ref = spirv::ReferenceOfOp::create(ub, user->getLoc(), VectorType::get({3}, i32),
                                                     kWorkgroupSizeName);
          user->getResult(0).replaceAllUsesWith(ref.getResult());
          user->erase();
        }
        addr.erase();
      }
      var.erase();
    }
    return composite;
  }

  LogicalResult lowerEntry(spirv::FuncOp f, spirv::ModuleOp module) {
    MLIRContext *ctx = &getContext();
    Location loc = f.getLoc();
    std::string prefix = f.getSymName().str();
    OpBuilder mb(module.getBodyRegion());
    mb.setInsertionPoint(f);
    Block &entry = f.getBody().front();
    OpBuilder fb(ctx);
    fb.setInsertionPointToStart(&entry);

    // Storage buffers, bindings in argument order; views share their array's.
    std::map<unsigned, unsigned> viewOf; // view argument → array argument
    if (auto pairs = f->getAttrOfType<DenseI32ArrayAttr>(abi::kBufferAliasesAttr))
      for (size_t k = 0; k + 1 < pairs.size(); k += 2)
        viewOf[pairs[k]] = pairs[k + 1];
    std::map<unsigned, unsigned> bindingOf;
    unsigned binding = 0;
    SmallVector<unsigned> scalarArgs;
    std::optional<unsigned> dynamicSharedArg;
    if (auto attr = f->getAttrOfType<IntegerAttr>(abi::kDynamicSharedArgAttr)) {
      dynamicSharedArg = static_cast<unsigned>(attr.getInt());
      BlockArgument arg = entry.getArgument(*dynamicSharedArg);
      auto ref = spirv::ReferenceOfOp::create(fb, loc, arg.getType(), kDynamicSharedBytesName);
      arg.replaceAllUsesWith(ref);
      // 0: the arrays were optimised away (their length may still be read).
      unsigned wordBytes = 0;
      if (auto var = module.lookupSymbol<spirv::GlobalVariableOp>(prefix + "_dynamic_shared")) {
        auto ptr = cast<spirv::PointerType>(var.getType());
        auto wrapper = cast<spirv::StructType>(ptr.getPointeeType());
        auto array = cast<spirv::RuntimeArrayType>(wrapper.getElementType(0));
        wordBytes = array.getElementType().getIntOrFloatBitWidth() / 8;
      }
      f->setAttr(abi::kDynamicSharedWordAttr, fb.getI32IntegerAttr(wordBytes));
      f->removeAttr(abi::kDynamicSharedArgAttr);
    }
    for (unsigned i = 0; i < f.getNumArguments(); ++i) {
      BlockArgument arg = entry.getArgument(i);
      if (i == dynamicSharedArg)
        continue;
      auto ptr = dyn_cast<spirv::PointerType>(arg.getType());
      if (!ptr) {
        scalarArgs.push_back(i);
        continue;
      }
      auto view = viewOf.find(i);
      if (view != viewOf.end() && !bindingOf.count(view->second))
        return f.emitError("buffer view argument ") << i << " precedes its array";
      unsigned b = view != viewOf.end() ? bindingOf[view->second] : binding++;
      bindingOf[i] = b;
      std::string name = prefix + "_arg" + std::to_string(i);
      auto var = spirv::GlobalVariableOp::create(mb, loc, ptr, name, /*descriptorSet=*/0, b);
      auto addr = spirv::AddressOfOp::create(fb, loc, var);
      arg.replaceAllUsesWith(addr);
    }

    // The parameter block.
    if (!scalarArgs.empty()) {
      SmallVector<Type> fieldTypes;
      std::vector<uint32_t> sizes;
      for (unsigned i : scalarArgs) {
        Type t = entry.getArgument(i).getType();
        if (!t.isIntOrFloat())
          return f.emitError("unsupported kernel argument type ") << t;
        fieldTypes.push_back(t);
        sizes.push_back(t.getIntOrFloatBitWidth() / 8);
      }
      ParameterBlockLayout layout = layoutParameterBlock(sizes);
      SmallVector<spirv::StructType::OffsetInfo> offsets(layout.offsets.begin(),
                                                         layout.offsets.end());
      auto blockTy = spirv::StructType::get(fieldTypes, offsets, {},
                                            {spirv::StructType::StructDecorationInfo(
                                                spirv::Decoration::Block, UnitAttr::get(ctx))});
      auto storage = layout.isPushConstant() ? spirv::StorageClass::PushConstant
                                             : spirv::StorageClass::Uniform;
      auto ptrTy = spirv::PointerType::get(blockTy, storage);
      spirv::GlobalVariableOp var;
      if (layout.isPushConstant())
        var = spirv::GlobalVariableOp::create(mb, loc, ptrTy, prefix + "_params");
      else
        var = spirv::GlobalVariableOp::create(mb, loc, ptrTy, prefix + "_params", 0, binding++);
      auto addr = spirv::AddressOfOp::create(fb, loc, var);
      for (unsigned k = 0; k < scalarArgs.size(); ++k) {
        Value idx = spirv::ConstantOp::create(fb, loc, fb.getI32Type(), fb.getI32IntegerAttr(k));
        auto fieldPtr = spirv::AccessChainOp::create(fb, 
            loc, spirv::PointerType::get(fieldTypes[k], storage), addr, ValueRange{idx});
        Value v = spirv::LoadOp::create(fb, loc, fieldPtr);
        entry.getArgument(scalarArgs[k]).replaceAllUsesWith(v);
      }
    }

    // No arguments left.
    llvm::BitVector all(f.getNumArguments(), true);
    if (failed(f.eraseArguments(all)))
      return failure();
    f->removeAttr(spirv::getEntryPointABIAttrName());
    f->removeAttr(abi::kBufferAliasesAttr);

    // Entry point and execution mode.
    std::set<std::string> inputs;
    f.walk([&](spirv::AddressOfOp addr) {
      auto var = module.lookupSymbol<spirv::GlobalVariableOp>(addr.getVariable());
      if (var && cast<spirv::PointerType>(var.getType()).getStorageClass() ==
                     spirv::StorageClass::Input)
        inputs.insert(addr.getVariable().str());
    });
    SmallVector<Attribute> interface;
    for (auto &name : inputs)
      interface.push_back(SymbolRefAttr::get(ctx, name));
    OpBuilder eb(module.getBodyRegion());
    eb.setInsertionPointToEnd(module.getBody());
    spirv::EntryPointOp::create(eb, loc, spirv::ExecutionModel::GLCompute, f, interface);
    spirv::ExecutionModeOp::create(eb, loc, f, spirv::ExecutionMode::LocalSize,
                                      ArrayRef<int32_t>(localSize_.data(), 3));
    return success();
  }

  /// The local-size option's values, for this run.
  std::array<int32_t, 3> localSize_;
};

} // namespace

std::unique_ptr<Pass> createLowerKernelABIPass(std::array<int32_t, 3> defaultLocalSize) {
  auto pass = std::make_unique<LowerKernelABIPass>();
  pass->localSize = ArrayRef<int32_t>(defaultLocalSize);
  return pass;
}

} // namespace nvc
