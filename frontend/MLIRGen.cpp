//===- MLIRGen.cpp - MLIR generation from typed kernels --------------------===//
//
// Walks a typed kernel body and emits gpu/arith/math/memref/cf operations.
// Values are tracked as `Val`s: a scalar is one SSA value of its lowered
// type, a tuple the flattened list of its scalar leaves, and an array a
// handle on its storage buffer and its descriptor (extents, strides and
// element offset, all index-width integers).
//
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGen.h"

#include "frontend/ComplexCodegen.h"
#include "frontend/ComplexMath.h"
#include "frontend/MathCodegen.h"
#include "frontend/TypeRules.h"
#include "passes/DynamicSharedMemory.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlowOps.h>
#include <mlir/Dialect/Func/Extensions/InlinerExtension.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

void registerNvcDialects(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  mlir::func::registerInlinerExtension(registry);
  context.appendDialectRegistry(registry);
  context.loadDialect<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                      mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::math::MathDialect,
                      mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                      mlir::spirv::SPIRVDialect, mlir::ub::UBDialect>();
}

namespace {

/// An array parameter: its buffer and descriptor.
struct ArrayHandle {
  Type type;
  mlir::Value buffer;
  std::vector<mlir::Value> shape, strides;
  mlir::Value offset;
};

/// A generated value: a scalar (one part), a tuple (its flattened scalar
/// leaves) or an array.
struct Val {
  Type type;
  std::vector<mlir::Value> parts;
  const ArrayHandle *array = nullptr;
  mlir::Value scalar() const { return parts.front(); }
};

/// Number of scalar leaves of a (possibly nested) tuple type.
/// A complex number is two leaves (real, imaginary).
size_t leafCount(const Type &t) {
  if (t.isComplex())
    return 2;
  if (!t.isTuple())
    return 1;
  size_t n = 0;
  for (auto &e : t.elements())
    n += leafCount(e);
  return n;
}

/// The device-function specializations that generated code calls: a
/// type-inference specialization (its mangled key) together with the memref
/// types of its array arguments. An array in a storage buffer (a kernel's
/// argument) is the default; private and shared arrays live in other
/// storage classes with static shapes, and MLIR cannot convert between
/// those, so each combination gets a func.func of its own (all are inlined).
class DeviceRequests {
public:
  struct Request {
    std::string key;                      ///< InferenceContext::specializations key
    std::vector<mlir::MemRefType> arrays; ///< one per array parameter, in order
  };

  /// The func.func name that calls `key` with arrays of `arrays`' types
  /// (`key` itself when all are storage buffers).
  std::string request(const std::string &key, const std::vector<mlir::MemRefType> &arrays,
                      bool allStorageBuffers) {
    std::string name = key;
    if (!allStorageBuffers) {
      unsigned n = 0;
      for (;; ++n) {
        name = key + "__mem" + std::to_string(n);
        auto it = byName_.find(name);
        if (it == byName_.end() || it->second.arrays == arrays)
          break;
      }
    }
    byName_.emplace(name, Request{key, allStorageBuffers ? std::vector<mlir::MemRefType>{} : arrays});
    return name;
  }

  const std::map<std::string, Request> &all() const { return byName_; }

private:
  std::map<std::string, Request> byName_;
};

class Generator {
public:
  /// `requested` collects the device-function specializations this
  /// function calls, for generateMLIR to emit.
  Generator(mlir::MLIRContext &ctx, const SourceFile &file, const TypedKernel &kernel,
            const ModuleLowering &lowering, const InferenceContext &inference,
            DeviceRequests &requested)
      : ctx_(ctx), file_(file), k_(kernel), b_(&ctx), indexBits_(lowering.indexBits),
        intBits_(lowering.intBits),
        narrowFloats_(lowering.narrowFloats), float32Storage_(lowering.float32Storage),
        inference_(inference), requested_(requested) {}

  /// Emits a device-function specialization as a private func.func taking
  /// each scalar leaf, and for each array its buffer and descriptor, and
  /// returning the scalar leaves of its result. The pipeline inlines it.
  /// `arrays`: the memref type of each array parameter, in order (empty:
  /// all storage buffers).
  void generateDevice(mlir::OpBuilder &moduleBuilder, const std::string &name,
                      const std::vector<mlir::MemRefType> &arrays = {}) {
    const ast::FunctionDef &def = *k_.def;
    std::vector<mlir::Type> inputs;
    size_t arrayIdx = 0;
    for (auto &t : k_.signature.params)
      appendArgumentTypes(t, inputs,
                          t.isArray() && !arrays.empty() ? arrays[arrayIdx++] : nullptr);
    std::vector<mlir::Type> results = leafTypes(k_.returnType);
    auto func = mlir::func::FuncOp::create(moduleBuilder, loc(def.getLoc()), name,
                                                          b_.getFunctionType(inputs, results));
    func.setPrivate();
    entry_ = func.addEntryBlock();
    b_.setInsertionPointToStart(entry_);
    unsigned argIdx = 0;
    for (size_t i = 0; i < k_.signature.params.size(); ++i) {
      const Type &t = k_.signature.params[i];
      const std::string &pname = def.params[i].name;
      if (t.isArray()) {
        auto handle = std::make_unique<ArrayHandle>();
        handle->type = t;
        handle->buffer = entry_->getArgument(argIdx++);
        handle->offset = entry_->getArgument(argIdx++);
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->shape.push_back(entry_->getArgument(argIdx++));
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->strides.push_back(entry_->getArgument(argIdx++));
        arrays_[pname] = std::move(handle);
      } else {
        Val v{t, {}};
        for (size_t k = 0; k < leafCount(t); ++k)
          v.parts.push_back(entry_->getArgument(argIdx++));
        declareLocal(pname, t, def.params[i].loc);
        storeLocal(pname, v, def.params[i].loc);
      }
    }
    exit_ = new mlir::Block();
    for (auto t : results)
      exit_->addArgument(t, loc(def.getLoc()));
    try {
      block(def.body);
    } catch (...) {
      // A CompileError leaves the exit block unlinked: hand it to the
      // function so that it is freed with the module.
      func.getBody().push_back(exit_);
      throw;
    }
    if (!terminated()) {
      // Falling off the end returns None; in a function that returns a
      // value that path's result is undefined (type inference made every
      // return statement agree).
      std::vector<mlir::Value> undef;
      for (auto t : results)
        undef.push_back(mlir::ub::PoisonOp::create(b_, loc(def.getLoc()), t));
      mlir::cf::BranchOp::create(b_, loc(def.getLoc()), exit_, undef);
    }
    func.getBody().push_back(exit_);
    b_.setInsertionPointToEnd(exit_);
    std::vector<mlir::Value> values(exit_->getArguments().begin(), exit_->getArguments().end());
    mlir::func::ReturnOp::create(b_, loc(def.getLoc()), values);
  }

  mlir::func::FuncOp generate(mlir::OpBuilder &moduleBuilder, const std::string &entryName,
                              EntryPointABI &abi) {
    const ast::FunctionDef &def = *k_.def;
    const Signature &sig = k_.signature;
    abi.entryName = entryName;
    abi.functionName = def.name;
    abi.indexBits = indexBits_;
    abi_ = &abi;

    // Function type: user scalars, buffers, then array descriptors.
    std::vector<mlir::Type> scalarTys, bufferTys, descTys;
    for (size_t i = 0; i < sig.params.size(); ++i) {
      const Type &t = sig.params[i];
      ArgumentABI arg;
      arg.name = def.params[i].name;
      arg.dtype = t.isArray() ? t.element() : t;
      if (t.isArray()) {
        arg.isArray = true;
        arg.ndim = t.ndim();
        arg.layout = t.layout();
        arg.access = k_.access[i];
        arg.deviceDtype = storageType(t.element());
        bufferTys.push_back(bufferMemRefType(t.element()));
        for (unsigned d = 0; d < 2 * t.ndim() + 1; ++d)
          descTys.push_back(indexType());
      } else if (t.isComplex()) {
        arg.deviceDtype = storageType(t);
        scalarTys.push_back(memoryType(arg.deviceDtype.complexPart()));
        scalarTys.push_back(memoryType(arg.deviceDtype.complexPart()));
      } else if (t.isNumber()) {
        // A scalar narrower than 32 bits travels in a 4-byte field, sign- or
        // zero-extended (docs/manifest.md); its device_dtype stays its dtype.
        arg.deviceDtype = storageType(t);
        scalarTys.push_back(memoryType(paramFieldType(t)));
      } else {
        throw CompileError(def.params[i].loc,
                           fmt::format("parameters of type {} are not supported", t.str()));
      }
      abi.arguments.push_back(arg);
    }
    std::vector<mlir::Type> inputs = scalarTys;
    inputs.insert(inputs.end(), bufferTys.begin(), bufferTys.end());
    inputs.insert(inputs.end(), descTys.begin(), descTys.end());

    auto func = mlir::func::FuncOp::create(moduleBuilder, loc(def.getLoc()), entryName,
                                                          b_.getFunctionType(inputs, {}));
    func->setAttr("nvc.kernel", b_.getUnitAttr());
    func->setAttr("nvc.python_name", b_.getStringAttr(def.name));
    if (k_.fastmath)
      func->setAttr("nvc.fastmath", b_.getUnitAttr());
    if (k_.coarsen)
      func->setAttr("nvc.coarsen_request", b_.getI32IntegerAttr(k_.coarsen));
    // Array extents, strides and offsets are never negative (the runtime
    // passes dense device copies); FoldRangeChecks folds sign tests with it.
    for (size_t i = scalarTys.size() + bufferTys.size(); i < inputs.size(); ++i)
      func.setArgAttr(i, "nvc.non_negative", b_.getUnitAttr());
    entry_ = func.addEntryBlock();
    b_.setInsertionPointToStart(entry_);

    // Bind parameters.
    unsigned scalarIdx = 0, bufferIdx = scalarTys.size(),
             descIdx = scalarTys.size() + bufferTys.size();
    for (size_t i = 0; i < sig.params.size(); ++i) {
      const Type &t = sig.params[i];
      const std::string &name = def.params[i].name;
      if (t.isArray()) {
        auto handle = std::make_unique<ArrayHandle>();
        handle->type = t;
        handle->buffer = entry_->getArgument(bufferIdx++);
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->shape.push_back(entry_->getArgument(descIdx++));
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->strides.push_back(entry_->getArgument(descIdx++));
        handle->offset = entry_->getArgument(descIdx++);
        if (t.layout() == 'C' || t.layout() == 'F')
          deriveContiguousStrides(*handle, loc(def.getLoc()));
        arrays_[name] = std::move(handle);
      } else if (t.isComplex()) {
        mlir::Location pl = loc(def.params[i].loc);
        mlir::Value re = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
        mlir::Value im = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
        Val val{t, {re, im}};
        declareLocal(name, t, def.params[i].loc);
        storeLocal(name, val, def.params[i].loc);
      } else {
        mlir::Value v = entry_->getArgument(scalarIdx++);
        v = fromParamField(v, t, loc(def.params[i].loc));
        Val val{t, {v}};
        declareLocal(name, t, def.params[i].loc);
        storeLocal(name, val, def.params[i].loc);
      }
    }

    exit_ = new mlir::Block();
    try {
      block(def.body);
    } catch (...) {
      // A CompileError leaves the exit block unlinked: hand it to the
      // function so that it is freed with the module.
      func.getBody().push_back(exit_);
      throw;
    }
    if (!terminated())
      mlir::cf::BranchOp::create(b_, loc(def.getLoc()), exit_);
    func.getBody().push_back(exit_);
    b_.setInsertionPointToEnd(exit_);
    mlir::func::ReturnOp::create(b_, loc(def.getLoc()));
    return func;
  }

  /// Emits the fused entry point of `chain` (docs/language.md, "Launch
  /// chains"): its parameters are the chain's, typed by the kernel
  /// parameters they are passed to; its body calls each launched kernel,
  /// emitted as a private function `__chain_<chain>_<k>_<kernel>` that the
  /// pipeline inlines, in launch order. An intermediate is a StorageBuffer
  /// memref.alloca marked `nvc.chain_intermediate`, which the
  /// ChainIntermediates pass turns into one private scalar after checking
  /// that each invocation touches only its own element. `calls` receives
  /// the (function name, kernel) pairs to emit.
  mlir::func::FuncOp
  generateChain(mlir::OpBuilder &moduleBuilder, const LaunchChain &chain,
                const std::map<std::string, const TypedKernel *> &kernelsByEntry,
                EntryPointABI &abi,
                std::vector<std::pair<std::string, const TypedKernel *>> &calls) {
    const ast::FunctionDef &def = *chain.def;
    if (kernelsByEntry.count(def.name))
      fail(def.getLoc(), fmt::format("the chain '{}' has the name of a kernel; entry points "
                                     "of a file must have distinct names",
                                     def.name));
    // Type every name from the kernel parameters it is passed to.
    std::map<std::string, Type> types;
    std::map<std::string, ArrayAccess> access;
    std::map<std::string, std::vector<size_t>> launchesOf; // array name -> launches
    std::vector<const TypedKernel *> launched;
    bool allFastmath = true;
    for (size_t li = 0; li < chain.launches.size(); ++li) {
      const LaunchChain::Launch &launch = chain.launches[li];
      auto it = kernelsByEntry.find(launch.kernel);
      if (it == kernelsByEntry.end())
        fail(launch.loc, fmt::format("'{}' is not a kernel of this file (a chain launches "
                                     "the file's @cuda.jit or @nv.jit kernels, typed by "
                                     "their first signature)",
                                     launch.kernel));
      const TypedKernel &k = *it->second;
      launched.push_back(&k);
      allFastmath = allFastmath && k.fastmath;
      if (!k.sharedArrays.empty())
        fail(launch.loc, fmt::format("kernel '{}' uses shared memory; a chain fuses only "
                                     "element-wise kernels",
                                     launch.kernel));
      if (launch.args.size() != k.signature.params.size())
        fail(launch.loc, fmt::format("kernel '{}' takes {} arguments but this launch passes {}",
                                     launch.kernel, k.signature.params.size(),
                                     launch.args.size()));
      for (size_t a = 0; a < launch.args.size(); ++a) {
        const std::string &name = launch.args[a];
        const Type &t = k.signature.params[a];
        auto [tIt, inserted] = types.emplace(name, t);
        if (!inserted && !(tIt->second == t))
          fail(launch.argLocs[a],
               fmt::format("'{}' is passed as {} here but as {} earlier in the chain", name,
                           t.str(), tIt->second.str()));
        if (t.isArray()) {
          access[name].read |= k.access[a].read;
          access[name].written |= k.access[a].written;
          launchesOf[name].push_back(li);
        }
      }
    }
    std::set<std::string> intermediateNames;
    for (auto &im : chain.intermediates) {
      intermediateNames.insert(im.name);
      auto t = types.find(im.name);
      if (t == types.end() || !t->second.isArray())
        fail(im.loc, fmt::format("intermediate '{}' is not passed to a kernel as an array",
                                 im.name));
      auto like = types.find(im.like);
      if (like == types.end() || !like->second.isArray() || like->second.ndim() != 1 ||
          t->second.ndim() != 1 || !(like->second.element() == t->second.element()))
        fail(im.loc, fmt::format("intermediate '{}' must be like a one-dimensional array "
                                 "parameter of the same dtype as the kernels take it ({})",
                                 im.name, t->second.str()));
      if (t->second.element().isComplex())
        fail(im.loc, fmt::format("intermediate '{}' is complex; a chain's intermediates must "
                                 "be real or integer arrays",
                                 im.name));
    }
    // Values flow between launches only through intermediates, whose
    // accesses the ChainIntermediates pass checks: another array that one
    // launch writes may not be passed to a second launch (it would be read
    // or overwritten by other invocations before the first launch ended).
    for (auto &[name, ls] : launchesOf)
      if (!intermediateNames.count(name) && access[name].written && ls.size() > 1) {
        const LaunchChain::Launch &second = chain.launches[ls[1]];
        size_t a = std::find(second.args.begin(), second.args.end(), name) - second.args.begin();
        fail(second.argLocs[a],
             fmt::format("'{}' is written by one launch of the chain and passed to another; "
                         "make it an intermediate (cuda.device_array_like) or launch the "
                         "kernels separately",
                         name));
      }

    abi.entryName = def.name;
    abi.functionName = def.name;
    abi.indexBits = indexBits_;
    abi_ = &abi;
    std::vector<mlir::Type> scalarTys, bufferTys, descTys;
    for (auto &p : def.params) {
      auto tIt = types.find(p.name);
      if (tIt == types.end())
        fail(p.loc, fmt::format("parameter '{}' of the chain is not passed to any launch",
                                p.name));
      const Type &t = tIt->second;
      ArgumentABI arg;
      arg.name = p.name;
      arg.dtype = t.isArray() ? t.element() : t;
      if (t.isArray()) {
        arg.isArray = true;
        arg.ndim = t.ndim();
        arg.layout = t.layout();
        arg.access = access[p.name];
        arg.deviceDtype = storageType(t.element());
        bufferTys.push_back(bufferMemRefType(t.element()));
        for (unsigned d = 0; d < 2 * t.ndim() + 1; ++d)
          descTys.push_back(indexType());
      } else if (t.isComplex()) {
        arg.deviceDtype = storageType(t);
        scalarTys.push_back(memoryType(arg.deviceDtype.complexPart()));
        scalarTys.push_back(memoryType(arg.deviceDtype.complexPart()));
      } else if (t.isNumber()) {
        // A scalar narrower than 32 bits travels in a 4-byte field, sign- or
        // zero-extended (docs/manifest.md); its device_dtype stays its dtype.
        arg.deviceDtype = storageType(t);
        scalarTys.push_back(memoryType(paramFieldType(t)));
      } else {
        fail(p.loc, fmt::format("parameters of type {} are not supported", t.str()));
      }
      abi.arguments.push_back(arg);
    }
    std::vector<mlir::Type> inputs = scalarTys;
    inputs.insert(inputs.end(), bufferTys.begin(), bufferTys.end());
    inputs.insert(inputs.end(), descTys.begin(), descTys.end());
    mlir::Location fl = loc(def.getLoc());
    auto func = mlir::func::FuncOp::create(moduleBuilder, fl, def.name,
                                                          b_.getFunctionType(inputs, {}));
    func->setAttr("nvc.kernel", b_.getUnitAttr());
    func->setAttr("nvc.chain", b_.getUnitAttr());
    func->setAttr("nvc.python_name", b_.getStringAttr(def.name));
    if (allFastmath)
      func->setAttr("nvc.fastmath", b_.getUnitAttr());
    // Fused, a launch that writes an array runs alongside the others'
    // accesses to their arrays instead of after them: exact only if those
    // are different memory (nvc's no-alias rule, docs/language.md).
    std::set<size_t> writers, users;
    for (auto &[name, ls] : launchesOf)
      if (!intermediateNames.count(name)) {
        users.insert(ls.begin(), ls.end());
        if (access[name].written)
          writers.insert(ls.front());
      }
    bool otherLaunchAccesses = false;
    for (size_t w : writers)
      for (size_t u : users)
        otherLaunchAccesses |= u != w;
    if (otherLaunchAccesses)
      func->setAttr("nvc.assumes_no_alias", b_.getUnitAttr());
    entry_ = func.addEntryBlock();
    b_.setInsertionPointToStart(entry_);

    std::map<std::string, Val> scalars;
    unsigned scalarIdx = 0, bufferIdx = scalarTys.size(),
             descIdx = scalarTys.size() + bufferTys.size();
    for (auto &p : def.params) {
      const Type &t = types.at(p.name);
      mlir::Location pl = loc(p.loc);
      if (t.isArray()) {
        auto handle = std::make_unique<ArrayHandle>();
        handle->type = t;
        handle->buffer = entry_->getArgument(bufferIdx++);
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->shape.push_back(entry_->getArgument(descIdx++));
        for (unsigned d = 0; d < t.ndim(); ++d)
          handle->strides.push_back(entry_->getArgument(descIdx++));
        handle->offset = entry_->getArgument(descIdx++);
        if (t.layout() == 'C' || t.layout() == 'F')
          deriveContiguousStrides(*handle, pl);
        arrays_[p.name] = std::move(handle);
      } else if (t.isComplex()) {
        mlir::Value re = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
        mlir::Value im = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
        scalars[p.name] = Val{t, {re, im}};
      } else {
        mlir::Value v = fromParamField(entry_->getArgument(scalarIdx++), t, pl);
        scalars[p.name] = Val{t, {v}};
      }
    }
    for (auto &im : chain.intermediates) {
      const Type &t = types.at(im.name);
      const ArrayHandle &like = *arrays_.at(im.like);
      mlir::Location il = loc(im.loc);
      auto handle = std::make_unique<ArrayHandle>();
      handle->type = t;
      mlir::Value slots = like.shape[0];
      if (t.element().isComplex())
        slots = mlir::arith::MulIOp::create(b_, il, slots, intConst(2, indexType(), il));
      slots = mlir::arith::IndexCastOp::create(b_, il, b_.getIndexType(), slots);
      auto alloca = mlir::memref::AllocaOp::create(b_, il, bufferMemRefType(t.element()),
                                                       mlir::ValueRange{slots});
      alloca->setAttr("nvc.chain_intermediate", b_.getStringAttr(im.name));
      handle->buffer = alloca;
      handle->offset = intConst(0, indexType(), il);
      handle->shape.push_back(like.shape[0]);
      handle->strides.push_back(intConst(1, indexType(), il));
      arrays_[im.name] = std::move(handle);
    }
    for (size_t li = 0; li < chain.launches.size(); ++li) {
      const LaunchChain::Launch &launch = chain.launches[li];
      const TypedKernel &k = *launched[li];
      std::string callee = fmt::format("__chain_{}_{}_{}", def.name, li, launch.kernel);
      calls.emplace_back(callee, &k);
      std::vector<mlir::Value> operands;
      for (size_t a = 0; a < launch.args.size(); ++a) {
        if (k.signature.params[a].isArray()) {
          const ArrayHandle &h = *arrays_.at(launch.args[a]);
          operands.push_back(h.buffer);
          operands.push_back(h.offset);
          operands.insert(operands.end(), h.shape.begin(), h.shape.end());
          operands.insert(operands.end(), h.strides.begin(), h.strides.end());
        } else {
          const Val &v = scalars.at(launch.args[a]);
          operands.insert(operands.end(), v.parts.begin(), v.parts.end());
        }
      }
      mlir::func::CallOp::create(b_, loc(launch.loc), callee, mlir::TypeRange{}, operands);
    }
    mlir::func::ReturnOp::create(b_, fl);
    return func;
  }

private:
  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  mlir::Type indexType() { return b_.getIntegerType(indexBits_); }

