//===- GenFunction.cpp - Generator: function --------------------------------===//
//
// Functions: kernel entry points (their parameters bound from the storage
// buffers and the parameter block), launch chains fused into one entry point,
// and device functions.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Generator::Generator(mlir::MLIRContext &ctx, const SourceFile &file, const TypedKernel &kernel,
          const ModuleLowering &lowering, const InferenceContext &inference,
          DeviceRequests &requested, ReportSites &sites) : ctx_(ctx), file_(file), k_(kernel), b_(&ctx), indexBits_(lowering.indexBits),
      intBits_(lowering.intBits),
      narrowFloats_(lowering.narrowFloats), float32Storage_(lowering.float32Storage),
      inference_(inference), requested_(requested), sites_(sites) {}

void Generator::generateDevice(mlir::OpBuilder &moduleBuilder, const std::string &name,
                               const std::vector<mlir::MemRefType> &arrays) {
  const ast::FunctionDef &def = *k_.def;
  std::vector<mlir::Type> inputs;
  std::vector<mlir::Type> paramBuffers; // each parameter's buffer type (null: none)
  size_t arrayIdx = 0;
  for (auto &t : k_.signature.params) {
    size_t first = inputs.size();
    appendArgumentTypes(t, inputs,
                        (t.isArray() || t.isRecord()) && !arrays.empty() ? arrays[arrayIdx++]
                                                                          : nullptr);
    paramBuffers.push_back((t.isArray() || t.isRecord()) ? inputs[first] : mlir::Type());
  }
  // The hidden buffers it reports through, and whether it raised
  // (GenErrors.cpp).
  mlir::MemRefType wordBuffer = bufferMemRefType(Type::integer(32));
  if (k_.mayRaise)
    inputs.push_back(wordBuffer);
  if (k_.mayPrint)
    inputs.push_back(wordBuffer);
  // A record is returned as its array's buffer and its byte address.
  // An array, as its buffer, offset, extents and strides.
  std::vector<mlir::Type> results =
      k_.returnType.isRecord()
          ? std::vector<mlir::Type>{paramBuffers.at(k_.returnedRecordParam), indexType()}
      : k_.returnType.isArray() ? arrayResultTypes(paramBuffers.at(k_.returnedRecordParam),
                                                   k_.returnType.ndim())
                                : leafTypes(k_.returnType);
  returnsRaisedFlag_ = k_.mayRaise;
  if (returnsRaisedFlag_)
    results.push_back(b_.getI1Type());
  auto func = mlir::func::FuncOp::create(moduleBuilder, loc(def.getLoc()), name,
                                                        b_.getFunctionType(inputs, results));
  func.setPrivate();
  entry_ = func.addEntryBlock();
  b_.setInsertionPointToStart(entry_);
  unsigned argIdx = 0;
  // Re-bound array parameters become variables once every parameter's buffer
  // is known (a variable may hold views of several).
  std::vector<std::tuple<std::string, const ArrayHandle *, ast::Location>> rebound;
  for (size_t i = 0; i < k_.signature.params.size(); ++i) {
    const Type &t = k_.signature.params[i];
    const std::string &pname = def.params[i].name;
    if (isCompileTimeValue(t))
      continue; // calls through it are resolved by type inference
    if (t.kind() == Type::Kind::None)
      continue; // None (an omitted `y=None`): nothing to pass, and typing refuses its uses
    if (t.isRecord()) {
      ArrayHandle &base = views_.emplace_back();
      base.type = Type::array(t, 0, 'C');
      base.buffer = entry_->getArgument(argIdx++);
      base.byteAddressed = true;
      base.byteAlign = recordAlignment(t);
      base.offset = entry_->getArgument(argIdx++);
      storeRecordLocal(pname, recordAt(base, base.offset), def.params[i].loc);
      continue;
    }
    if (t.isArray()) {
      auto handle = std::make_unique<ArrayHandle>();
      handle->type = t;
      handle->buffer = entry_->getArgument(argIdx++);
      if (t.isRecordArray()) {
        handle->byteAddressed = true;
        handle->byteAlign = recordAlignment(t.element());
      }
      handle->offset = entry_->getArgument(argIdx++);
      for (unsigned d = 0; d < t.ndim(); ++d)
        handle->shape.push_back(entry_->getArgument(argIdx++));
      for (unsigned d = 0; d < t.ndim(); ++d)
        handle->strides.push_back(entry_->getArgument(argIdx++));
      if (k_.reassignedArrayParams.count(pname))
        rebound.emplace_back(pname, handle.get(), def.params[i].loc);
      arrays_[pname] = std::move(handle);
    } else {
      Val v{t, {}};
      for (size_t k = 0; k < leafCount(t); ++k)
        v.parts.push_back(entry_->getArgument(argIdx++));
      declareLocal(pname, t, def.params[i].loc);
      storeLocal(pname, v, def.params[i].loc);
    }
  }
  for (auto &[name, handle, at] : rebound)
    storeArrayLocal(name, *handle, at);
  if (k_.mayRaise)
    errorBuffer_ = entry_->getArgument(argIdx++);
  if (k_.mayPrint)
    printBuffer_ = entry_->getArgument(argIdx++);
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
    for (auto t : k_.returnType.isRecord() ? std::vector<mlir::Type>(results.begin(),
                                                                     results.begin() + 2)
                                           : leafTypes(k_.returnType))
      undef.push_back(mlir::ub::PoisonOp::create(b_, loc(def.getLoc()), t));
    mlir::cf::BranchOp::create(b_, loc(def.getLoc()), exit_,
                               exitValues(undef, loc(def.getLoc())));
  }
  func.getBody().push_back(exit_);
  b_.setInsertionPointToEnd(exit_);
  std::vector<mlir::Value> values(exit_->getArguments().begin(), exit_->getArguments().end());
  mlir::func::ReturnOp::create(b_, loc(def.getLoc()), values);
}

mlir::func::FuncOp Generator::generate(mlir::OpBuilder &moduleBuilder, const std::string &entryName,
                                       EntryPointABI &abi) {
  const ast::FunctionDef &def = *k_.def;
  const Signature &sig = k_.signature;
  abi.entryName = entryName;
  abi.functionName = def.name;
  abi.indexBits = indexBits_;
  abi_ = &abi;
  // The device functions' shared arrays, allocated where they are inlined.
  abi.sharedMemoryBytes += static_cast<uint32_t>(deviceSharedArrayBytes(k_, inference_));

  std::vector<EntryParameter> params;
  for (size_t i = 0; i < sig.params.size(); ++i)
    params.push_back({def.params[i].name, def.params[i].loc, sig.params[i], k_.access[i]});
  EntryArguments args =
      entryArguments(params, abi, k_.mayRaise, k_.mayPrint, k_.gridSchedule.get());
  const std::vector<mlir::Type> &inputs = args.types;

  auto func = mlir::func::FuncOp::create(moduleBuilder, loc(def.getLoc()), entryName,
                                                        b_.getFunctionType(inputs, {}));
  func->setAttr(abi::kKernelAttr, b_.getUnitAttr());
  func->setAttr(abi::kPythonNameAttr, b_.getStringAttr(def.name));
  if (k_.fastmath)
    func->setAttr(abi::kFastmathAttr, b_.getUnitAttr());
  if (k_.coarsen)
    func->setAttr(abi::kCoarsenRequestAttr, b_.getI32IntegerAttr(k_.coarsen));
  if (args.gridSyncBuffer >= 0)
    func->setAttr(abi::kGridSyncArgAttr, b_.getI32IntegerAttr(args.gridSyncBuffer));
  if (k_.gridSchedule && k_.gridSchedule->dynamic)
    func->setAttr(abi::kGridSyncDynamicAttr, b_.getUnitAttr());
  // Array extents, strides and offsets are never negative (the runtime
  // passes dense device copies); FoldRangeChecks folds sign tests with it.
  for (size_t i = args.firstDescriptor; i < inputs.size(); ++i)
    func.setArgAttr(i, abi::kNonNegativeAttr, b_.getUnitAttr());
  entry_ = func.addEntryBlock();
  b_.setInsertionPointToStart(entry_);

  bindEntryArguments(params, args, [&](const EntryParameter &p, const Val &v) {
    declareLocal(p.name, p.type, p.loc);
    storeLocal(p.name, v, p.loc);
  });
  if (args.errorBuffer >= 0)
    errorBuffer_ = entry_->getArgument(args.errorBuffer);
  if (args.printBuffer >= 0)
    printBuffer_ = entry_->getArgument(args.printBuffer);

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

mlir::func::FuncOp
Generator::generateChain(mlir::OpBuilder &moduleBuilder, const LaunchChain &chain,
              const std::map<std::string, const TypedKernel *> &kernelsByEntry,
              EntryPointABI &abi,
              std::vector<std::pair<std::string, const TypedKernel *>> &calls) {
  const ast::FunctionDef &def = *chain.def;
  TypedChain typed = typeChain(chain, kernelsByEntry);
  abi.entryName = def.name;
  abi.functionName = def.name;
  abi.indexBits = indexBits_;
  abi_ = &abi;
  std::vector<EntryParameter> params;
  for (auto &p : def.params)
    params.push_back({p.name, p.loc, typed.types.at(p.name), typed.access[p.name]});
  bool chainRaises = false, chainPrints = false;
  for (size_t li = 0; li < typed.launched.size(); ++li)
    if (typed.launched[li]->gridSchedule)
      fail(chain.launches[li].loc,
           fmt::format("a launch chain cannot launch '{}': its grid barriers split it into "
                       "several dispatches (launch it on its own)",
                       chain.launches[li].kernel));
  for (const TypedKernel *k : typed.launched) {
    chainRaises |= k->mayRaise;
    chainPrints |= k->mayPrint;
  }
  EntryArguments args = entryArguments(params, abi, chainRaises, chainPrints);
  const std::vector<mlir::Type> &inputs = args.types;
  mlir::Location fl = loc(def.getLoc());
  auto func = mlir::func::FuncOp::create(moduleBuilder, fl, def.name,
                                                        b_.getFunctionType(inputs, {}));
  func->setAttr(abi::kKernelAttr, b_.getUnitAttr());
  func->setAttr(abi::kChainAttr, b_.getUnitAttr());
  func->setAttr(abi::kPythonNameAttr, b_.getStringAttr(def.name));
  if (typed.allFastmath)
    func->setAttr(abi::kFastmathAttr, b_.getUnitAttr());
  if (typed.assumesNoAlias)
    func->setAttr(abi::kAssumesNoAliasAttr, b_.getUnitAttr());
  entry_ = func.addEntryBlock();
  b_.setInsertionPointToStart(entry_);

  std::map<std::string, Val> scalars;
  bindEntryArguments(params, args,
                     [&](const EntryParameter &p, const Val &v) { scalars[p.name] = v; });
  if (args.errorBuffer >= 0)
    errorBuffer_ = entry_->getArgument(args.errorBuffer);
  if (args.printBuffer >= 0)
    printBuffer_ = entry_->getArgument(args.printBuffer);
  for (auto &im : chain.intermediates) {
    const Type &t = typed.types.at(im.name);
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
    alloca->setAttr(abi::kChainIntermediateAttr, b_.getStringAttr(im.name));
    handle->buffer = alloca;
    handle->offset = intConst(0, indexType(), il);
    handle->shape.push_back(like.shape[0]);
    handle->strides.push_back(intConst(1, indexType(), il));
    arrays_[im.name] = std::move(handle);
  }
  for (size_t li = 0; li < chain.launches.size(); ++li) {
    const LaunchChain::Launch &launch = chain.launches[li];
    const TypedKernel &k = *typed.launched[li];
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
    // A launched kernel that raises stops its invocation of that launch
    // only, as a launch of its own would: its raised flag is not looked at.
    std::vector<mlir::Type> results;
    if (k.mayRaise) {
      operands.push_back(errorBuffer_);
      results.push_back(b_.getI1Type());
    }
    if (k.mayPrint)
      operands.push_back(printBuffer_);
    mlir::func::CallOp::create(b_, loc(launch.loc), callee, results, operands);
  }
  mlir::func::ReturnOp::create(b_, fl);
  return func;
}

Generator::EntryArguments Generator::entryArguments(const std::vector<EntryParameter> &params,
                                                   EntryPointABI &abi, bool errorBuffer,
                                                   bool printBuffer,
                                                   const GridSchedule *gridSync) {
  std::vector<mlir::Type> scalarTys, bufferTys, descTys;
  for (const EntryParameter &p : params) {
    const Type &t = p.type;
    ArgumentABI arg;
    arg.name = p.name;
    arg.dtype = t.isArray() ? t.element() : t;
    if (t.isRecordArray() || t.isRecord()) {
      // Records travel as bytes: a uint8 array with a last dimension of the
      // itemsize (docs/manifest.md "Arrays of records"); a record argument
      // is one record, a 1-d array of its bytes.
      unsigned ndim = t.isRecord() ? 0 : t.ndim();
      arg.isArray = true;
      arg.ndim = ndim + 1;
      arg.layout = ndim == 0 || t.layout() == 'C' ? 'C' : 'A';
      arg.access = p.access;
      arg.deviceDtype = arg.dtype;
      bufferTys.push_back(bufferMemRefType(arg.dtype));
      for (unsigned d = 0; d < 2 * arg.ndim + 1; ++d)
        descTys.push_back(indexType());
    } else if (t.isArray()) {
      arg.isArray = true;
      arg.ndim = t.ndim();
      arg.layout = t.layout();
      arg.access = p.access;
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
      // zero-extended (docs/manifest.md); its device_dtype stays its dtype,
      // but for a float16, which travels as the float32 it is computed in.
      arg.deviceDtype = t.isFloat16() ? paramFieldType(t) : storageType(t);
      scalarTys.push_back(memoryType(paramFieldType(t)));
    } else {
      fail(p.loc, fmt::format("parameters of type {} are not supported", t.str()));
    }
    abi.arguments.push_back(arg);
  }
  EntryArguments out;
  out.types = scalarTys;
  out.types.insert(out.types.end(), bufferTys.begin(), bufferTys.end());
  // The hidden error and print buffers follow the arrays' (their bindings
  // come next: docs/manifest.md "Errors and printing").
  abi.errorBuffer = errorBuffer;
  abi.printBuffer = printBuffer;
  if (errorBuffer) {
    out.errorBuffer = static_cast<int>(out.types.size());
    out.types.push_back(bufferMemRefType(Type::integer(32)));
  }
  if (printBuffer) {
    out.printBuffer = static_cast<int>(out.types.size());
    out.types.push_back(bufferMemRefType(Type::integer(32)));
  }
  if (gridSync) {
    out.gridSyncBuffer = static_cast<int>(out.types.size());
    out.types.push_back(bufferMemRefType(Type::integer(32)));
    GridSyncABI g;
    g.dispatches = gridSync->dispatchesJson;
    for (const ast::Call *c : gridSync->barriers)
      g.barriers.push_back({c->getLoc().line, c->getLoc().col});
    abi.gridSync = g;
  }
  out.types.insert(out.types.end(), descTys.begin(), descTys.end());
  out.firstBuffer = scalarTys.size();
  out.firstDescriptor = out.types.size() - descTys.size();
  return out;
}

void Generator::bindEntryArguments(
    const std::vector<EntryParameter> &params, const EntryArguments &args,
    llvm::function_ref<void(const EntryParameter &, const Val &)> bindScalar) {
  std::vector<std::tuple<std::string, const ArrayHandle *, ast::Location>> rebound;
  unsigned scalarIdx = 0, bufferIdx = args.firstBuffer, descIdx = args.firstDescriptor;
  for (const EntryParameter &p : params) {
    const Type &t = p.type;
    mlir::Location pl = loc(p.loc);
    if (t.isRecordArray() || t.isRecord()) {
      // The bytes' descriptor: the record array's extents and strides
      // (bytes), then the byte dimension's, then the offset (bytes).
      auto handle = std::make_unique<ArrayHandle>();
      unsigned ndim = t.isRecord() ? 0 : t.ndim();
      handle->type = t.isRecord() ? Type::array(t, 0, 'C') : t;
      handle->buffer = entry_->getArgument(bufferIdx++);
      handle->byteAddressed = true;
      handle->byteAlign = recordAlignment(handle->type.element());
      for (unsigned d = 0; d < ndim; ++d)
        handle->shape.push_back(entry_->getArgument(descIdx++));
      ++descIdx; // the itemsize
      for (unsigned d = 0; d < ndim; ++d)
        handle->strides.push_back(entry_->getArgument(descIdx++));
      ++descIdx; // 1
      handle->offset = entry_->getArgument(descIdx++);
      if (t.isRecord()) {
        const ArrayHandle &base = views_.emplace_back(std::move(*handle));
        storeRecordLocal(p.name, recordAt(base, base.offset), p.loc);
        continue;
      }
      if (t.layout() == 'C')
        deriveContiguousStrides(*handle, pl);
      if (k_.reassignedArrayParams.count(p.name))
        rebound.emplace_back(p.name, handle.get(), p.loc);
      arrays_[p.name] = std::move(handle);
    } else if (t.isArray()) {
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
      if (k_.reassignedArrayParams.count(p.name))
        rebound.emplace_back(p.name, handle.get(), p.loc);
      arrays_[p.name] = std::move(handle);
    } else if (t.isComplex()) {
      mlir::Value re = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
      mlir::Value im = toWidth(entry_->getArgument(scalarIdx++), lowerScalar(t.complexPart()), pl);
      bindScalar(p, Val{t, {re, im}});
    } else {
      bindScalar(p, Val{t, {fromParamField(entry_->getArgument(scalarIdx++), t, pl)}});
    }
  }
  for (auto &[name, handle, at] : rebound)
    storeArrayLocal(name, *handle, at);
}

std::vector<mlir::Type> Generator::leafTypes(const Type &t) {
  std::vector<mlir::Type> out;
  if (t.kind() == Type::Kind::None)
    return out;
  std::vector<Type> leaves;
  flattenTypes(t, leaves);
  for (auto &leaf : leaves)
    out.push_back(lowerScalar(leaf));
  return out;
}

void Generator::appendArgumentTypes(const Type &t, std::vector<mlir::Type> &out,
                                    mlir::MemRefType buffer) {
  if (t.isRecord()) { // the array's words and the record's byte address
    out.push_back(buffer ? buffer : bufferMemRefType(t));
    out.push_back(indexType());
    return;
  }
  if (t.isArray()) {
    out.push_back(buffer ? buffer : bufferMemRefType(t.element()));
    for (unsigned k = 0; k < 2 * t.ndim() + 1; ++k)
      out.push_back(indexType());
    return;
  }
  if (isCompileTimeValue(t))
    return; // a function or dtype argument: the specialisation holds it
  for (auto leaf : leafTypes(t))
    out.push_back(leaf);
}

void Generator::flattenTypes(const Type &t, std::vector<Type> &out) {
  if (t.isComplex()) {
    out.push_back(t.complexPart());
    out.push_back(t.complexPart());
  } else if (t.isTuple()) {
    for (auto &e : t.elements())
      flattenTypes(e, out);
  } else if (t.kind() == Type::Kind::GridGroup) {
    // No value at run time: its sync() is a marker (passes/SplitGridBarriers).
  } else
    out.push_back(t);
}

mlir::func::FuncOp Generator::declaration(const std::string &name, mlir::Type result, mlir::Location l) {
  auto gpuModule = entry_->getParentOp()->getParentOfType<mlir::gpu::GPUModuleOp>();
  auto fn = gpuModule.lookupSymbol<mlir::func::FuncOp>(name);
  if (!fn) {
    mlir::OpBuilder mb = mlir::OpBuilder::atBlockBegin(gpuModule.getBody());
    fn = mlir::func::FuncOp::create(mb, l, name, mb.getFunctionType({}, {result}));
    fn.setPrivate();
  }
  return fn;
}

} // namespace nvc::mlirgen