  /// Lowered types of the scalar leaves of `t` (none for none).
  std::vector<mlir::Type> leafTypes(const Type &t) {
    std::vector<mlir::Type> out;
    if (t.kind() == Type::Kind::None)
      return out;
    std::vector<Type> leaves;
    flattenTypes(t, leaves);
    for (auto &leaf : leaves)
      out.push_back(lowerScalar(leaf));
    return out;
  }

  /// A device function's parameters of type `t`: its scalar leaves, or an
  /// array's buffer, offset, extents and strides.
  void appendArgumentTypes(const Type &t, std::vector<mlir::Type> &out,
                           mlir::MemRefType buffer = nullptr) {
    if (t.isArray()) {
      out.push_back(buffer ? buffer : bufferMemRefType(t.element()));
      for (unsigned k = 0; k < 2 * t.ndim() + 1; ++k)
        out.push_back(indexType());
      return;
    }
    for (auto leaf : leafTypes(t))
      out.push_back(leaf);
  }

  /// A call of a device-function specialization: arguments flattened as
  /// appendArgumentTypes lays them out.
  Val userCall(const ast::Call &c) {
    mlir::Location l = loc(c.getLoc());
    const std::string &key = k_.callees.at(&c);
    const TypedKernel &spec = *inference_.specializations.at(key);
    std::vector<mlir::Value> operands;
    std::vector<mlir::MemRefType> arrays;
    bool allStorageBuffers = true;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const Type &pt = spec.signature.params[i];
      Val v = expr(*c.args[i]);
      if (pt.isArray()) {
        const ArrayHandle &a = *v.array;
        auto type = mlir::cast<mlir::MemRefType>(a.buffer.getType());
        arrays.push_back(type);
        allStorageBuffers &= type == bufferMemRefType(pt.element());
        operands.push_back(a.buffer);
        operands.push_back(a.offset);
        operands.insert(operands.end(), a.shape.begin(), a.shape.end());
        operands.insert(operands.end(), a.strides.begin(), a.strides.end());
      } else {
        Val conv = convert(v, pt, c.args[i]->getLoc());
        operands.insert(operands.end(), conv.parts.begin(), conv.parts.end());
      }
    }
    std::string callee = requested_.request(key, arrays, allStorageBuffers);
    auto call = mlir::func::CallOp::create(b_, l, callee, leafTypes(spec.returnType), operands);
    Val out{spec.returnType, {}};
    for (auto r : call.getResults())
      out.parts.push_back(r);
    return out;
  }

  /// Integer width inside the kernel: 64-bit integers become 32-bit where
  /// the module's integers are 32-bit (ModuleLowering::intBits: @nv.jit's
  /// default, 004_…txt "Integer and float width"; narrow=True).
  unsigned intBits(const Type &t) const {
    return t.bits() == 64 && intBits_ == 32 ? 32 : t.bits();
  }

  mlir::Type lowerScalar(const Type &t) {
    if (t.isBoolean())
      return b_.getI1Type();
    if (t.isInteger())
      return b_.getIntegerType(intBits(t));
    if (t.isFloat())
      return t.bits() == 32 || narrowFloats_ ? mlir::Type(b_.getF32Type())
                                               : mlir::Type(b_.getF64Type());
    throw CompileError({}, "internal error: no MLIR type for " + t.str());
  }

  /// The MLIR type of a scalar in memory (buffers, the parameter block):
  /// what the host wrote, before any float narrowing.
  mlir::Type memoryType(const Type &t) {
    if (t.isFloat())
      return t.bits() == 32 ? mlir::Type(b_.getF32Type()) : mlir::Type(b_.getF64Type());
    if (t.isBoolean())
      return b_.getI8Type();
    return b_.getIntegerType(t.bits());
  }

  /// Converts a float read from memory to the compute width, or back.
  mlir::Value toWidth(mlir::Value v, mlir::Type want, mlir::Location l) {
    if (v.getType() == want || !llvm::isa<mlir::FloatType>(want))
      return v;
    if (v.getType().getIntOrFloatBitWidth() < want.getIntOrFloatBitWidth())
      return mlir::arith::ExtFOp::create(b_, l, want, v);
    return mlir::arith::TruncFOp::create(b_, l, want, v);
  }

  /// Element type an array of `dtype` has on the device.
  Type storageType(const Type &dtype) const {
    if (dtype.isInteger() && dtype.bits() == 64 && intBits_ == 32)
      return Type::integer(32, dtype.isSigned());
    if (float32Storage_ && dtype.isFloat() && dtype.bits() == 64)
      return Type::floating(32);
    if (float32Storage_ && dtype.isComplex() && dtype.bits() == 128)
      return Type::complex(64);
    return dtype;
  }

  /// Type of a scalar parameter's field in the parameter block: at least
  /// 32 bits, narrowed like everything else.
  Type paramFieldType(const Type &t) const {
    if (t.isFloat())
      return storageType(t);
    if (t.isBoolean() || t.bits() < 32)
      return Type::integer(32, !t.isInteger() || t.isSigned());
    return storageType(t);
  }

  mlir::MemRefType bufferMemRefType(const Type &dtype) {
    Type st = storageType(dtype);
    if (st.isComplex())
      st = st.complexPart(); // interleaved (real, imaginary) pairs, as NumPy
    mlir::Type elem = memoryType(st);
    return mlir::MemRefType::get(
        {mlir::ShapedType::kDynamic}, elem, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::StorageBuffer));
  }

  mlir::Value fromParamField(mlir::Value v, const Type &t, mlir::Location l) {
    if (t.isBoolean())
      return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                            intConst(0, v.getType(), l));
    mlir::Type want = lowerScalar(t);
    if (t.isFloat())
      return toWidth(v, want, l);
    if (want != v.getType())
      return mlir::arith::TruncIOp::create(b_, l, want, v);
    return v;
  }

  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  mlir::Location loc(ast::Location l) {
    const SourceFile &src = k_.source ? *k_.source : file_;
    return mlir::FileLineColLoc::get(&ctx_, src.path(), l.line, l.col);
  }

  [[noreturn]] void fail(ast::Location l, const std::string &msg) { throw CompileError(l, msg); }

  bool terminated() {
    mlir::Block *block = b_.getInsertionBlock();
    return !block->empty() && block->back().hasTrait<mlir::OpTrait::IsTerminator>();
  }

  /// Starts a new block (for code after a break/continue/return, which is
  /// unreachable and removed by canonicalization).
  mlir::Block *newBlock() {
    mlir::Region *region = entry_->getParent();
    auto *block = new mlir::Block();
    region->push_back(block);
    return block;
  }

  mlir::Value intConst(int64_t v, mlir::Type t, mlir::Location l) {
    return mlir::arith::ConstantOp::create(b_, l, b_.getIntegerAttr(t, v));
  }

  mlir::Value floatConst(double v, mlir::Type t, mlir::Location l) {
    return mlir::arith::ConstantOp::create(b_, l, b_.getFloatAttr(t, v));
  }

  const Type &typeOf(const ast::Expr &e) {
    const Type &t = k_.typeOf(&e);
    if (t.isUnknown())
      fail(e.getLoc(), "cannot determine the type of this expression (is a variable used "
                       "before it is assigned?)");
    return t;
  }

  void deriveContiguousStrides(ArrayHandle &a, mlir::Location l) {
    unsigned n = a.type.ndim();
    mlir::Value one = intConst(1, indexType(), l);
    if (a.type.layout() == 'C') {
      a.strides[n - 1] = one;
      for (int d = static_cast<int>(n) - 2; d >= 0; --d)
        a.strides[d] = mlir::arith::MulIOp::create(b_, l, a.strides[d + 1], a.shape[d + 1]);
    } else {
      a.strides[0] = one;
      for (unsigned d = 1; d < n; ++d)
        a.strides[d] = mlir::arith::MulIOp::create(b_, l, a.strides[d - 1], a.shape[d - 1]);
    }
  }

  //===--------------------------------------------------------------------===//
  // Locals
  //===--------------------------------------------------------------------===//

  struct Local {
    Type type;
    std::vector<mlir::Value> slots; ///< one alloca per scalar leaf
  };

  void flattenTypes(const Type &t, std::vector<Type> &out) {
    if (t.isComplex()) {
      out.push_back(t.complexPart());
      out.push_back(t.complexPart());
    } else if (t.isTuple())
      for (auto &e : t.elements())
        flattenTypes(e, out);
    else
      out.push_back(t);
  }

  void declareLocal(const std::string &name, const Type &t, ast::Location at) {
    if (locals_.count(name))
      return;
    Local local;
    local.type = t;
    std::vector<Type> leaves;
    flattenTypes(t, leaves);
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    for (auto &leaf : leaves) {
      if (!leaf.isNumber())
        fail(at, fmt::format("variables of type {} are not supported", t.str()));
      auto memrefTy = mlir::MemRefType::get(
          {}, lowerScalar(leaf), mlir::MemRefLayoutAttrInterface(),
          mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
      local.slots.push_back(mlir::memref::AllocaOp::create(b_, loc(at), memrefTy));
    }
    locals_[name] = std::move(local);
  }

  void storeArrayLocal(const std::string &name, const ArrayHandle &a, ast::Location at) {
    auto it = arrayLocals_.find(name);
    if (it == arrayLocals_.end()) {
      ArrayLocal local;
      local.type = k_.varTypes.at(name);
      local.buffer = a.buffer;
      auto slotTy = mlir::MemRefType::get(
          {}, indexType(), mlir::MemRefLayoutAttrInterface(),
          mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      for (unsigned k = 0; k < 2 * a.type.ndim() + 1; ++k)
        local.slots.push_back(mlir::memref::AllocaOp::create(b_, loc(at), slotTy));
      it = arrayLocals_.emplace(name, std::move(local)).first;
    }
    if (it->second.buffer != a.buffer)
      fail(at, "a variable can only hold views of one array");
    std::vector<mlir::Value> desc = {a.offset};
    desc.insert(desc.end(), a.shape.begin(), a.shape.end());
    desc.insert(desc.end(), a.strides.begin(), a.strides.end());
    for (size_t k = 0; k < desc.size(); ++k)
      mlir::memref::StoreOp::create(b_, loc(at), desc[k], it->second.slots[k]);
  }

  Val loadArrayLocal(const std::string &name, ast::Location at) {
    ArrayLocal &local = arrayLocals_.at(name);
    ArrayHandle &v = views_.emplace_back();
    v.type = local.type;
    v.buffer = local.buffer;
    unsigned n = local.type.ndim();
    std::vector<mlir::Value> desc;
    for (auto slot : local.slots)
      desc.push_back(mlir::memref::LoadOp::create(b_, loc(at), slot));
    v.offset = desc[0];
    v.shape.assign(desc.begin() + 1, desc.begin() + 1 + n);
    v.strides.assign(desc.begin() + 1 + n, desc.end());
    Val out{v.type, {}};
    out.array = &v;
    return out;
  }

  void storeLocal(const std::string &name, const Val &v, ast::Location at) {
    Local &local = locals_.at(name);
    Val conv = convert(v, local.type, at);
    for (size_t i = 0; i < local.slots.size(); ++i)
      mlir::memref::StoreOp::create(b_, loc(at), conv.parts[i], local.slots[i]);
  }

  Val loadLocal(const std::string &name, ast::Location at) {
    Local &local = locals_.at(name);
    Val v{local.type, {}};
    for (auto slot : local.slots)
      v.parts.push_back(mlir::memref::LoadOp::create(b_, loc(at), slot));
    return v;
  }

  //===--------------------------------------------------------------------===//
  // Conversions
  //===--------------------------------------------------------------------===//

  mlir::Value convertScalar(mlir::Value v, const Type &from, const Type &to, ast::Location at) {
    mlir::Location l = loc(at);
    if (from == to)
      return v;
    mlir::Type target = lowerScalar(to);
    if (to.isBoolean())
      return truth(v, from, at);
    if (from.isBoolean()) {
      if (to.isFloat())
        return mlir::arith::UIToFPOp::create(b_, l, target, v);
      return mlir::arith::ExtUIOp::create(b_, l, target, v);
    }
    if (from.isInteger() && to.isInteger()) {
      unsigned fb = v.getType().getIntOrFloatBitWidth(), tb = target.getIntOrFloatBitWidth();
      if (fb == tb)
        return v;
      if (fb > tb)
        return mlir::arith::TruncIOp::create(b_, l, target, v);
      if (from.isSigned())
        return mlir::arith::ExtSIOp::create(b_, l, target, v);
      return mlir::arith::ExtUIOp::create(b_, l, target, v);
    }
    if (from.isInteger() && to.isFloat()) {
      if (from.isSigned())
        return mlir::arith::SIToFPOp::create(b_, l, target, v);
      return mlir::arith::UIToFPOp::create(b_, l, target, v);
    }
    if (from.isFloat() && to.isInteger()) {
      if (to.isSigned())
        return mlir::arith::FPToSIOp::create(b_, l, target, v);
      return mlir::arith::FPToUIOp::create(b_, l, target, v);
    }
    if (from.isFloat() && to.isFloat())
      return toWidth(v, target, l); // equal widths when float64 is narrowed
    fail(at, fmt::format("cannot convert {} to {}", from.str(), to.str()));
  }

  Val convert(const Val &v, const Type &to, ast::Location at) {
    if (v.type == to)
      return v;
    if (v.type.isTuple() || to.isTuple()) {
      if (!v.type.isTuple() || !to.isTuple() ||
          v.type.elements().size() != to.elements().size())
        fail(at, fmt::format("cannot convert {} to {}", v.type.str(), to.str()));
      Val out{to, {}};
      size_t pos = 0;
      for (size_t i = 0; i < to.elements().size(); ++i) {
        const Type &fe = v.type.elements()[i];
        size_t n = leafCount(fe);
        Val part{fe, std::vector<mlir::Value>(v.parts.begin() + pos, v.parts.begin() + pos + n)};
        Val c = convert(part, to.elements()[i], at);
        out.parts.insert(out.parts.end(), c.parts.begin(), c.parts.end());
        pos += n;
      }
      return out;
    }
    if (to.isComplex()) {
      Type part = to.complexPart();
      if (v.type.isComplex())
        return Val{to, {convertScalar(v.parts[0], v.type.complexPart(), part, at),
                        convertScalar(v.parts[1], v.type.complexPart(), part, at)}};
      if (v.type.isNumber())
        return Val{to, {convertScalar(v.scalar(), v.type, part, at),
                        floatConst(0, lowerScalar(part), loc(at))}};
    }
    if (!v.type.isNumber() || !to.isNumber())
      fail(at, fmt::format("cannot convert {} to {}", v.type.str(), to.str()));
    return Val{to, {convertScalar(v.scalar(), v.type, to, at)}};
  }

  /// Python truthiness of any scalar value, complex included.
  mlir::Value truthOf(const Val &v, ast::Location at) {
    if (!v.type.isComplex())
      return truth(v.scalar(), v.type, at);
    Type part = v.type.complexPart();
    return mlir::arith::OrIOp::create(b_, loc(at), truth(v.parts[0], part, at),
                                         truth(v.parts[1], part, at));
  }

  /// Python truthiness of a scalar: x != 0.
  mlir::Value truth(mlir::Value v, const Type &t, ast::Location at) {
    mlir::Location l = loc(at);
    if (t.isBoolean())
      return v;
    if (t.isFloat())
      return mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::UNE, v,
                                            floatConst(0, v.getType(), l));
    if (t.isInteger())
      return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                            intConst(0, v.getType(), l));
    fail(at, fmt::format("{} has no truth value", t.str()));
  }

  mlir::Value condition(const ast::Expr &e) {
    Val v = expr(e);
    return truthOf(v, e.getLoc());
  }

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  struct LoopTargets {
    mlir::Block *breakTo, *continueTo;
  };

  void block(const ast::Block &stmts) {
    for (auto &s : stmts) {
      if (terminated())
        b_.setInsertionPointToEnd(newBlock());
      stmt(*s);
    }
  }

  void assign(const ast::Expr &target, const Val &v, ast::Location at) {
    if (auto *name = dyn_cast<ast::Name>(&target)) {
      if (v.array) {
        storeArrayLocal(name->id, *v.array, at);
        return;
      }
      declareLocal(name->id, k_.varTypes.at(name->id), name->getLoc());
      storeLocal(name->id, v, at);
      return;
    }
    if (auto *tuple = dyn_cast<ast::Tuple>(&target)) {
      size_t pos = 0;
      for (size_t i = 0; i < tuple->elts.size(); ++i) {
        const Type &et = v.type.elements()[i];
        size_t n = leafCount(et);
        Val part{et, std::vector<mlir::Value>(v.parts.begin() + pos, v.parts.begin() + pos + n)};
        assign(*tuple->elts[i], part, at);
        pos += n;
      }
      return;
    }
    if (auto *sub = dyn_cast<ast::Subscript>(&target)) {
      auto [array, index] = elementAddress(*sub);
      Type dtype = array->type.element();
      if (typeOf(*sub).isArray()) {
        // A tuple assigned to a row: item j to element j of the row.
        mlir::Location l = loc(at);
        size_t pos = 0;
        for (size_t j = 0; j < v.type.elements().size(); ++j) {
          const Type &et = v.type.elements()[j];
          size_t n = leafCount(et);
          Val part{et, std::vector<mlir::Value>(v.parts.begin() + pos, v.parts.begin() + pos + n)};
          pos += n;
          mlir::Value linear = mlir::arith::AddIOp::create(b_, 
              l, index,
              mlir::arith::MulIOp::create(b_, l, intConst(static_cast<int64_t>(j), indexType(), l),
                                             array->strides.back()));
          storeElement(*array, linear, convert(part, dtype, at), at);
        }
        return;
      }
      Val conv = convert(v, dtype, at);
      storeElement(*array, index, conv, at);
      return;
    }
    fail(target.getLoc(), "cannot assign to this expression");
  }

  void stmt(const ast::Stmt &s) {
    mlir::Location l = loc(s.getLoc());
    switch (s.getKind()) {
    case ast::Stmt::Kind::Expr: {
      auto &e = *cast<ast::ExprStmt>(s).value;
      if (!isa<ast::StringLiteral>(e))
        expr(e);
      return;
    }
    case ast::Stmt::Kind::Assign: {
      auto &a = cast<ast::Assign>(s);
      Val v = expr(*a.value);
      for (auto &t : a.targets)
        assign(*t, v, a.value->getLoc());
      return;
    }
    case ast::Stmt::Kind::AnnAssign: {
      auto &a = cast<ast::AnnAssign>(s);
      if (a.value)
        assign(*a.target, expr(*a.value), a.value->getLoc());
      return;
    }
    case ast::Stmt::Kind::AugAssign: {
      auto &a = cast<ast::AugAssign>(s);
      if (auto *sub = dyn_cast<ast::Subscript>(a.target.get())) {
        auto [array, index] = elementAddress(*sub);
        Type dtype = array->type.element();
        Val old = loadElement(*array, index, sub->getLoc());
        Val rhs = expr(*a.value);
        Val r = binary(a.op, old, rhs, a.opLoc);
        storeElement(*array, index, convert(r, dtype, a.opLoc), a.opLoc);
        return;
      }
      Val old = expr(*a.target);
      Val rhs = expr(*a.value);
      assign(*a.target, binary(a.op, old, rhs, a.opLoc), a.opLoc);
      return;
    }
    case ast::Stmt::Kind::If: {
      auto &i = cast<ast::If>(s);
      mlir::Value c = condition(*i.test);
      mlir::Block *thenB = newBlock(), *elseB = i.orelse.empty() ? nullptr : newBlock();
      mlir::Block *merge = newBlock();
      mlir::cf::CondBranchOp::create(b_, l, c, thenB, elseB ? elseB : merge);
      b_.setInsertionPointToEnd(thenB);
      block(i.body);
      if (!terminated())
        mlir::cf::BranchOp::create(b_, l, merge);
      if (elseB) {
        b_.setInsertionPointToEnd(elseB);
        block(i.orelse);
        if (!terminated())
          mlir::cf::BranchOp::create(b_, l, merge);
      }
      b_.setInsertionPointToEnd(merge);
      return;
    }
    case ast::Stmt::Kind::While: {
      auto &w = cast<ast::While>(s);
      mlir::Block *head = newBlock(), *body = newBlock(),
                  *orelse = w.orelse.empty() ? nullptr : newBlock(), *exit = newBlock();
      mlir::cf::BranchOp::create(b_, l, head);
      b_.setInsertionPointToEnd(head);
      mlir::Value c = condition(*w.test);
      mlir::cf::CondBranchOp::create(b_, l, c, body, orelse ? orelse : exit);
      b_.setInsertionPointToEnd(body);
      loops_.push_back({exit, head});
      block(w.body);
      loops_.pop_back();
      if (!terminated())
        mlir::cf::BranchOp::create(b_, l, head);
      if (orelse) {
        b_.setInsertionPointToEnd(orelse);
        block(w.orelse);
        if (!terminated())
          mlir::cf::BranchOp::create(b_, l, exit);
      }
      b_.setInsertionPointToEnd(exit);
      return;
    }
    case ast::Stmt::Kind::For:
      forStatement(cast<ast::For>(s));
      return;
    case ast::Stmt::Kind::Break:
      mlir::cf::BranchOp::create(b_, l, loops_.back().breakTo);
      return;
    case ast::Stmt::Kind::Continue:
      mlir::cf::BranchOp::create(b_, l, loops_.back().continueTo);
      return;
    case ast::Stmt::Kind::Pass:
      return;
    case ast::Stmt::Kind::Return: {
      auto &r = cast<ast::Return>(s);
      std::vector<mlir::Value> values;
      if (k_.isDevice && r.value && k_.returnType.kind() != Type::Kind::None)
        values = convert(expr(*r.value), k_.returnType, r.value->getLoc()).parts;
      mlir::cf::BranchOp::create(b_, l, exit_, values);
      return;
    }
    default:
      fail(s.getLoc(), "this statement is not supported in kernels");
    }
  }

  /// `for target in range(start, stop, step)`: the counter lives in its own
  /// slot, so assigning to the loop variable in the body does not change
  /// the iteration (Python semantics). The sign of a run-time step picks
  /// the comparison at run time; a step of 0 runs no iterations (Python
  /// raises ValueError).
  void forStatement(const ast::For &f) {
    mlir::Location l = loc(f.getLoc());
    if (typeOf(*f.iter).kind() != Type::Kind::Range) {
      forEach(f);
      return;
    }
    auto &call = cast<ast::Call>(*f.iter);
    const Type &counterT = typeOf(call).element();
    std::vector<Val> args;
    for (auto &a : call.args)
      args.push_back(convert(expr(*a), counterT, a->getLoc()));
    mlir::Type ct = lowerScalar(counterT);
    mlir::Value start = args.size() > 1 ? args[0].scalar() : intConst(0, ct, l);
    mlir::Value stop = args.size() > 1 ? args[1].scalar() : args[0].scalar();
    mlir::Value step = args.size() > 2 ? args[2].scalar() : intConst(1, ct, l);
    std::optional<int64_t> constStep = 1;
    if (args.size() > 2) {
      constStep.reset();
      auto it = k_.constants.find(call.args[2].get());
      if (it != k_.constants.end())
        constStep = it->second.i;
      else if (auto *u = dyn_cast<ast::UnaryOp>(call.args[2].get());
               u && u->op == ast::UnaryOpKind::USub) {
        auto jt = k_.constants.find(u->operand.get());
        if (jt != k_.constants.end())
          constStep = -jt->second.i;
      }
    }
    countedLoop(f, start, stop, step, constStep, counterT, [&](mlir::Value i) {
      assign(*f.target, Val{counterT, {i}}, f.target->getLoc());
    });
  }

  /// What one iteration over an array, enumerate() or zip() yields.
  struct Iterable {
    Type item;
    std::vector<const ArrayHandle *> arrays; ///< arrays iterated together
    bool enumerated = false;
  };

  Iterable iterable(const ast::Expr &iter) {
    Iterable it;
    it.item = typeOf(iter);
    if (auto *call = dyn_cast<ast::Call>(&iter);
        call && typeOf(*call->func).kind() == Type::Kind::Function &&
        (typeOf(*call->func).name() == "enumerate" || typeOf(*call->func).name() == "zip")) {
      it.enumerated = typeOf(*call->func).name() == "enumerate";
      for (auto &a : call->args)
        it.arrays.push_back(&arrayValue(*a));
      return it;
    }
    if (typeOf(iter).isTuple()) {
      // A tuple of one scalar type: its items in a private array.
      Val tuple = expr(iter);
      const Type &elem = typeOf(iter).elements().front();
      int64_t n = static_cast<int64_t>(typeOf(iter).elements().size());
      mlir::Location l = loc(iter.getLoc());
      ArrayHandle &a = privateArrayHandle(Type::array(elem, 1, 'C'), {n}, l);
      size_t width = leafCount(elem);
      for (int64_t k = 0; k < n; ++k) {
        Val v{elem, std::vector<mlir::Value>(tuple.parts.begin() + k * width,
                                             tuple.parts.begin() + (k + 1) * width)};
        storeElement(a, intConst(k, indexType(), l), v, iter.getLoc());
      }
      it.arrays.push_back(&a);
      return it;
    }
    it.arrays.push_back(&arrayValue(iter));
    return it;
  }

  /// Item `i` of an array: an element, or a view of row i.
  Val item(const ArrayHandle &a, mlir::Value i, ast::Location at) {
    if (a.type.ndim() == 1) {
      mlir::Location l = loc(at);
      mlir::Value linear = mlir::arith::AddIOp::create(b_, 
          l, a.offset, mlir::arith::MulIOp::create(b_, l, i, a.strides[0]));
      return loadElement(a, linear, at);
    }
    return view(a, {i}, at);
  }

  /// `for v in a`, `for i, v in enumerate(a)`, `for x, y in zip(a, b)`: a
  /// counted loop over the shortest array's first extent.
  void forEach(const ast::For &f) {
    mlir::Location l = loc(f.getLoc());
    Iterable it = iterable(*f.iter);
    Type idxT = Type::integer(indexBits_);
    mlir::Value n = it.arrays[0]->shape[0];
    for (size_t k = 1; k < it.arrays.size(); ++k)
      n = mlir::arith::MinSIOp::create(b_, l, n, it.arrays[k]->shape[0]);
    countedLoop(f, intConst(0, indexType(), l), n, intConst(1, indexType(), l), 1, idxT,
                [&](mlir::Value i) {
                  std::vector<Val> items;
                  if (it.enumerated)
                    items.push_back(Val{Type::integer(64),
                                        {convertScalar(i, idxT, Type::integer(64),
                                                       f.getLoc())}});
                  for (auto *a : it.arrays)
                    items.push_back(item(*a, i, f.iter->getLoc()));
                  bindItems(*f.target, items, f.target->getLoc());
                });
  }

  /// Assigns the items of one iteration to the loop target: one item to
  /// any target, several to a tuple target of as many elements (or to a
  /// single name, as a tuple of scalars).
  void bindItems(const ast::Expr &target, const std::vector<Val> &items, ast::Location at) {
    if (items.size() == 1) {
      assign(target, items[0], at);
      return;
    }
    if (auto *tuple = dyn_cast<ast::Tuple>(&target); tuple && tuple->elts.size() == items.size()) {
      for (size_t k = 0; k < items.size(); ++k)
        assign(*tuple->elts[k], items[k], at);
      return;
    }
    Val packed{typeOf(target), {}};
    for (auto &v : items) {
      if (v.array)
        fail(at, "unpack the items of this loop into one name each");
      packed.parts.insert(packed.parts.end(), v.parts.begin(), v.parts.end());
    }
    assign(target, packed, at);
  }

  /// The loop skeleton shared by all `for` loops: a counter in its own slot
  /// from `start` by `step` while below (above, for a negative step) `stop`;
  /// `bind` assigns the target from the counter at the top of each
  /// iteration; `else` runs when the loop ends without break.
  void countedLoop(const ast::For &f, mlir::Value start, mlir::Value stop, mlir::Value step,
                   std::optional<int64_t> constStep, const Type &counterT,
                   const std::function<void(mlir::Value)> &bind) {
    mlir::Location l = loc(f.getLoc());
    mlir::Type ct = lowerScalar(counterT);
    auto slotTy = mlir::MemRefType::get(
        {}, ct, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
    mlir::Value counter;
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      counter = mlir::memref::AllocaOp::create(b_, l, slotTy);
    }
    mlir::memref::StoreOp::create(b_, l, start, counter);
    mlir::Block *head = newBlock(), *body = newBlock(), *latch = newBlock(),
                *orelse = f.orelse.empty() ? nullptr : newBlock(), *exit = newBlock();
    mlir::cf::BranchOp::create(b_, l, head);
    b_.setInsertionPointToEnd(head);
    mlir::Value i = mlir::memref::LoadOp::create(b_, l, counter);
    bool isSigned = counterT.isSigned();
    auto lt = isSigned ? mlir::arith::CmpIPredicate::slt : mlir::arith::CmpIPredicate::ult;
    auto gt = isSigned ? mlir::arith::CmpIPredicate::sgt : mlir::arith::CmpIPredicate::ugt;
    mlir::Value more;
    if (constStep && *constStep > 0) {
      more = mlir::arith::CmpIOp::create(b_, l, lt, i, stop);
    } else if (constStep && *constStep < 0) {
      more = mlir::arith::CmpIOp::create(b_, l, gt, i, stop);
    } else if (constStep) {
      more = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(false));
    } else {
      mlir::Value zero = intConst(0, ct, l);
      mlir::Value up = mlir::arith::CmpIOp::create(b_, l, gt, step, zero);
      mlir::Value down = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt,
                                                        step, zero);
      mlir::Value belowStop = mlir::arith::CmpIOp::create(b_, l, lt, i, stop);
      mlir::Value aboveStop = mlir::arith::CmpIOp::create(b_, l, gt, i, stop);
      mlir::Value upMore = mlir::arith::AndIOp::create(b_, l, up, belowStop);
      mlir::Value downMore = mlir::arith::AndIOp::create(b_, l, down, aboveStop);
      more = mlir::arith::OrIOp::create(b_, l, upMore, downMore);
    }
    mlir::cf::CondBranchOp::create(b_, l, more, body, orelse ? orelse : exit);
    b_.setInsertionPointToEnd(body);
    bind(i);
    loops_.push_back({exit, latch});
    block(f.body);
    loops_.pop_back();
    if (!terminated())
      mlir::cf::BranchOp::create(b_, l, latch);
    b_.setInsertionPointToEnd(latch);
    mlir::Value cur = mlir::memref::LoadOp::create(b_, l, counter);
    mlir::memref::StoreOp::create(b_, l, mlir::arith::AddIOp::create(b_, l, cur, step), counter);
    mlir::cf::BranchOp::create(b_, l, head);
    if (orelse) {
      b_.setInsertionPointToEnd(orelse);
      block(f.orelse);
      if (!terminated())
        mlir::cf::BranchOp::create(b_, l, exit);
    }
    b_.setInsertionPointToEnd(exit);
  }

  //===--------------------------------------------------------------------===//
  // Arrays
  //===--------------------------------------------------------------------===//

  /// The array an expression denotes (a parameter, a variable holding a
  /// view, or a row view a[i]).
  const ArrayHandle &arrayValue(const ast::Expr &e) {
    Val v = expr(e);
    if (!v.array)
      fail(e.getLoc(), "expected an array");
    return *v.array;
  }

  /// The view a[i0, ..., ik] of the trailing dimensions of `a`.
  Val view(const ArrayHandle &a, const std::vector<mlir::Value> &indices, ast::Location at) {
    mlir::Location l = loc(at);
    ArrayHandle &v = views_.emplace_back();
    unsigned k = indices.size();
    v.type = typeOfView(a.type, k);
    v.buffer = a.buffer;
    v.offset = a.offset;
    for (unsigned d = 0; d < k; ++d)
      v.offset = mlir::arith::AddIOp::create(b_, 
          l, v.offset, mlir::arith::MulIOp::create(b_, l, indices[d], a.strides[d]));
    v.shape.assign(a.shape.begin() + k, a.shape.end());
    v.strides.assign(a.strides.begin() + k, a.strides.end());
    Val out{v.type, {}};
    out.array = &v;
    return out;
  }

  static Type typeOfView(const Type &array, unsigned indices) {
    return Type::array(array.element(), array.ndim() - indices,
                       array.layout() == 'C' ? 'C' : 'A');
  }

  /// Element index (in elements, index width) of `a[i, j, ...]`; negative
  /// indices count from the end, as NumPy (constant non-negative indices
  /// skip the check).
  std::pair<const ArrayHandle *, mlir::Value> elementAddress(const ast::Subscript &s) {
    const ArrayHandle &a = arrayValue(*s.value);
    return {&a, elementLinear(a, *s.index, s.getLoc())};
  }

  /// Element index (in elements, index width) of `a[index]`, where `index`
  /// is one integer or a tuple of them.
  mlir::Value elementLinear(const ArrayHandle &a, const ast::Expr &index, ast::Location at) {
    mlir::Location l = loc(at);
    mlir::Value linear = a.offset;
    std::vector<mlir::Value> idx = indexValues(a, index, at);
    for (size_t d = 0; d < idx.size(); ++d)
      linear = mlir::arith::AddIOp::create(b_, l, linear,
                                              mlir::arith::MulIOp::create(b_, l, idx[d], a.strides[d]));
    return linear;
  }

  /// The indices of `a[i, j, ...]` (`index` is `i` or the tuple `i, j, ...`)
  /// as index-width integers; negative indices count from the end, as NumPy
  /// (constant non-negative indices skip the check).
  std::vector<mlir::Value> indexValues(const ArrayHandle &a, const ast::Expr &index,
                                       ast::Location at) {
    std::vector<const ast::Expr *> indices;
    if (auto *t = dyn_cast<ast::Tuple>(&index))
      for (auto &e : t->elts)
        indices.push_back(e.get());
    else
      indices.push_back(&index);
    mlir::Location l = loc(at);
    std::vector<mlir::Value> out;
    Type idxT = Type::integer(indexBits_);
    for (size_t d = 0; d < indices.size(); ++d) {
      Val iv = expr(*indices[d]);
      bool isSigned = iv.type.isInteger() && iv.type.isSigned();
      mlir::Value idx = convert(iv, isSigned ? idxT : Type::integer(indexBits_, false),
                                indices[d]->getLoc())
                            .scalar();
      auto it = k_.constants.find(indices[d]);
      bool knownNonNegative = it != k_.constants.end() && it->second.i >= 0;
      if (isSigned && !knownNonNegative) {
        mlir::Value zero = intConst(0, indexType(), l);
        mlir::Value neg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt,
                                                         idx, zero);
        mlir::Value wrapped = mlir::arith::AddIOp::create(b_, l, idx, a.shape[d]);
        idx = mlir::arith::SelectOp::create(b_, l, neg, wrapped, idx);
      }
      out.push_back(idx);
    }
    return out;
  }

  /// Buffer index of part `part` of element `linear` (complex elements are
  /// two consecutive floats).
  mlir::Value bufferIndex(const ArrayHandle &a, mlir::Value linear, unsigned part,
                          mlir::Location l) {
    if (a.type.element().isComplex()) {
      linear = mlir::arith::MulIOp::create(b_, l, linear, intConst(2, indexType(), l));
      if (part)
        linear = mlir::arith::AddIOp::create(b_, l, linear, intConst(part, indexType(), l));
    }
    return mlir::arith::IndexCastOp::create(b_, l, b_.getIndexType(), linear);
  }

  /// Reads element `linear` (in elements) of `a`.
  Val loadElement(const ArrayHandle &a, mlir::Value linear, ast::Location at) {
    mlir::Location l = loc(at);
    const Type &dtype = a.type.element();
    Val result{dtype, {}};
    for (unsigned part = 0; part < leafCount(dtype); ++part) {
      mlir::Value idx = bufferIndex(a, linear, part, l);
      mlir::Value v = mlir::memref::LoadOp::create(b_, l, a.buffer, mlir::ValueRange{idx});
      if (dtype.isBoolean())
        v = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                           intConst(0, v.getType(), l));
      else
        v = toWidth(v, lowerScalar(dtype.isComplex() ? dtype.complexPart() : dtype), l);
      result.parts.push_back(v);
    }
    return result;
  }

  /// Writes `v` (already of the array's dtype) to element `linear` of `a`.
  void storeElement(const ArrayHandle &a, mlir::Value linear, const Val &v, ast::Location at) {
    mlir::Location l = loc(at);
    for (unsigned part = 0; part < v.parts.size(); ++part) {
      mlir::Value x = v.parts[part];
      if (a.type.element().isBoolean())
        x = mlir::arith::ExtUIOp::create(b_, l, b_.getI8Type(), x);
      else
        x = toWidth(x, llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType(), l);
      mlir::Value idx = bufferIndex(a, linear, part, l);
      mlir::memref::StoreOp::create(b_, l, x, a.buffer, mlir::ValueRange{idx});
    }
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  /// A private array of `shape` elements of `dtype` (Function storage,
  /// allocated once at kernel entry), as an array handle with C strides.
  ArrayHandle &privateArrayHandle(const Type &arrayType, const std::vector<int64_t> &shape,
                                  mlir::Location l, bool shared = false) {
    const Type &dtype = arrayType.element();
    int64_t n = 1;
    for (int64_t extent : shape)
      n *= extent;
    ArrayHandle &a = views_.emplace_back();
    a.type = arrayType;
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    Type st = dtype.isComplex() ? dtype.complexPart() : dtype;
    int64_t slots = std::max<int64_t>(n * (dtype.isComplex() ? 2 : 1), 1);
    mlir::Type elem = st.isBoolean() ? mlir::Type(b_.getI8Type()) : lowerScalar(st);
    auto memrefTy = mlir::MemRefType::get(
        {slots}, elem, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, shared ? mlir::spirv::StorageClass::Workgroup
                                                          : mlir::spirv::StorageClass::Function));
    // Workgroup memory becomes a module-level Workgroup variable (MLIR's
    // memref.alloc lowering); private memory a Function variable.
    if (shared)
      a.buffer = mlir::memref::AllocOp::create(b_, l, memrefTy);
    else
      a.buffer = mlir::memref::AllocaOp::create(b_, l, memrefTy);
    a.offset = intConst(0, indexType(), l);
    int64_t stride = 1;
    a.strides.resize(shape.size());
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      a.strides[d] = intConst(stride, indexType(), l);
      stride *= shape[d];
    }
    for (int64_t extent : shape)
      a.shape.push_back(intConst(extent, indexType(), l));
    return a;
  }

  /// The private declaration `name` of the gpu.module, `() -> result`,
  /// created on first use.
  mlir::func::FuncOp declaration(const std::string &name, mlir::Type result, mlir::Location l) {
    auto gpuModule = entry_->getParentOp()->getParentOfType<mlir::gpu::GPUModuleOp>();
    auto fn = gpuModule.lookupSymbol<mlir::func::FuncOp>(name);
    if (!fn) {
      mlir::OpBuilder mb = mlir::OpBuilder::atBlockBegin(gpuModule.getBody());
      fn = mlir::func::FuncOp::create(mb, l, name, mb.getFunctionType({}, {result}));
      fn.setPrivate();
    }
    return fn;
  }

  /// numba-cuda's dynamic shared memory, `cuda.shared.array(0, dtype)`
  /// (passes/DynamicSharedMemory.h): a call, at function entry, of the
  /// declaration `() -> memref<?xT, Workgroup>` for the element type, marked
  /// with the dtype and its itemsize (the pipeline makes all of a kernel's
  /// one allocation; a call, unlike an allocation that is only written, is
  /// never removed from a device function before it is inlined), whose
  /// length is the launch's bytes (a call of kDynamicSharedBytesFunction)
  /// divided by the dtype's itemsize.
  ArrayHandle &dynamicSharedArray(const Type &arrayType, mlir::Location l) {
    const Type &dtype = arrayType.element();
    ArrayHandle &a = views_.emplace_back();
    a.type = arrayType;
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    mlir::Value bytes =
        mlir::func::CallOp::create(
            b_, l, declaration(kDynamicSharedBytesFunction, b_.getI32Type(), l))
            .getResult(0);
    Type st = dtype.isComplex() ? dtype.complexPart() : dtype;
    mlir::Type elem = st.isBoolean() ? mlir::Type(b_.getI8Type()) : lowerScalar(st);
    auto memrefTy = mlir::MemRefType::get(
        {mlir::ShapedType::kDynamic}, elem, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Workgroup));
    std::string typeName;
    llvm::raw_string_ostream os(typeName);
    os << elem;
    auto array = mlir::func::CallOp::create(
        b_, l, declaration(kDynamicSharedArrayPrefix + typeName, memrefTy, l));
    array->setAttr(kDynamicSharedAttr, b_.getStringAttr(dtype.numpyName()));
    array->setAttr(kDynamicSharedItemsizeAttr, b_.getI32IntegerAttr(dtype.byteSize()));
    a.buffer = array.getResult(0);
    // numba-cuda: shape = (dynamic_smem_size // itemsize,), C strides.
    mlir::Value length =
        mlir::arith::DivUIOp::create(b_, l, bytes, intConst(dtype.byteSize(), b_.getI32Type(), l));
    if (indexType() != length.getType())
      length = mlir::arith::ExtUIOp::create(b_, l, indexType(), length);
    a.shape.push_back(length);
    a.strides.push_back(intConst(1, indexType(), l));
    a.offset = intConst(0, indexType(), l);
    return a;
  }

  /// `cuda.local.array`, `np.empty` (uninitialised), `np.zeros`, `np.ones`,
  /// `np.full` (filled where the call is, every time it runs).
  Val privateArray(const ast::Call &c, const std::string &f, const Type &rt) {
    mlir::Location l = loc(c.getLoc());
    const std::vector<int64_t> &shape = k_.privateArrays.at(&c);
    bool shared = k_.sharedArrays.count(&c) != 0;
    if (k_.dynamicSharedArrays.count(&c)) {
      Val out{rt, {}};
      out.array = &dynamicSharedArray(rt, l);
      return out;
    }
    ArrayHandle &a = privateArrayHandle(rt, shape, l, shared);
    if (shared && abi_) {
      int64_t n = rt.element().byteSize();
      for (int64_t extent : shape)
        n *= extent;
      abi_->sharedMemoryBytes += static_cast<uint32_t>(n);
    }
    std::optional<Val> fill;
    const Type &dtype = rt.element();
    if (f == "np.zeros" || f == "np.ones")
      fill = constant(ConstValue{Type::integer(64), f == "np.ones" ? 1 : 0}, c.getLoc());
    if (f == "np.full") {
      const ast::Expr *fillExpr = c.args.size() > 1 ? c.args[1].get() : nullptr;
      for (auto &kw : c.keywords)
        if (kw.name == "fill_value")
          fillExpr = kw.value.get();
      fill = expr(*fillExpr);
    }
    if (fill) {
      Val v = convert(*fill, dtype, c.getLoc());
      int64_t n = 1;
      for (int64_t extent : shape)
        n *= extent;
      mlir::Value lo = mlir::arith::ConstantIndexOp::create(b_, l, 0);
      mlir::Value hi = mlir::arith::ConstantIndexOp::create(b_, l, n);
      mlir::Value one = mlir::arith::ConstantIndexOp::create(b_, l, 1);
      auto loop = mlir::scf::ForOp::create(b_, l, lo, hi, one);
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPoint(loop.getBody()->getTerminator());
      mlir::Value linear = mlir::arith::IndexCastOp::create(b_, l, indexType(),
                                                               loop.getInductionVar());
      storeElement(a, linear, v, c.getLoc());
    }
    Val out{rt, {}};
    out.array = &a;
    return out;
  }

  /// A read-only global NumPy array: a private array of the invocation,
  /// filled with the frozen values at kernel entry (drivers keep such
  /// constant tables in registers or constant memory). Limited to
  /// kMaxConstantArrayElements elements.
  Val constantArray(const ConstValue &c, ast::Location at) {
    constexpr int64_t kMaxConstantArrayElements = 4096;
    mlir::Location l = loc(at);
    const Type &dtype = c.type.element();
    int64_t n = static_cast<int64_t>(c.elements.size());
    if (n > kMaxConstantArrayElements)
      fail(at, fmt::format("global arrays of more than {} elements are not supported in kernels "
                           "(this one has {}); pass it as an argument",
                           kMaxConstantArrayElements, n));
    ArrayHandle &a = views_.emplace_back();
    a.type = c.type;
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      mlir::Type elem = dtype.isBoolean() ? mlir::Type(b_.getI8Type()) : lowerScalar(dtype);
      auto memrefTy = mlir::MemRefType::get(
          {std::max<int64_t>(n, 1)}, elem, mlir::MemRefLayoutAttrInterface(),
          mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
      a.buffer = mlir::memref::AllocaOp::create(b_, l, memrefTy);
      for (int64_t k = 0; k < n; ++k) {
        mlir::Value v = constant(c.elements[k], at).scalar();
        if (dtype.isBoolean())
          v = mlir::arith::ExtUIOp::create(b_, l, b_.getI8Type(), v);
        mlir::Value idx = mlir::arith::ConstantIndexOp::create(b_, l, k);
        mlir::memref::StoreOp::create(b_, l, v, a.buffer, mlir::ValueRange{idx});
      }
      a.offset = intConst(0, indexType(), l);
      int64_t stride = 1;
      a.strides.resize(c.shape.size());
      for (int d = static_cast<int>(c.shape.size()) - 1; d >= 0; --d) {
        a.strides[d] = intConst(stride, indexType(), l);
        stride *= c.shape[d];
      }
      for (int64_t extent : c.shape)
        a.shape.push_back(intConst(extent, indexType(), l));
    }
    Val out{c.type, {}};
    out.array = &a;
    return out;
  }

  /// Whether `c` is an int64/uint64 constant outside the 32 bits that
  /// narrowed kernels compute int64 in.
  bool overflowsNarrowedInt(const ConstValue &c) const {
    if (!c.type.isInteger() || c.type.isBoolean() || intBits(c.type) != 32 || c.type.bits() != 64)
      return false;
    return c.type.isSigned() ? (c.i < INT32_MIN || c.i > INT32_MAX)
                             : static_cast<uint64_t>(c.i) > UINT32_MAX;
  }

  Val constant(const ConstValue &c, ast::Location at) {
    mlir::Location l = loc(at);
    if (c.type.isArray())
      return constantArray(c, at);
    if (c.type.isTuple()) {
      Val v{c.type, {}};
      for (auto &e : c.elements) {
        Val ev = constant(e, at);
        v.parts.insert(v.parts.end(), ev.parts.begin(), ev.parts.end());
      }
      return v;
    }
    mlir::Type t = lowerScalar(c.type);
    if (c.type.isFloat())
      return Val{c.type, {floatConst(c.f, t, l)}};
    if (c.type.isBoolean())
      return Val{c.type, {mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(c.i != 0))}};
    if (overflowsNarrowedInt(c))
      fail(at, fmt::format("integer constant {} does not fit in the 32-bit integers kernels "
                           "compute with; use @jit(narrow=False) for 64-bit integers",
                           c.i));
    return Val{c.type, {intConst(c.i, t, l)}};
  }

  Val expr(const ast::Expr &e) {
    auto cit = k_.constants.find(&e);
    if (cit != k_.constants.end() && !isa<ast::Call>(e)) {
      // A constant the program names (a literal, a module constant) that
      // does not fit the 32-bit integers is an error (constant()); the value
      // of an operation on constants that does not (-(-2147483647 - 1),
      // np.uint32(4294967295) + np.uint32(1)) wraps, as the same operation
      // computed at run time in 32 bits does (for + - * and negation the
      // exact value wrapped once is the same).
      if ((isa<ast::UnaryOp>(e) || isa<ast::BinOp>(e)) && overflowsNarrowedInt(cit->second)) {
        ConstValue wrapped = cit->second;
        wrapped.i = wrapped.type.isSigned() ? static_cast<int64_t>(static_cast<int32_t>(wrapped.i))
                                            : static_cast<int64_t>(wrapped.i & 0xFFFFFFFFll);
        return constant(wrapped, e.getLoc());
      }
      return constant(cit->second, e.getLoc());
    }
    mlir::Location l = loc(e.getLoc());
    switch (e.getKind()) {
    case ast::Expr::Kind::FloatLiteral:
      return Val{Type::floating(64),
                 {floatConst(cast<ast::FloatLiteral>(e).value, lowerScalar(Type::floating(64)), l)}};
    case ast::Expr::Kind::ImaginaryLiteral:
      return Val{Type::complex(128),
                 {floatConst(0, lowerScalar(Type::floating(64)), l),
                  floatConst(cast<ast::ImaginaryLiteral>(e).value, lowerScalar(Type::floating(64)), l)}};
    case ast::Expr::Kind::BoolLiteral:
      return Val{Type::boolean(),
                 {mlir::arith::ConstantOp::create(b_, l,
                                                     b_.getBoolAttr(cast<ast::BoolLiteral>(e).value))}};
    case ast::Expr::Kind::Name: {
      auto &n = cast<ast::Name>(e);
      if (arrays_.count(n.id)) {
        Val v{arrays_[n.id]->type, {}};
        v.array = arrays_[n.id].get();
        return v;
      }
      if (locals_.count(n.id))
        return loadLocal(n.id, e.getLoc());
      if (arrayLocals_.count(n.id))
        return loadArrayLocal(n.id, e.getLoc());
      fail(e.getLoc(), fmt::format("variable '{}' is used before it is assigned", n.id));
    }
    case ast::Expr::Kind::Attribute:
      return attribute(cast<ast::Attribute>(e));
    case ast::Expr::Kind::Subscript: {
      auto &s = cast<ast::Subscript>(e);
      const Type &base = typeOf(*s.value);
      if (base.isTuple()) {
        Val t = expr(*s.value);
        int64_t k = k_.constants.at(s.index.get()).i;
        if (k < 0)
          k += static_cast<int64_t>(base.elements().size());
        size_t pos = 0;
        for (int64_t i = 0; i < k; ++i)
          pos += leafCount(base.elements()[i]);
        const Type &et = base.elements()[k];
        return Val{et, std::vector<mlir::Value>(t.parts.begin() + pos,
                                                t.parts.begin() + pos + leafCount(et))};
      }
      if (typeOf(e).isArray()) {
        const ArrayHandle &a = arrayValue(*s.value);
        return view(a, indexValues(a, *s.index, s.getLoc()), e.getLoc());
      }
      auto [array, index] = elementAddress(s);
      return loadElement(*array, index, e.getLoc());
    }
    case ast::Expr::Kind::Call:
      return call(cast<ast::Call>(e));
    case ast::Expr::Kind::BinOp: {
      auto &bo = cast<ast::BinOp>(e);
      Val lhs = expr(*bo.lhs);
      Val rhs = expr(*bo.rhs);
      return convert(binary(bo.op, lhs, rhs, bo.getLoc()), typeOf(e), bo.getLoc());
    }
    case ast::Expr::Kind::UnaryOp: {
      auto &u = cast<ast::UnaryOp>(e);
      Val v = expr(*u.operand);
      const Type &rt = typeOf(e);
      switch (u.op) {
      case ast::UnaryOpKind::Not: {
        mlir::Value t = truthOf(v, e.getLoc());
        mlir::Value one = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
        return Val{rt, {mlir::arith::XOrIOp::create(b_, l, t, one)}};
      }
      case ast::UnaryOpKind::UAdd:
        return convert(v, rt, e.getLoc());
      case ast::UnaryOpKind::USub: {
        Val c = convert(v, rt, e.getLoc());
        if (rt.isFloat() || rt.isComplex()) {
          Val neg{rt, {}};
          for (mlir::Value part : c.parts)
            neg.parts.push_back(mlir::arith::NegFOp::create(b_, l, part));
          return neg;
        }
        return Val{rt, {mlir::arith::SubIOp::create(b_, l, intConst(0, c.scalar().getType(), l),
                                                       c.scalar())}};
      }
      case ast::UnaryOpKind::Invert: {
        if (rt.isBoolean()) // Numba follows NumPy: ~True is False
          return Val{rt, {mlir::arith::XOrIOp::create(
                             b_, l, v.scalar(),
                             mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true)))}};
        Val c = convert(v, rt, e.getLoc());
        return Val{rt, {mlir::arith::XOrIOp::create(b_, 
                           l, c.scalar(), intConst(-1, c.scalar().getType(), l))}};
      }
      }
      break;
    }
    case ast::Expr::Kind::BoolOp:
      return boolOp(cast<ast::BoolOp>(e));
    case ast::Expr::Kind::Compare:
      return compare(cast<ast::Compare>(e));
    case ast::Expr::Kind::IfExp: {
      auto &i = cast<ast::IfExp>(e);
      const Type &rt = typeOf(e);
      if (!rt.isScalar() && !rt.isTuple())
        fail(e.getLoc(), "conditional expressions of this type are not supported yet");
      mlir::Value c = condition(*i.test);
      mlir::Block *thenB = newBlock(), *elseB = newBlock(), *merge = newBlock();
      std::vector<Type> leaves;
      flattenTypes(rt, leaves);
      for (auto &leaf : leaves)
        merge->addArgument(lowerScalar(leaf), l);
      mlir::cf::CondBranchOp::create(b_, l, c, thenB, elseB);
      b_.setInsertionPointToEnd(thenB);
      Val a = convert(expr(*i.body), rt, i.body->getLoc());
      mlir::cf::BranchOp::create(b_, l, merge, mlir::ValueRange(a.parts));
      b_.setInsertionPointToEnd(elseB);
      Val bv = convert(expr(*i.orelse), rt, i.orelse->getLoc());
      mlir::cf::BranchOp::create(b_, l, merge, mlir::ValueRange(bv.parts));
      b_.setInsertionPointToEnd(merge);
      Val out{rt, {}};
      for (auto arg : merge->getArguments())
        out.parts.push_back(arg);
      return out;
    }
    case ast::Expr::Kind::Tuple: {
      Val v{typeOf(e), {}};
      for (auto &el : cast<ast::Tuple>(e).elts) {
        Val ev = expr(*el);
        if (ev.array)
          fail(el->getLoc(), "tuples of arrays are not supported yet");
        v.parts.insert(v.parts.end(), ev.parts.begin(), ev.parts.end());
      }
      return v;
    }
    default:
      break;
    }
    fail(e.getLoc(), "this expression is not supported in kernels");
  }

  Val attribute(const ast::Attribute &a) {
    mlir::Location l = loc(a.getLoc());
    const Type &base = typeOf(*a.value);
    if ((base.isComplex() || base.isNumber()) && (a.attr == "real" || a.attr == "imag")) {
      Val v = expr(*a.value);
      if (base.isComplex())
        return Val{base.complexPart(), {v.parts[a.attr == "real" ? 0 : 1]}};
      if (a.attr == "real")
        return v;
      return Val{base, {base.isFloat() ? floatConst(0, lowerScalar(base), l)
                                       : intConst(0, lowerScalar(base), l)}};
    }
    if (base.kind() == Type::Kind::Module && base.name() == "cuda") {
      // cuda.laneid and cuda.warpsize: the Vulkan subgroup's (8 on lavapipe,
      // 32 on NVIDIA), not a constant 32.
      mlir::Value v = a.attr == "laneid" ? mlir::Value(mlir::gpu::LaneIdOp::create(b_, l, nullptr))
                                         : mlir::Value(mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
      return Val{Type::integer(32), {mlir::arith::IndexCastOp::create(b_, l, b_.getI32Type(), v)}};
    }
    if (base.kind() == Type::Kind::Dim3) {
      auto dim = a.attr == "x"   ? mlir::gpu::Dimension::x
                 : a.attr == "y" ? mlir::gpu::Dimension::y
                                 : mlir::gpu::Dimension::z;
      mlir::Value v;
      if (base.name() == "threadIdx")
        v = mlir::gpu::ThreadIdOp::create(b_, l, dim);
      else if (base.name() == "blockIdx")
        v = mlir::gpu::BlockIdOp::create(b_, l, dim);
      else if (base.name() == "blockDim")
        v = mlir::gpu::BlockDimOp::create(b_, l, dim);
      else
        v = mlir::gpu::GridDimOp::create(b_, l, dim);
      return Val{Type::integer(32), {mlir::arith::IndexCastOp::create(b_, l, b_.getI32Type(), v)}};
    }
    if (base.isArray()) {
      const ArrayHandle &arr = arrayValue(*a.value);
      Type i64 = Type::integer(64);
      if (a.attr == "shape") {
        Val v{typeOf(a), {}};
        for (auto s : arr.shape)
          v.parts.push_back(convertScalar(s, Type::integer(indexBits_), i64, a.getLoc()));
        return v;
      }
      if (a.attr == "size") {
        mlir::Value n = arr.shape[0];
        for (size_t d = 1; d < arr.shape.size(); ++d)
          n = mlir::arith::MulIOp::create(b_, l, n, arr.shape[d]);
        return Val{i64, {convertScalar(n, Type::integer(indexBits_), i64, a.getLoc())}};
      }
      if (a.attr == "ndim")
        return constant(ConstValue{i64, static_cast<int64_t>(arr.shape.size())}, a.getLoc());
    }
    fail(a.getLoc(), fmt::format("'{}' cannot be used as a value here", a.attr));
  }

  /// Python's `lhs op rhs` on numbers, with operands converted to the result
  /// type Numba gives the operation (comparisons are in compare()).
  Val binary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at) {
    mlir::Location l = loc(at);
    const Type &lt = lhsIn.type, &rt = rhsIn.type;
    if (op == ast::BinOpKind::Pow)
      return power(lhsIn, rhsIn, at);
    if (lt.isComplex() || rt.isComplex())
      return complexBinary(op, lhsIn, rhsIn, at);
    if (!lt.isNumber() || !rt.isNumber())
      fail(at, fmt::format("unsupported operand types {} and {}", lt.str(), rt.str()));
    Type t = binaryResultType(op, lt, rt);
    if (t.isUnknown())
      fail(at, fmt::format("unsupported operand types {} and {}", lt.str(), rt.str()));
    mlir::Value a = convert(lhsIn, t, at).scalar();
    mlir::Value b = convert(rhsIn, t, at).scalar();
    auto result = [&](mlir::Value v) { return Val{t, {v}}; };
    if (t.isFloat()) {
      switch (op) {
      case ast::BinOpKind::Add: return result(mlir::arith::AddFOp::create(b_, l, a, b));
      case ast::BinOpKind::Sub: return result(mlir::arith::SubFOp::create(b_, l, a, b));
      case ast::BinOpKind::Mult: return result(mlir::arith::MulFOp::create(b_, l, a, b));
      case ast::BinOpKind::Div: return result(mlir::arith::DivFOp::create(b_, l, a, b));
      case ast::BinOpKind::FloorDiv:
        return result(floatDivMod(a, b, t, at).first);
      case ast::BinOpKind::Mod:
        return result(floatDivMod(a, b, t, at).second);
      default:
        fail(at, "unsupported operator for floats");
      }
    }
    if (t.isBoolean()) {
      switch (op) {
      case ast::BinOpKind::BitAnd: return result(mlir::arith::AndIOp::create(b_, l, a, b));
      case ast::BinOpKind::BitOr: return result(mlir::arith::OrIOp::create(b_, l, a, b));
      default: return result(mlir::arith::XOrIOp::create(b_, l, a, b));
      }
    }
    bool isSigned = t.isSigned();
    if (op == ast::BinOpKind::LShift || op == ast::BinOpKind::RShift)
      if (auto c = rhsIn.parts.front().getDefiningOp<mlir::arith::ConstantOp>())
        if (auto ia = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue());
            ia && (ia.getInt() < 0 || ia.getInt() >= a.getType().getIntOrFloatBitWidth()))
          fail(at, fmt::format("shift by {} in {}-bit integer arithmetic{}", ia.getInt(),
                               a.getType().getIntOrFloatBitWidth(),
                               intBits_ == 32 ? "; kernels compute with 32-bit integers "
                                                "unless narrow=False"
                                                : ""));
    switch (op) {
    case ast::BinOpKind::Add: return result(mlir::arith::AddIOp::create(b_, l, a, b));
    case ast::BinOpKind::Sub: return result(mlir::arith::SubIOp::create(b_, l, a, b));
    case ast::BinOpKind::Mult: return result(mlir::arith::MulIOp::create(b_, l, a, b));
    case ast::BinOpKind::BitAnd: return result(mlir::arith::AndIOp::create(b_, l, a, b));
    case ast::BinOpKind::BitOr: return result(mlir::arith::OrIOp::create(b_, l, a, b));
    case ast::BinOpKind::BitXor: return result(mlir::arith::XOrIOp::create(b_, l, a, b));
    case ast::BinOpKind::LShift: return result(mlir::arith::ShLIOp::create(b_, l, a, b));
    case ast::BinOpKind::RShift:
      if (isSigned)
        return result(mlir::arith::ShRSIOp::create(b_, l, a, b));
      return result(mlir::arith::ShRUIOp::create(b_, l, a, b));
    case ast::BinOpKind::FloorDiv:
    case ast::BinOpKind::Mod:
      return result(floorDivMod(op == ast::BinOpKind::FloorDiv, a, b, isSigned, l));
    default:
      fail(at, "unsupported operator for integers");
    }
  }

  /// `+ - * /` on complex numbers, with numba-cuda's formulas (so results
  /// agree bit for bit when contraction is off); division is
  /// emitComplexDivision (ComplexCodegen.h).
  Val complexBinary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at) {
    mlir::Location l = loc(at);
    Type t = unifyTypes(lhsIn.type, rhsIn.type);
    if (!t.isComplex())
      fail(at, fmt::format("unsupported operand types {} and {}", lhsIn.type.str(),
                           rhsIn.type.str()));
    Val a = convert(lhsIn, t, at), b = convert(rhsIn, t, at);
    mlir::Value ar = a.parts[0], ai = a.parts[1], br = b.parts[0], bi = b.parts[1];
    auto add = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::AddFOp::create(b_, l, x, y);
    };
    auto sub = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::SubFOp::create(b_, l, x, y);
    };
    auto mul = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::MulFOp::create(b_, l, x, y);
    };
    switch (op) {
    case ast::BinOpKind::Add:
      return Val{t, {add(ar, br), add(ai, bi)}};
    case ast::BinOpKind::Sub:
      return Val{t, {sub(ar, br), sub(ai, bi)}};
    case ast::BinOpKind::Mult:
      return Val{t, {sub(mul(ar, br), mul(ai, bi)), add(mul(ar, bi), mul(ai, br))}};
    case ast::BinOpKind::Div: {
      ComplexParts q = emitComplexDivision(b_, l, {ar, ai}, {br, bi});
      return Val{t, {q.re, q.im}};
    }
    default:
      fail(at, "unsupported operator for complex numbers");
    }
  }

  /// Python's a // b or a % b on integers: floor semantics, computed from a
  /// truncating division only (drivers disagree on OpSRem/OpSMod for
  /// negative operands); division by zero gives 0, as in numba.cuda, and so
  /// does the signed MIN // -1 and MIN % -1, whose quotient overflows
  /// (numba's int_divmod_signed returns 0, 0 "more or less like NumPy"; a
  /// bare arith.divsi would be undefined there).
  mlir::Value floorDivMod(bool wantQuotient, mlir::Value a, mlir::Value b, bool isSigned,
                          mlir::Location l) {
    mlir::Type t = a.getType();
    mlir::Value zero = intConst(0, t, l), one = intConst(1, t, l);
    mlir::Value givesZero = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, b, zero);
    if (isSigned) {
      const unsigned width = t.getIntOrFloatBitWidth();
      mlir::Value minValue = mlir::arith::ConstantOp::create(
          b_, l, b_.getIntegerAttr(t, llvm::APInt::getSignedMinValue(width)));
      mlir::Value overflows = mlir::arith::AndIOp::create(
          b_, l, mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, a, minValue),
          mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, b, intConst(-1, t, l)));
      givesZero = mlir::arith::OrIOp::create(b_, l, givesZero, overflows); // both give 0
    }
    mlir::Value safeB = mlir::arith::SelectOp::create(b_, l, givesZero, one, b);
    mlir::Value q, r;
    if (isSigned) {
      q = mlir::arith::DivSIOp::create(b_, l, a, safeB);
      r = mlir::arith::SubIOp::create(b_, l, a, mlir::arith::MulIOp::create(b_, l, q, safeB));
      mlir::Value rNonZero = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, r, zero);
      mlir::Value rNeg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, r, zero);
      mlir::Value bNeg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, safeB, zero);
      mlir::Value differ = mlir::arith::XOrIOp::create(b_, l, rNeg, bNeg);
      mlir::Value fix = mlir::arith::AndIOp::create(b_, l, rNonZero, differ);
      q = mlir::arith::SelectOp::create(b_, l, fix, mlir::arith::SubIOp::create(b_, l, q, one), q);
      r = mlir::arith::SelectOp::create(b_, l, fix, mlir::arith::AddIOp::create(b_, l, r, safeB), r);
    } else {
      q = mlir::arith::DivUIOp::create(b_, l, a, safeB);
      r = mlir::arith::SubIOp::create(b_, l, a, mlir::arith::MulIOp::create(b_, l, q, safeB));
    }
    return mlir::arith::SelectOp::create(b_, l, givesZero, zero, wantQuotient ? q : r);
  }

  /// a ** b for integers by repeated squaring; a negative exponent gives 0
  /// (Python would give a float; Numba's integer power does the same).
  /// Python's float `a // b` and `a % b` as Numba computes them
  /// (numbers.py's real_divmod, CPython's float_divmod): mod = fmod(a, b)
  /// exactly (the math library's; Vulkan's OpFRem is only as precise as
  /// a - b·trunc(a/b)), div = (a - mod) / b, the remainder given the
  /// divisor's sign, the quotient snapped to an integer; a zero divisor
  /// gives a / b and NaN, as Numba's error model without exceptions.
  std::pair<mlir::Value, mlir::Value> floatDivMod(mlir::Value a, mlir::Value b, const Type &t,
                                                  ast::Location at) {
    using P = mlir::arith::CmpFPredicate;
    mlir::Location l = loc(at);
    mlir::Type ft = a.getType();
    auto cmp = [&](P p, mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::CmpFOp::create(b_, l, p, x, y);
    };
    auto sel = [&](mlir::Value c, mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::SelectOp::create(b_, l, c, x, y);
    };
    mlir::Value zero = floatConst(0, ft, l), negZero = floatConst(-0.0, ft, l);
    mlir::Value one = floatConst(1, ft, l), half = floatConst(0.5, ft, l);
    mlir::Value mod = realMath("math.fmod", {a, b}, t, at);
    mlir::Value div = mlir::arith::DivFOp::create(
        b_, l, mlir::arith::SubFOp::create(b_, l, a, mod), b);
    mlir::Value modTrue = cmp(P::UNE, mod, zero); // non-zero or NaN
    mlir::Value bNeg = cmp(P::OLT, b, zero);
    mlir::Value modNeg = cmp(P::OLT, mod, zero);
    mlir::Value fix = mlir::arith::AndIOp::create(
        b_, l, modTrue, mlir::arith::XOrIOp::create(b_, l, bNeg, modNeg));
    div = sel(fix, mlir::arith::SubFOp::create(b_, l, div, one), div);
    mod = sel(modTrue, sel(fix, mlir::arith::AddFOp::create(b_, l, mod, b), mod),
              sel(bNeg, negZero, zero));
    mlir::Value floor = mlir::math::FloorOp::create(b_, l, div);
    mlir::Value up = cmp(P::OGT, mlir::arith::SubFOp::create(b_, l, div, floor), half);
    mlir::Value snapped = sel(up, mlir::arith::AddFOp::create(b_, l, floor, one), floor);
    // A zero quotient gets the sign of the true quotient: (div·div)·a / b.
    mlir::Value zeroQuotient = mlir::arith::DivFOp::create(
        b_, l,
        mlir::arith::MulFOp::create(b_, l, mlir::arith::MulFOp::create(b_, l, div, div), a), b);
    mlir::Value floordiv = sel(cmp(P::ONE, div, zero), snapped, zeroQuotient);
    mlir::Value bZero = cmp(P::OEQ, b, zero);
    mlir::Value nan = floatConst(std::numeric_limits<double>::quiet_NaN(), ft, l);
    return {sel(bZero, mlir::arith::DivFOp::create(b_, l, a, b), floordiv), sel(bZero, nan, mod)};
  }

  /// The integer constant `v` holds, if it is one.
  static std::optional<int64_t> constantInteger(const Val &v) {
    if (v.parts.size() != 1)
      return std::nullopt;
    if (auto c = v.parts.front().getDefiningOp<mlir::arith::ConstantOp>())
      if (auto ia = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
        return v.type.isBoolean() ? ia.getValue().getZExtValue() : ia.getInt();
    return std::nullopt;
  }

  /// Numba computes `x ** n` for an integer exponent of at most this magnitude
  /// by repeated squaring, and through pow() above it (numbers.py's
  /// int_power_impl and static_power_impl).
  static constexpr int64_t kPowerBySquaringLimit = 0x10000;

  /// `base ** exponent` and pow(base, exponent) as numba-cuda computes them
  /// (numba/cuda/cpython/numbers.py, mathimpl.py), so that results agree bit
  /// for bit:
  ///  - float ** integer keeps the float's type and multiplies by repeated
  ///    squaring (r = 1; while e: if e & 1: r *= x; e >>= 1; x *= x), unrolled
  ///    for a constant exponent; a negative exponent gives 1 / r; |e| above
  ///    0x10000 goes to pow(x, float(e));
  ///  - float ** float is the math library's pow (docs/math.md);
  ///  - integer ** integer squares the same way; for a negative exponent the
  ///    result is 0 unless the base is 1 or -1, and 0 ** negative is the
  ///    type's minimum (numba's result when it does not raise
  ///    ZeroDivisionError);
  ///  - complex ** complex is numba-cuda's cpow (complexPower).
  Val power(const Val &base, const Val &exponent, ast::Location at) {
    mlir::Location l = loc(at);
    Type t = binaryResultType(ast::BinOpKind::Pow, base.type, exponent.type);
    if (t.isUnknown())
      fail(at, fmt::format("unsupported operand types {} and {}", base.type.str(),
                           exponent.type.str()));
    if (t.isComplex())
      return Val{t, complexPower(convert(base, t, at), convert(exponent, t, at), at)};
    if (t.isFloat() && exponent.type.isFloat())
      return Val{t, {realMath("math.pow", {convert(base, t, at).scalar(),
                                           convert(exponent, t, at).scalar()},
                              t, at)}};
    mlir::Value x = convert(base, t, at).scalar();
    // The exponent as Numba types it: int64 or uint64.
    Type expType = exponent.type.isInteger() && !exponent.type.isSigned()
                       ? Type::integer(64, false)
                       : Type::integer(64);
    if (t.isInteger())
      expType = t;
    mlir::Value e = convert(exponent, expType, at).scalar();
    std::optional<int64_t> constant = constantInteger(exponent);
    if (constant && !expType.isSigned() && *constant < 0)
      constant.reset(); // a uint64 above INT64_MAX
    if (constant && *constant >= -kPowerBySquaringLimit && *constant <= kPowerBySquaringLimit)
      return Val{t, {constantPower(x, *constant, t, l)}};
    return Val{t, {runtimePower(x, e, expType.isSigned(), t, at)}};
  }

  mlir::Value multiply(mlir::Value a, mlir::Value b, const Type &t, mlir::Location l) {
    if (t.isFloat())
      return mlir::arith::MulFOp::create(b_, l, a, b);
    return mlir::arith::MulIOp::create(b_, l, a, b);
  }

  /// The smallest value of the integer type `v` computes in.
  mlir::Value integerMinimum(mlir::Type t, mlir::Location l) {
    unsigned bits = t.getIntOrFloatBitWidth();
    return mlir::arith::ConstantOp::create(
        b_, l, b_.getIntegerAttr(t, llvm::APInt::getSignedMinValue(bits)));
  }

  /// x ** n for a constant n, |n| ≤ 0x10000: Numba's static_power_impl, the
  /// squaring loop unrolled (the multiplications in its order).
  mlir::Value constantPower(mlir::Value x, int64_t n, const Type &t, mlir::Location l) {
    bool invert = n < 0;
    uint64_t e = invert ? static_cast<uint64_t>(-n) : static_cast<uint64_t>(n);
    mlir::Value r; // null while r is still 1 (1 * v is v exactly)
    mlir::Value v = x;
    while (e != 0) {
      if (e & 1)
        r = r ? multiply(r, v, t, l) : v;
      e >>= 1;
      if (e != 0)
        v = multiply(v, v, t, l);
    }
    mlir::Type lowered = x.getType();
    if (!r)
      r = t.isFloat() ? floatConst(1, lowered, l) : intConst(1, lowered, l);
    if (!invert)
      return r;
    if (t.isFloat())
      return mlir::arith::DivFOp::create(b_, l, floatConst(1, lowered, l), r);
    // Numba's integer inversion of the result: 0 gives the minimum, 1 and -1
    // stay, anything else is 0.
    return integerInverse(r, r, l);
  }

  /// Numba's integer result of base ** negative given r = base ** |e|:
  /// `test` 0 → the type's minimum; `test` ±1 → r; otherwise 0.
  mlir::Value integerInverse(mlir::Value test, mlir::Value r, mlir::Location l) {
    mlir::Type t = test.getType();
    auto eq = [&](mlir::Value a, int64_t c) -> mlir::Value {
      return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, a,
                                         intConst(c, t, l));
    };
    mlir::Value unit = mlir::arith::OrIOp::create(b_, l, eq(test, 1), eq(test, -1));
    mlir::Value v = mlir::arith::SelectOp::create(b_, l, unit, r, intConst(0, t, l));
    return mlir::arith::SelectOp::create(b_, l, eq(test, 0), integerMinimum(t, l), v);
  }

  /// x ** e for a run-time integer e: Numba's int_power_impl (squaring loop;
  /// pow(x, float(e)) when |e| > 0x10000).
  mlir::Value runtimePower(mlir::Value x, mlir::Value e, bool expSigned, const Type &t,
                           ast::Location at) {
    mlir::Location l = loc(at);
    mlir::Type et = e.getType(), xt = x.getType();
    mlir::Value zero = intConst(0, et, l), one = intConst(1, et, l);
    mlir::Value negative =
        expSigned ? mlir::Value(mlir::arith::CmpIOp::create(
                        b_, l, mlir::arith::CmpIPredicate::slt, e, zero))
                  : mlir::Value(mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(false)));
    mlir::Value magnitude = mlir::arith::SelectOp::create(
        b_, l, negative, mlir::arith::SubIOp::create(b_, l, zero, e), e);
    // -INT_MIN overflows (Numba raises OverflowError there): pow() takes it.
    mlir::Value limit = intConst(kPowerBySquaringLimit, et, l);
    mlir::Value generic = mlir::arith::CmpIOp::create(
        b_, l, expSigned ? mlir::arith::CmpIPredicate::sgt : mlir::arith::CmpIPredicate::ugt,
        magnitude, limit);
    if (expSigned)
      generic = mlir::arith::OrIOp::create(
          b_, l, generic,
          mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, magnitude, zero));
    mlir::Block *genericB = newBlock(), *head = newBlock(), *body = newBlock(),
                *done = newBlock(), *exit = newBlock();
    exit->addArgument(xt, l);
    mlir::Value unitR = t.isFloat() ? floatConst(1, xt, l) : intConst(1, xt, l);
    mlir::cf::CondBranchOp::create(b_, l, generic, genericB, mlir::ValueRange{}, head,
                                   mlir::ValueRange{unitR, x, magnitude});
    // |e| > 0x10000: pow(x, float(e)) (an integer result is converted back).
    b_.setInsertionPointToEnd(genericB);
    {
      Type ft = t.isFloat() ? t : Type::floating(64);
      Type eType = Type::integer(64, expSigned);
      mlir::Value xf = convertScalar(x, t, ft, at);
      mlir::Value ef = convertScalar(e, eType, ft, at);
      mlir::Value p = realMath("math.pow", {xf, ef}, ft, at);
      mlir::cf::BranchOp::create(b_, l, exit, mlir::ValueRange{convertScalar(p, ft, t, at)});
    }
    // The squaring loop over (r, v, e).
    head->addArgument(xt, l);
    head->addArgument(xt, l);
    head->addArgument(et, l);
    b_.setInsertionPointToEnd(head);
    mlir::Value r = head->getArgument(0), v = head->getArgument(1), k = head->getArgument(2);
    mlir::Value more = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, k, zero);
    done->addArgument(xt, l);
    mlir::cf::CondBranchOp::create(b_, l, more, body, mlir::ValueRange{}, done,
                                   mlir::ValueRange{r});
    b_.setInsertionPointToEnd(body);
    mlir::Value odd = mlir::arith::CmpIOp::create(
        b_, l, mlir::arith::CmpIPredicate::ne, mlir::arith::AndIOp::create(b_, l, k, one), zero);
    mlir::Value nextR = mlir::arith::SelectOp::create(b_, l, odd, multiply(r, v, t, l), r);
    mlir::Value nextV = multiply(v, v, t, l);
    mlir::Value nextK = mlir::arith::ShRUIOp::create(b_, l, k, one);
    mlir::cf::BranchOp::create(b_, l, head, mlir::ValueRange{nextR, nextV, nextK});
    b_.setInsertionPointToEnd(done);
    mlir::Value result = done->getArgument(0);
    mlir::Value inverted;
    if (t.isFloat())
      inverted = mlir::arith::DivFOp::create(b_, l, floatConst(1, xt, l), result);
    else // Numba tests the base itself here, before the loop
      inverted = integerInverse(x, result, l);
    mlir::cf::BranchOp::create(
        b_, l, exit,
        mlir::ValueRange{mlir::arith::SelectOp::create(b_, l, negative, inverted, result)});
    b_.setInsertionPointToEnd(exit);
    return exit->getArgument(0);
  }

  /// numba-cuda's complex ** complex (mathimpl.py's cpow_implement, in the
  /// parts' precision): 1 for a zero exponent, 0 for a zero real part of
  /// both operands, otherwise |a|^c / e^(arg(a)·d) at angle arg(a)·c +
  /// d·log|a|, for exponent c + di; the last step multiplied as a complex
  /// product (complexBinary), as numba does.
  std::vector<mlir::Value> complexPower(const Val &a, const Val &b, ast::Location at) {
    mlir::Location l = loc(at);
    Type part = a.type.complexPart();
    mlir::Type ft = lowerScalar(part);
    mlir::Value ar = a.parts[0], ai = a.parts[1], br = b.parts[0], bi = b.parts[1];
    mlir::Value zero = floatConst(0, ft, l), one = floatConst(1, ft, l);
    auto oeq = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::OEQ, x, y);
    };
    auto mul = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::MulFOp::create(b_, l, x, y);
    };
    auto add = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
      return mlir::arith::AddFOp::create(b_, l, x, y);
    };
    mlir::Value bZero = mlir::arith::AndIOp::create(b_, l, oeq(br, zero), oeq(bi, zero));
    mlir::Value bothReZero = mlir::arith::AndIOp::create(b_, l, oeq(ar, zero), oeq(br, zero));
    mlir::Block *general = newBlock(), *exit = newBlock();
    exit->addArgument(ft, l);
    exit->addArgument(ft, l);
    mlir::Block *special = newBlock();
    mlir::Value isSpecial = mlir::arith::OrIOp::create(b_, l, bZero, bothReZero);
    mlir::cf::CondBranchOp::create(b_, l, isSpecial, special, general);
    b_.setInsertionPointToEnd(special);
    // (1 + 0j) for b == 0, else (0 + 0j)
    mlir::Value sre = mlir::arith::SelectOp::create(b_, l, bZero, one, zero);
    mlir::cf::BranchOp::create(b_, l, exit, mlir::ValueRange{sre, zero});
    b_.setInsertionPointToEnd(general);
    mlir::Value vabs = realMath("math.hypot", {ar, ai}, part, at);
    mlir::Value len = realMath("math.pow", {vabs, br}, part, at);
    mlir::Value angle = realMath("math.atan2", {ai, ar}, part, at);
    mlir::Value phase = mul(angle, br);
    mlir::Block *withImag = newBlock(), *join = newBlock();
    join->addArgument(ft, l);
    join->addArgument(ft, l);
    mlir::Value imagNonZero =
        mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::UNE, bi, zero);
    mlir::cf::CondBranchOp::create(b_, l, imagNonZero, withImag, mlir::ValueRange{}, join,
                                   mlir::ValueRange{len, phase});
    b_.setInsertionPointToEnd(withImag);
    mlir::Value len2 = mlir::arith::DivFOp::create(
        b_, l, len, realMath("math.exp", {mul(angle, bi)}, part, at));
    mlir::Value phase2 = add(phase, mul(bi, realMath("math.log", {vabs}, part, at)));
    mlir::cf::BranchOp::create(b_, l, join, mlir::ValueRange{len2, phase2});
    b_.setInsertionPointToEnd(join);
    mlir::Value lenJ = join->getArgument(0), phaseJ = join->getArgument(1);
    mlir::Value c = realMath("math.cos", {phaseJ}, part, at);
    mlir::Value s = realMath("math.sin", {phaseJ}, part, at);
    // len · (cos + sin·1j) with complex arithmetic throughout, as numba's
    // cpow_internal: (len + 0j) · ((cos + 0j) + (sin + 0j) · (0 + 1j)).
    const Type &ct = a.type;
    Val sinI = complexBinary(ast::BinOpKind::Mult, Val{ct, {s, zero}}, Val{ct, {zero, one}}, at);
    Val u = complexBinary(ast::BinOpKind::Add, Val{ct, {c, zero}}, sinI, at);
    Val r = complexBinary(ast::BinOpKind::Mult, Val{ct, {lenJ, zero}}, u, at);
    mlir::cf::BranchOp::create(b_, l, exit, mlir::ValueRange(r.parts));
    b_.setInsertionPointToEnd(exit);
    return {exit->getArgument(0), exit->getArgument(1)};
  }

  mlir::Value compareScalars(ast::CmpOpKind op, const Val &lhs, const Val &rhs, ast::Location at) {
    mlir::Location l = loc(at);
    if (lhs.type.isComplex() || rhs.type.isComplex()) {
      Type t = unifyTypes(lhs.type, rhs.type);
      Val a = convert(lhs, t, at), b = convert(rhs, t, at);
      Type part = t.complexPart();
      mlir::Value re = compareScalars(op, Val{part, {a.parts[0]}}, Val{part, {b.parts[0]}}, at);
      mlir::Value im = compareScalars(op, Val{part, {a.parts[1]}}, Val{part, {b.parts[1]}}, at);
      if (op == ast::CmpOpKind::Eq)
        return mlir::arith::AndIOp::create(b_, l, re, im);
      return mlir::arith::OrIOp::create(b_, l, re, im);
    }
    bool anyFloat = lhs.type.isFloat() || rhs.type.isFloat();
    Type t = anyFloat ? unifyTypes(lhs.type, rhs.type) : promoteIntegers(lhs.type, rhs.type);
    mlir::Value a = convert(lhs, t, at).scalar(), b = convert(rhs, t, at).scalar();
    if (anyFloat) {
      using P = mlir::arith::CmpFPredicate;
      P p = op == ast::CmpOpKind::Eq    ? P::OEQ
            : op == ast::CmpOpKind::NotEq ? P::UNE
            : op == ast::CmpOpKind::Lt    ? P::OLT
            : op == ast::CmpOpKind::LtE   ? P::OLE
            : op == ast::CmpOpKind::Gt    ? P::OGT
                                          : P::OGE;
      return mlir::arith::CmpFOp::create(b_, l, p, a, b);
    }
    using P = mlir::arith::CmpIPredicate;
    bool s = t.isSigned();
    P p = op == ast::CmpOpKind::Eq    ? P::eq
          : op == ast::CmpOpKind::NotEq ? P::ne
          : op == ast::CmpOpKind::Lt    ? (s ? P::slt : P::ult)
          : op == ast::CmpOpKind::LtE   ? (s ? P::sle : P::ule)
          : op == ast::CmpOpKind::Gt    ? (s ? P::sgt : P::ugt)
                                        : (s ? P::sge : P::uge);
    return mlir::arith::CmpIOp::create(b_, l, p, a, b);
  }

  /// `a < b < c`: each operand evaluated once, later comparisons only when
  /// the earlier ones hold (Python's chained comparison).
  Val compare(const ast::Compare &c) {
    mlir::Location l = loc(c.getLoc());
    Val prev = expr(*c.left);
    if (c.ops.size() == 1)
      return Val{Type::boolean(),
                 {compareScalars(c.ops[0], prev, expr(*c.comparators[0]), c.opLocs[0])}};
    mlir::Block *merge = newBlock();
    merge->addArgument(b_.getI1Type(), l);
    for (size_t i = 0; i < c.ops.size(); ++i) {
      Val next = expr(*c.comparators[i]);
      mlir::Value r = compareScalars(c.ops[i], prev, next, c.opLocs[i]);
      if (i + 1 == c.ops.size()) {
        mlir::cf::BranchOp::create(b_, l, merge, mlir::ValueRange{r});
      } else {
        mlir::Block *cont = newBlock();
        mlir::cf::CondBranchOp::create(b_, l, r, cont, mlir::ValueRange{}, merge,
                                          mlir::ValueRange{r});
        b_.setInsertionPointToEnd(cont);
      }
      prev = next;
    }
    b_.setInsertionPointToEnd(merge);
    return Val{Type::boolean(), {merge->getArgument(0)}};
  }

  /// `a and b` / `a or b`: Python returns the deciding operand (converted to
  /// the unified type), evaluating later operands only when needed.
  Val boolOp(const ast::BoolOp &bo) {
    mlir::Location l = loc(bo.getLoc());
    const Type &rt = typeOf(bo);
    mlir::Block *merge = newBlock();
    merge->addArgument(lowerScalar(rt), l);
    for (size_t i = 0; i < bo.values.size(); ++i) {
      Val v = expr(*bo.values[i]);
      Val conv = convert(v, rt, bo.values[i]->getLoc());
      if (i + 1 == bo.values.size()) {
        mlir::cf::BranchOp::create(b_, l, merge, mlir::ValueRange{conv.scalar()});
        break;
      }
      mlir::Value t = truth(v.scalar(), v.type, bo.values[i]->getLoc());
      mlir::Block *cont = newBlock();
      if (bo.op == ast::BoolOpKind::And)
        mlir::cf::CondBranchOp::create(b_, l, t, cont, mlir::ValueRange{}, merge,
                                          mlir::ValueRange{conv.scalar()});
      else
        mlir::cf::CondBranchOp::create(b_, l, t, merge, mlir::ValueRange{conv.scalar()}, cont,
                                          mlir::ValueRange{});
      b_.setInsertionPointToEnd(cont);
    }
    b_.setInsertionPointToEnd(merge);
    return Val{rt, {merge->getArgument(0)}};
  }

  /// `cuda.atomic.OP(ary, idx, ...)` / `nv.atomic.OP`: one
  /// memref.generic_atomic_rmw whose body computes the new element from the
  /// current one; nvc's SPIR-V conversion turns recognised bodies into single
  /// atomic instructions and the rest into compare-and-swap loops
  /// (passes/AtomicRMWToSPIRV.cpp). The result is the previous value.
  Val atomicCall(const ast::Call &c, const std::string &f, const Type &rt) {
    mlir::Location l = loc(c.getLoc());
    std::string op = f.substr(f.rfind('.') + 1);
    const ArrayHandle &a = arrayValue(*c.args[0]);
    mlir::Value idx = bufferIndex(a, elementLinear(a, *c.args[1], c.args[1]->getLoc()), 0, l);
    std::vector<mlir::Value> operands;
    for (size_t i = 2; i < c.args.size(); ++i)
      operands.push_back(convert(expr(*c.args[i]), rt, c.args[i]->getLoc()).scalar());
    mlir::Type memTy = llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType();
    if (memTy.isF64()) // a narrow= device function called from an unnarrowed kernel
      fail(c.args[0]->getLoc(), fmt::format("{}() on a float64 array: float64 atomics are not "
                                            "available on Vulkan devices; use a float32 array",
                                            f));
    if (memTy != lowerScalar(rt))
      fail(c.getLoc(), fmt::format("internal error: {}() on memory of another width", f));
    bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
    auto rmw = mlir::memref::GenericAtomicRMWOp::create(b_, l, a.buffer, mlir::ValueRange{idx});
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToEnd(rmw.getBody());
      mlir::Value cur = rmw.getCurrentValue(), v = operands.front(), next;
      using P = mlir::arith::CmpIPredicate;
      if (op == "add")
        next = isFloat ? mlir::Value(mlir::arith::AddFOp::create(b_, l, cur, v))
                       : mlir::Value(mlir::arith::AddIOp::create(b_, l, cur, v));
      else if (op == "sub")
        next = isFloat ? mlir::Value(mlir::arith::SubFOp::create(b_, l, cur, v))
                       : mlir::Value(mlir::arith::SubIOp::create(b_, l, cur, v));
      else if (op == "max" && isFloat) // NaN-propagating, as np.maximum
        next = mlir::arith::MaximumFOp::create(b_, l, cur, v);
      else if (op == "min" && isFloat)
        next = mlir::arith::MinimumFOp::create(b_, l, cur, v);
      else if (op == "nanmax") // NaN is a missing value, as np.fmax
        next = mlir::arith::MaxNumFOp::create(b_, l, cur, v);
      else if (op == "nanmin")
        next = mlir::arith::MinNumFOp::create(b_, l, cur, v);
      else if (op == "max")
        next = isSigned ? mlir::Value(mlir::arith::MaxSIOp::create(b_, l, cur, v))
                        : mlir::Value(mlir::arith::MaxUIOp::create(b_, l, cur, v));
      else if (op == "min")
        next = isSigned ? mlir::Value(mlir::arith::MinSIOp::create(b_, l, cur, v))
                        : mlir::Value(mlir::arith::MinUIOp::create(b_, l, cur, v));
      else if (op == "exch")
        next = v;
      else if (op == "and_")
        next = mlir::arith::AndIOp::create(b_, l, cur, v);
      else if (op == "or_")
        next = mlir::arith::OrIOp::create(b_, l, cur, v);
      else if (op == "xor")
        next = mlir::arith::XOrIOp::create(b_, l, cur, v);
      else if (op == "inc") { // numba.cuda: old >= val ? 0 : old + 1
        mlir::Value wrap = mlir::arith::CmpIOp::create(b_, l, P::uge, cur, v);
        mlir::Value one = intConst(1, memTy, l), zero = intConst(0, memTy, l);
        next = mlir::arith::SelectOp::create(b_, l, wrap, zero,
                                                mlir::arith::AddIOp::create(b_, l, cur, one));
      } else if (op == "dec") { // numba.cuda: old == 0 || old > val ? val : old - 1
        mlir::Value one = intConst(1, memTy, l), zero = intConst(0, memTy, l);
        mlir::Value reset = mlir::arith::OrIOp::create(b_, 
            l, mlir::arith::CmpIOp::create(b_, l, P::eq, cur, zero),
            mlir::arith::CmpIOp::create(b_, l, P::ugt, cur, v));
        next = mlir::arith::SelectOp::create(b_, l, reset, v,
                                                mlir::arith::SubIOp::create(b_, l, cur, one));
      } else if (op == "cas") { // cas(ary, idx, old, val): old is operands[0]
        mlir::Value same = mlir::arith::CmpIOp::create(b_, l, P::eq, cur, v);
        next = mlir::arith::SelectOp::create(b_, l, same, operands[1], cur);
      } else {
        fail(c.getLoc(), fmt::format("internal error: unknown atomic {}", f));
      }
      mlir::memref::AtomicYieldOp::create(b_, l, next);
    }
    return Val{rt, {rmw.getResult()}};
  }

  /// Subgroup (warp) operations as gpu dialect operations, which MLIR lowers
  /// to SPIR-V GroupNonUniform instructions over the invocations of the
  /// subgroup that reach them. Shuffles name the target's subgroup width
  /// (32, the lowering's requirement); SPIR-V shuffles have no width, so the
  /// code is correct for any subgroup size.
  Val subgroupCall(const ast::Call &c, const std::string &f, const Type &rt) {
    mlir::Location l = loc(c.getLoc());
    std::string name = f.substr(f.rfind('.') + 1);
    bool isCuda = f.rfind("cuda.", 0) == 0;
    std::vector<Val> args;
    for (size_t i = isCuda ? 1 : 0; i < c.args.size(); ++i)
      args.push_back(expr(*c.args[i]));
    if (isCuda && name != "activemask")
      name = name.substr(0, name.size() - 5);
    Type i64 = Type::integer(64), idxT = Type::integer(indexBits_);
    auto fromIndex = [&](mlir::Value v) {
      return Val{i64, {convertScalar(mlir::arith::IndexCastOp::create(b_, l, indexType(), v), idxT,
                                     i64, c.getLoc())}};
    };
    if (name == "size")
      return fromIndex(mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
    if (name == "lane")
      return fromIndex(mlir::gpu::LaneIdOp::create(b_, l, nullptr));
    if (name == "id")
      return fromIndex(mlir::gpu::SubgroupIdOp::create(b_, l, nullptr));
    if (name == "count")
      return fromIndex(mlir::gpu::NumSubgroupsOp::create(b_, l, nullptr));
    using K = mlir::gpu::AllReduceOperation;
    if (name == "sum" || name == "prod" || name == "min" || name == "max") {
      mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
      bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
      K kind = name == "sum"   ? K::ADD
               : name == "prod" ? K::MUL
               : name == "min"  ? (isFloat ? K::MINNUMF : isSigned ? K::MINSI : K::MINUI)
                                : (isFloat ? K::MAXNUMF : isSigned ? K::MAXSI : K::MAXUI);
      return Val{rt, {mlir::gpu::SubgroupReduceOp::create(b_, l, v, kind, /*uniform=*/false)}};
    }
    if (name.rfind("inclusive_", 0) == 0 || name.rfind("exclusive_", 0) == 0)
      return subgroupScan(c, name, convert(args[0], rt, c.getLoc()).scalar(), rt);
    if (name == "elect")
      return Val{Type::boolean(),
                 {mlir::spirv::GroupNonUniformElectOp::create(b_, l, mlir::spirv::Scope::Subgroup)}};
    if (name == "ballot" || name == "activemask" || name == "ballot_count") {
      // OpGroupNonUniformBallot: a uvec4 with bit i % 32 of word i / 32 set
      // for each active lane i whose predicate holds.
      mlir::Value p = name == "activemask" ? mlir::Value(mlir::arith::ConstantOp::create(b_, 
                                                 l, b_.getBoolAttr(true)))
                                           : truthOf(args[0], c.getLoc());
      mlir::Value words = ballot(p, l);
      if (name == "ballot_count") {
        mlir::Value n = mlir::spirv::GroupNonUniformBallotBitCountOp::create(b_, 
            l, b_.getI32Type(), mlir::spirv::Scope::Subgroup, mlir::spirv::GroupOperation::Reduce,
            words);
        return Val{rt, {convertScalar(n, Type::integer(32), rt, c.getLoc())}};
      }
      Val out{rt, {}};
      for (int32_t w = 0; w < (rt.isTuple() ? 4 : 1); ++w)
        out.parts.push_back(mlir::spirv::CompositeExtractOp::create(b_, l, words, w));
      return out;
    }
    if (name == "broadcast_first") {
      // SPIR-V 1.3 (Vulkan 1.1) has OpGroupNonUniformBroadcastFirst, but
      // MLIR's SPIR-V dialect does not: shuffle from the lowest active lane,
      // found with OpGroupNonUniformBallotFindLSB.
      mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
      mlir::Value all = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
      mlir::Value first = mlir::spirv::GroupNonUniformBallotFindLSBOp::create(b_, 
          l, b_.getI32Type(), mlir::spirv::Scope::Subgroup, ballot(all, l));
      return Val{rt, {shuffle32(v, first, mlir::gpu::ShuffleMode::IDX, l)}};
    }
    if (name == "any" || name == "all") {
      // any = max over the lanes' 0/1, all = min.
      mlir::Value p = truthOf(args[0], c.getLoc());
      mlir::Value asInt = mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), p);
      mlir::Value r = mlir::gpu::SubgroupReduceOp::create(b_, 
          l, asInt, name == "any" ? K::MAXUI : K::MINUI, /*uniform=*/false);
      return Val{Type::boolean(), {mlir::arith::CmpIOp::create(b_, 
                                      l, mlir::arith::CmpIPredicate::ne, r,
                                      intConst(0, b_.getI32Type(), l))}};
    }
    // Shuffles: value, then lane / mask / delta.
    mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
    mlir::Value operand =
        convert(args[1], Type::integer(32, true), c.getLoc()).scalar();
    mlir::gpu::ShuffleMode mode = mlir::gpu::ShuffleMode::IDX;
    if (name == "shuffle_xor" || name == "shfl_xor")
      mode = mlir::gpu::ShuffleMode::XOR;
    else if (name == "shuffle_up" || name == "shfl_up")
      mode = mlir::gpu::ShuffleMode::UP;
    else if (name == "shuffle_down" || name == "shfl_down")
      mode = mlir::gpu::ShuffleMode::DOWN;
    return Val{rt, {cudaShuffle(v, operand, mode, l)}};
  }

  /// A shuffle with CUDA's rules at the subgroup's edges (the CUDA
  /// Programming Guide's __shfl_*_sync with width = warpSize; SPIR-V leaves a
  /// source lane outside the subgroup undefined): shfl/shuffle reads lane
  /// `src` modulo the subgroup size; down, up and xor return the invocation's
  /// own value when lane + delta, lane - delta or lane ^ mask is not a lane
  /// of the subgroup (delta and mask unsigned, as CUDA's).
  mlir::Value cudaShuffle(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                          mlir::Location l) {
    using P = mlir::arith::CmpIPredicate;
    mlir::Type i32 = b_.getI32Type();
    mlir::Value size = mlir::arith::IndexCastOp::create(
        b_, l, i32, mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
    if (mode == mlir::gpu::ShuffleMode::IDX) {
      // Subgroup sizes are powers of two (Vulkan 1.1, VkPhysicalDeviceSubgroupProperties).
      mlir::Value mask = mlir::arith::SubIOp::create(b_, l, size, intConst(1, i32, l));
      return shuffle32(v, mlir::arith::AndIOp::create(b_, l, operand, mask), mode, l);
    }
    mlir::Value lane = mlir::arith::IndexCastOp::create(
        b_, l, i32, mlir::gpu::LaneIdOp::create(b_, l, nullptr));
    mlir::Value inside;
    switch (mode) {
    case mlir::gpu::ShuffleMode::DOWN: {
      // lane + delta < size without wrapping: delta < size - lane
      mlir::Value room = mlir::arith::SubIOp::create(b_, l, size, lane);
      inside = mlir::arith::CmpIOp::create(b_, l, P::ult, operand, room);
      break;
    }
    case mlir::gpu::ShuffleMode::UP:
      inside = mlir::arith::CmpIOp::create(b_, l, P::ule, operand, lane);
      break;
    default:
      inside = mlir::arith::CmpIOp::create(
          b_, l, P::ult, mlir::arith::XOrIOp::create(b_, l, lane, operand), size);
      break;
    }
    mlir::Value shuffled = shuffle32(v, operand, mode, l);
    return mlir::arith::SelectOp::create(b_, l, inside, shuffled, v);
  }

  /// A subgroup shuffle of a scalar, as SPIR-V's OpGroupNonUniformShuffle
  /// (Xor, Up, Down) with subgroup scope, emitted directly: MLIR's
  /// gpu.shuffle lowering mixes 32- and 64-bit lane arithmetic for up/down
  /// with 64-bit indices. SPIR-V shuffles have no width, so the code is
  /// correct for any subgroup size. Values travel as 32-bit words: narrower
  /// ones widened, 64-bit ones as two halves (as CUDA's __shfl_sync does for
  /// double and long long).
  mlir::Value shuffle32(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                        mlir::Location l) {
    namespace sp = mlir::spirv;
    auto scope = sp::ScopeAttr::get(&ctx_, sp::Scope::Subgroup);
    auto one = [&](mlir::Value w) -> mlir::Value {
      mlir::Type t = w.getType();
      switch (mode) {
      case mlir::gpu::ShuffleMode::XOR:
        return sp::GroupNonUniformShuffleXorOp::create(b_, l, t, scope, w, operand);
      case mlir::gpu::ShuffleMode::UP:
        return sp::GroupNonUniformShuffleUpOp::create(b_, l, t, scope, w, operand);
      case mlir::gpu::ShuffleMode::DOWN:
        return sp::GroupNonUniformShuffleDownOp::create(b_, l, t, scope, w, operand);
      case mlir::gpu::ShuffleMode::IDX:
        break;
      }
      return sp::GroupNonUniformShuffleOp::create(b_, l, t, scope, w, operand);
    };
    mlir::Type vt = v.getType();
    if (vt.getIntOrFloatBitWidth() == 64) {
      mlir::Type i64 = b_.getI64Type(), i32 = b_.getI32Type();
      mlir::Value bits = vt.isF64() ? mlir::Value(mlir::arith::BitcastOp::create(b_, l, i64, v)) : v;
      mlir::Value lo = mlir::arith::TruncIOp::create(b_, l, i32, bits);
      mlir::Value hi = mlir::arith::TruncIOp::create(b_, 
          l, i32, mlir::arith::ShRUIOp::create(b_, l, bits, intConst(32, i64, l)));
      lo = one(lo);
      hi = one(hi);
      mlir::Value r = mlir::arith::OrIOp::create(b_, 
          l, mlir::arith::ExtUIOp::create(b_, l, i64, lo),
          mlir::arith::ShLIOp::create(b_, l, mlir::arith::ExtUIOp::create(b_, l, i64, hi),
                                         intConst(32, i64, l)));
      return vt.isF64() ? mlir::Value(mlir::arith::BitcastOp::create(b_, l, vt, r)) : r;
    }
    if (vt.isInteger(1) || (vt.isIntOrIndex() && vt.getIntOrFloatBitWidth() < 32))
      v = mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), v);
    mlir::Value r = one(v);
    if (r.getType() != vt)
      r = mlir::arith::TruncIOp::create(b_, l, vt, r);
    return r;
  }

  /// OpGroupNonUniformBallot of the i1 `p` over the subgroup: vector<4xi32>.
  mlir::Value ballot(mlir::Value p, mlir::Location l) {
    return mlir::spirv::GroupNonUniformBallotOp::create(b_, 
        l, mlir::VectorType::get({4}, b_.getI32Type()), mlir::spirv::Scope::Subgroup, p);
  }

  /// nv.subgroup.inclusive_*/exclusive_* (sum, prod, min, max): a prefix
  /// scan over the active lanes in lane order, as SPIR-V's InclusiveScan /
  /// ExclusiveScan group operations (gpu.subgroup_reduce has no scans). The
  /// first lane of an exclusive scan gets the operation's identity (0, 1,
  /// the type's largest / smallest value, ±inf), as SPIR-V defines it.
  Val subgroupScan(const ast::Call &c, const std::string &name, mlir::Value v, const Type &rt) {
    mlir::Location l = loc(c.getLoc());
    namespace sp = mlir::spirv;
    auto op = name[0] == 'i' ? sp::GroupOperation::InclusiveScan : sp::GroupOperation::ExclusiveScan;
    std::string kind = name.substr(name.find('_') + 1);
    bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
    mlir::Type t = v.getType();
    auto scope = sp::Scope::Subgroup;
    mlir::Value r;
    if (kind == "sum")
      r = isFloat ? mlir::Value(sp::GroupNonUniformFAddOp::create(b_, l, t, scope, op, v, nullptr))
                  : mlir::Value(sp::GroupNonUniformIAddOp::create(b_, l, t, scope, op, v, nullptr));
    else if (kind == "prod")
      r = isFloat ? mlir::Value(sp::GroupNonUniformFMulOp::create(b_, l, t, scope, op, v, nullptr))
                  : mlir::Value(sp::GroupNonUniformIMulOp::create(b_, l, t, scope, op, v, nullptr));
    else if (kind == "min")
      r = isFloat    ? mlir::Value(sp::GroupNonUniformFMinOp::create(b_, l, t, scope, op, v, nullptr))
          : isSigned ? mlir::Value(sp::GroupNonUniformSMinOp::create(b_, l, t, scope, op, v, nullptr))
                     : mlir::Value(sp::GroupNonUniformUMinOp::create(b_, l, t, scope, op, v, nullptr));
    else
      r = isFloat    ? mlir::Value(sp::GroupNonUniformFMaxOp::create(b_, l, t, scope, op, v, nullptr))
          : isSigned ? mlir::Value(sp::GroupNonUniformSMaxOp::create(b_, l, t, scope, op, v, nullptr))
                     : mlir::Value(sp::GroupNonUniformUMaxOp::create(b_, l, t, scope, op, v, nullptr));
    return Val{rt, {r}};
  }

  /// cuda.syncthreads_count/and/or(p) (numba.cuda): a barrier that also
  /// combines p over the workgroup. Each subgroup counts its lanes with OpGroupNonUniformIAdd,
  /// one lane per subgroup adds that to a workgroup counter (an atomic add
  /// on a hidden Workgroup variable), and every invocation reads the total:
  ///   barrier; invocation (0,0,0) zeroes the counter; barrier;
  ///   elected lanes add; barrier; read.
  /// The first barrier keeps a previous round's readers (the same call in a
  /// loop) ahead of the zeroing. and = no invocation counted !p; or = the
  /// count is not 0. The result is an int32, as in numba.cuda.
  Val syncthreadsReduction(const ast::Call &c, const std::string &f) {
    mlir::Location l = loc(c.getLoc());
    mlir::Value p = truthOf(expr(*c.args[0]), c.getLoc());
    bool isAnd = f == "cuda.syncthreads_and";
    if (isAnd)
      p = mlir::arith::XOrIOp::create(b_, l, p, mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true)));
    mlir::Type i32 = b_.getI32Type();
    mlir::Value counter;
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      auto memrefTy = mlir::MemRefType::get(
          {1}, i32, mlir::MemRefLayoutAttrInterface(),
          mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Workgroup));
      counter = mlir::memref::AllocOp::create(b_, l, memrefTy);
      if (abi_)
        abi_->sharedMemoryBytes += 4;
    }
    mlir::Value zeroIdx = mlir::arith::ConstantIndexOp::create(b_, l, 0);
    mlir::Value zero = intConst(0, i32, l);
    mlir::gpu::BarrierOp::create(b_, l);
    mlir::Value first = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
    for (auto d : {mlir::gpu::Dimension::x, mlir::gpu::Dimension::y, mlir::gpu::Dimension::z}) {
      mlir::Value tid = mlir::gpu::ThreadIdOp::create(b_, l, d);
      mlir::Value isZero = mlir::arith::CmpIOp::create(b_, 
          l, mlir::arith::CmpIPredicate::eq, tid, mlir::arith::ConstantIndexOp::create(b_, l, 0));
      first = mlir::arith::AndIOp::create(b_, l, first, isZero);
    }
    mlir::scf::IfOp::create(b_, l, first, [&](mlir::OpBuilder &b, mlir::Location il) {
      mlir::memref::StoreOp::create(b, il, zero, counter, mlir::ValueRange{zeroIdx});
      mlir::scf::YieldOp::create(b, il);
    });
    mlir::gpu::BarrierOp::create(b_, l);
    mlir::Value one = mlir::arith::ExtUIOp::create(b_, l, i32, p);
    mlir::Value lanes = mlir::gpu::SubgroupReduceOp::create(b_, l, one, mlir::gpu::AllReduceOperation::ADD,
                                                               /*uniform=*/false);
    mlir::Value elected = mlir::spirv::GroupNonUniformElectOp::create(b_, l, mlir::spirv::Scope::Subgroup);
    mlir::scf::IfOp::create(b_, l, elected, [&](mlir::OpBuilder &b, mlir::Location il) {
      mlir::memref::AtomicRMWOp::create(b, il, mlir::arith::AtomicRMWKind::addi, lanes, counter,
                                          mlir::ValueRange{zeroIdx});
      mlir::scf::YieldOp::create(b, il);
    });
    mlir::gpu::BarrierOp::create(b_, l);
    mlir::Value n = mlir::memref::LoadOp::create(b_, l, counter, mlir::ValueRange{zeroIdx});
    Type rt = Type::integer(32);
    if (f == "cuda.syncthreads_count")
      return Val{rt, {convertScalar(n, rt, typeOf(c), c.getLoc())}};
    mlir::Value holds = mlir::arith::CmpIOp::create(b_, 
        l, isAnd ? mlir::arith::CmpIPredicate::eq : mlir::arith::CmpIPredicate::ne, n, zero);
    return Val{typeOf(c), {convertScalar(mlir::arith::ExtUIOp::create(b_, l, i32, holds), rt,
                                         typeOf(c), c.getLoc())}};
  }

  /// A real math function of float type `t` through the math library.
  mlir::Value realMath(const std::string &name, std::vector<mlir::Value> xs, const Type &t,
                       ast::Location at) {
    MathEmitter emitter{b_, loc(at),
                        [&](mlir::Value v, const Type &from, const Type &to) {
                          return convertScalar(v, from, to, at);
                        },
                        [&](const Type &ty) { return lowerScalar(ty); }};
    std::vector<Type> types(xs.size(), t);
    return emitMathBuiltin(emitter, name, xs, types, typeMathBuiltin(name, types, at), at)
        .front();
  }

  /// A complex function (ComplexMath.h) through ComplexCodegen.
  Val complexFunction(const std::string &f, const std::vector<Val> &args, const Type &rt,
                      ast::Location at) {
    MathEmitter emitter{b_, loc(at),
                        [&](mlir::Value v, const Type &from, const Type &to) {
                          return convertScalar(v, from, to, at);
                        },
                        [&](const Type &ty) { return lowerScalar(ty); }};
    std::vector<std::vector<mlir::Value>> leaves;
    std::vector<Type> types;
    for (auto &a : args) {
      leaves.push_back(a.parts);
      types.push_back(a.type);
    }
    return Val{rt, emitComplexFunction(emitter, f, leaves, types, rt, at)};
  }

  int64_t constantArg(const ast::Call &c, size_t i) { return k_.constants.at(c.args[i].get()).i; }

  mlir::Value indexToInt(mlir::Value v, mlir::Location l) {
    return mlir::arith::IndexCastOp::create(b_, l, indexType(), v);
  }

  Val call(const ast::Call &c) {
    mlir::Location l = loc(c.getLoc());
    const Type &callee = typeOf(*c.func);
    if (callee.kind() == Type::Kind::UserFunction)
      return userCall(c);
    if (callee.kind() == Type::Kind::Function &&
        (callee.name() == "cuda.syncthreads_count" || callee.name() == "cuda.syncthreads_and" ||
         callee.name() == "cuda.syncthreads_or"))
      return syncthreadsReduction(c, callee.name());
    if (callee.kind() == Type::Kind::Function &&
        (callee.name().rfind("nv.subgroup.", 0) == 0 || callee.name() == "cuda.activemask" ||
         (callee.name().rfind("cuda.", 0) == 0 &&
          callee.name().find("_sync") != std::string::npos)))
      return subgroupCall(c, callee.name(), typeOf(c));
    if (callee.kind() == Type::Kind::Function &&
        (callee.name().rfind("cuda.atomic.", 0) == 0 ||
         callee.name().rfind("nv.atomic.", 0) == 0))
      return atomicCall(c, callee.name(), typeOf(c));
    if (callee.kind() == Type::Kind::Function && k_.privateArrays.count(&c))
      return privateArray(c, callee.name(), typeOf(c));
    if (callee.kind() == Type::Kind::Function &&
        (callee.name() == "cuda.syncthreads" || callee.name() == "nv.barrier" ||
         callee.name() == "nv.syncthreads")) {
      // OpControlBarrier with workgroup scope and workgroup-memory semantics.
      mlir::gpu::BarrierOp::create(b_, l);
      return Val{Type::none(), {}};
    }
    const Type &rt = typeOf(c);
    if (callee.kind() == Type::Kind::DType)
      return convert(expr(*c.args[0]), callee.element(), c.getLoc());
    const std::string &f = callee.name();
    static const mlir::gpu::Dimension dims[] = {mlir::gpu::Dimension::x, mlir::gpu::Dimension::y,
                                                mlir::gpu::Dimension::z};
    Type i64 = Type::integer(64);
    Type idxT = Type::integer(indexBits_);
    auto asI64 = [&](mlir::Value v) { return convertScalar(indexToInt(v, l), idxT, i64, c.getLoc()); };
    if (f == "cuda.grid" || f == "cuda.gridsize") {
      int64_t n = constantArg(c, 0);
      Val v{rt, {}};
      for (int64_t d = 0; d < n; ++d) {
        if (f == "cuda.grid") {
          v.parts.push_back(asI64(mlir::gpu::GlobalIdOp::create(b_, l, dims[d])));
        } else {
          mlir::Value bd = indexToInt(mlir::gpu::BlockDimOp::create(b_, l, dims[d]), l);
          mlir::Value gd = indexToInt(mlir::gpu::GridDimOp::create(b_, l, dims[d]), l);
          v.parts.push_back(convertScalar(mlir::arith::MulIOp::create(b_, l, bd, gd), idxT, i64,
                                          c.getLoc()));
        }
      }
      return v;
    }
    if (f.rfind("nv.", 0) == 0 && c.args.size() == 1 && rt.isInteger()) {
      mlir::gpu::Dimension d = dims[constantArg(c, 0)];
      mlir::Value v;
      if (f == "nv.global_id")
        v = mlir::gpu::GlobalIdOp::create(b_, l, d);
      else if (f == "nv.local_id")
        v = mlir::gpu::ThreadIdOp::create(b_, l, d);
      else if (f == "nv.group_id")
        v = mlir::gpu::BlockIdOp::create(b_, l, d);
      else if (f == "nv.local_size")
        v = mlir::gpu::BlockDimOp::create(b_, l, d);
      else
        v = mlir::gpu::GridDimOp::create(b_, l, d);
      return Val{i64, {asI64(v)}};
    }
    if (f == "len") {
      Val v = expr(*c.args[0]);
      if (v.array)
        return Val{i64, {convertScalar(v.array->shape[0], idxT, i64, c.getLoc())}};
      return constant(ConstValue{i64, static_cast<int64_t>(v.type.elements().size())},
                      c.getLoc());
    }
    std::vector<Val> args;
    for (auto &a : c.args)
      args.push_back(expr(*a));
    if (f == "method.conjugate") {
      Val z = expr(*cast<ast::Attribute>(*c.func).value);
      if (!z.type.isComplex())
        return z;
      return Val{z.type, {z.parts[0], mlir::arith::NegFOp::create(b_, l, z.parts[1])}};
    }
    if (f == "complex") {
      Type part = rt.complexPart();
      mlir::Value re = convert(args[0], part, c.getLoc()).scalar();
      mlir::Value im = args.size() > 1 ? convert(args[1], part, c.getLoc()).scalar()
                                       : floatConst(0, lowerScalar(part), l);
      return Val{rt, {re, im}};
    }
    if (f == "pow")
      return convert(binary(ast::BinOpKind::Pow, args[0], args[1], c.getLoc()), rt, c.getLoc());
    std::vector<Type> argTypes;
    for (auto &a : args)
      argTypes.push_back(a.type);
    if (rt.isComplex() || isComplexFunction(f, argTypes))
      return complexFunction(f, args, rt, c.getLoc());
    if (f == "abs" || f == "np.abs" || f == "np.absolute") {
      Val x = convert(args[0], rt, c.getLoc());
      if (rt.isFloat())
        return Val{rt, {mlir::math::AbsFOp::create(b_, l, x.scalar())}};
      if (!rt.isSigned())
        return x;
      // numba keeps an int8/int16 abs in its type (abs(int16(-32768)) is
      // -32768). It is computed in 32 bits and truncated: NVIDIA's driver
      // keeps a narrow result of narrow arithmetic (0 - x in 16 bits) in a
      // 32-bit register without wrapping it, and a later extension to 64
      // bits read 32768 (tests/difftest/FOUND.md #25); a truncation wraps.
      mlir::Value v = x.scalar();
      mlir::Type narrow = v.getType();
      const bool subword = narrow.getIntOrFloatBitWidth() < 32;
      if (subword)
        v = mlir::arith::ExtSIOp::create(b_, l, b_.getI32Type(), v);
      mlir::Value zero = intConst(0, v.getType(), l);
      mlir::Value neg = mlir::arith::SubIOp::create(b_, l, zero, v);
      mlir::Value isNeg =
          mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, v, zero);
      mlir::Value r = mlir::arith::SelectOp::create(b_, l, isNeg, neg, v);
      if (subword)
        r = mlir::arith::TruncIOp::create(b_, l, narrow, r);
      return Val{rt, {r}};
    }
    if ((f == "np.minimum" || f == "np.maximum") && rt.isFloat() && args.size() == 2) {
      // NumPy's (and Numba's np_real_maximum_impl): NaN propagates (the
      // first NaN operand), otherwise a >= b ? a : b (<= for minimum).
      using P = mlir::arith::CmpFPredicate;
      mlir::Value a = convert(args[0], rt, c.getLoc()).scalar();
      mlir::Value b = convert(args[1], rt, c.getLoc()).scalar();
      mlir::Value aNan = mlir::arith::CmpFOp::create(b_, l, P::UNO, a, a);
      mlir::Value anyNan = mlir::arith::CmpFOp::create(b_, l, P::UNO, a, b);
      mlir::Value nanResult = mlir::arith::SelectOp::create(b_, l, aNan, a, b);
      mlir::Value takeA = mlir::arith::CmpFOp::create(
          b_, l, f == "np.maximum" ? P::OGE : P::OLE, a, b);
      mlir::Value ordered = mlir::arith::SelectOp::create(b_, l, takeA, a, b);
      return Val{rt, {mlir::arith::SelectOp::create(b_, l, anyNan, nanResult, ordered)}};
    }
    if (f == "min" || f == "max" || f == "np.minimum" || f == "np.maximum") {
      bool isMin = f == "min" || f == "np.minimum";
      mlir::Value acc = convert(args[0], rt, c.getLoc()).scalar();
      for (size_t i = 1; i < args.size(); ++i) {
        mlir::Value x = convert(args[i], rt, c.getLoc()).scalar();
        // Python's min/max keep the first of equal elements and compare with <.
        Val accV{rt, {acc}}, xV{rt, {x}};
        mlir::Value takeX = compareScalars(isMin ? ast::CmpOpKind::Lt : ast::CmpOpKind::Gt, xV,
                                           accV, c.getLoc());
        acc = mlir::arith::SelectOp::create(b_, l, takeX, x, acc);
      }
      return Val{rt, {acc}};
    }
    if (f == "divmod") {
      Val q = binary(ast::BinOpKind::FloorDiv, args[0], args[1], c.getLoc());
      Val r = binary(ast::BinOpKind::Mod, args[0], args[1], c.getLoc());
      return Val{rt, {q.scalar(), r.scalar()}};
    }
    if (f == "int" || f == "float" || f == "bool")
      return convert(args[0], rt, c.getLoc());
    if (isMathBuiltin(f)) {
      MathEmitter emitter{b_, l,
                          [&](mlir::Value v, const Type &from, const Type &to) {
                            return convertScalar(v, from, to, c.getLoc());
                          },
                          [&](const Type &t) { return lowerScalar(t); }};
      std::vector<mlir::Value> values;
      std::vector<Type> types;
      for (auto &a : args) {
        values.push_back(a.scalar());
        types.push_back(a.type);
      }
      return Val{rt, emitMathBuiltin(emitter, f, values, types, rt, c.getLoc())};
    }
    fail(c.getLoc(), fmt::format("{}() is not supported in kernels yet", f));
  }

  mlir::MLIRContext &ctx_;
  const SourceFile &file_;
  const TypedKernel &k_;
  mlir::OpBuilder b_;
  unsigned indexBits_; ///< ModuleLowering::indexBits
  unsigned intBits_;   ///< ModuleLowering::intBits
  bool narrowFloats_;
  bool float32Storage_;
  mlir::Block *entry_ = nullptr;
  mlir::Block *exit_ = nullptr;
  const InferenceContext &inference_;
  EntryPointABI *abi_ = nullptr; ///< kernels only: what the manifest records
  DeviceRequests &requested_;
  std::map<std::string, std::unique_ptr<ArrayHandle>> arrays_;
  /// Views made while generating (row views, views loaded from variables);
  /// a deque keeps their addresses stable.
  std::deque<ArrayHandle> views_;
  /// Variables holding views: the buffer is fixed (type inference checks
  /// that a variable views one parameter), the descriptor lives in slots so
  /// that assignments on different paths merge.
  struct ArrayLocal {
    Type type;
    mlir::Value buffer;
    std::vector<mlir::Value> slots; ///< offset, extents, strides
  };
  std::map<std::string, ArrayLocal> arrayLocals_;
  std::map<std::string, Local> locals_;
  std::vector<LoopTargets> loops_;
};

} // namespace

mlir::OwningOpRef<mlir::ModuleOp>
generateMLIR(mlir::MLIRContext &context, const SourceFile &file,
             const std::vector<std::pair<std::string, const TypedKernel *>> &kernels,
             const InferenceContext &inference, const ModuleLowering &lowering,
             const std::vector<LaunchChain> &chains, std::vector<EntryPointABI> &abis) {
  mlir::OpBuilder builder(&context);
  auto fileLoc = mlir::FileLineColLoc::get(&context, file.path(), 1, 1);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(fileLoc);
  module->getOperation()->setAttr("gpu.container_module", builder.getUnitAttr());
  builder.setInsertionPointToEnd(module->getBody());
  auto gpuModule = mlir::gpu::GPUModuleOp::create(builder, fileLoc, "kernels");
  mlir::OpBuilder inner(&context);
  inner.setInsertionPointToStart(gpuModule.getBody());
  DeviceRequests requested;
  std::set<std::string> generated;
  std::map<std::string, const TypedKernel *> kernelsByEntry;
  for (auto &[entryName, kernel] : kernels) {
    EntryPointABI abi;
    Generator(context, file, *kernel, lowering, inference, requested)
        .generate(inner, entryName, abi);
    abis.push_back(std::move(abi));
    kernelsByEntry[entryName] = kernel;
  }
  // Launch chains: one fused entry point each, calling private copies of
  // the kernels it launches.
  for (const LaunchChain &chain : chains) {
    if (kernels.empty())
      break;
    EntryPointABI abi;
    std::vector<std::pair<std::string, const TypedKernel *>> calls;
    Generator(context, file, *kernels.front().second, lowering, inference, requested)
        .generateChain(inner, chain, kernelsByEntry, abi, calls);
    abis.push_back(std::move(abi));
    for (auto &[name, kernel] : calls)
      Generator(context, file, *kernel, lowering, inference, requested)
          .generateDevice(inner, name);
  }
  // Device functions the kernels call, and those they call in turn.
  while (requested.all().size() > generated.size()) {
    for (const auto &[name, request] : std::map(requested.all())) {
      if (!generated.insert(name).second)
        continue;
      const TypedKernel &spec = *inference.specializations.at(request.key);
      try {
        Generator(context, file, spec, lowering, inference, requested)
            .generateDevice(inner, name, request.arrays);
      } catch (CompileError &e) {
        if (!e.file)
          e.file = spec.source; // errors in an imported helper name its file
        throw;
      }
    }
  }
  return module;
}

} // namespace nvc
