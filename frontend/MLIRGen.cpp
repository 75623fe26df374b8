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

#include "frontend/MathCodegen.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlowOps.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

#include <map>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

void registerNvcDialects(mlir::MLIRContext &context) {
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
size_t leafCount(const Type &t) {
  if (!t.isTuple())
    return 1;
  size_t n = 0;
  for (auto &e : t.elements())
    n += leafCount(e);
  return n;
}

class Generator {
public:
  Generator(mlir::MLIRContext &ctx, const SourceFile &file, const TypedKernel &kernel)
      : ctx_(ctx), file_(file), k_(kernel), b_(&ctx),
        indexBits_(kernel.intWidth == IntWidth::Narrow32 ? 32 : 64) {}

  mlir::func::FuncOp generate(mlir::OpBuilder &moduleBuilder, const std::string &entryName,
                              EntryPointABI &abi) {
    const ast::FunctionDef &def = *k_.def;
    const Signature &sig = k_.signature;
    abi.entryName = entryName;
    abi.functionName = def.name;
    abi.indexBits = indexBits_;

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
      } else if (t.isNumber()) {
        arg.deviceDtype = paramFieldType(t);
        scalarTys.push_back(lowerScalar(arg.deviceDtype));
      } else {
        throw CompileError(def.params[i].loc,
                           fmt::format("parameters of type {} are not supported", t.str()));
      }
      abi.arguments.push_back(arg);
    }
    std::vector<mlir::Type> inputs = scalarTys;
    inputs.insert(inputs.end(), bufferTys.begin(), bufferTys.end());
    inputs.insert(inputs.end(), descTys.begin(), descTys.end());

    auto func = moduleBuilder.create<mlir::func::FuncOp>(loc(def.getLoc()), entryName,
                                                          b_.getFunctionType(inputs, {}));
    func->setAttr("nvc.kernel", b_.getUnitAttr());
    func->setAttr("nvc.python_name", b_.getStringAttr(def.name));
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
      } else {
        mlir::Value v = entry_->getArgument(scalarIdx++);
        v = fromParamField(v, t, loc(def.params[i].loc));
        Val val{t, {v}};
        declareLocal(name, t, def.params[i].loc);
        storeLocal(name, val, def.params[i].loc);
      }
    }

    exit_ = new mlir::Block();
    block(def.body);
    if (!terminated())
      b_.create<mlir::cf::BranchOp>(loc(def.getLoc()), exit_);
    func.getBody().push_back(exit_);
    b_.setInsertionPointToEnd(exit_);
    b_.create<mlir::func::ReturnOp>(loc(def.getLoc()));
    return func;
  }

private:
  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  mlir::Type indexType() { return b_.getIntegerType(indexBits_); }

  /// Integer width inside the kernel: 64-bit integers become 32-bit by
  /// default (004_…txt "Integer and float width").
  unsigned intBits(const Type &t) const {
    return t.bits() == 64 && indexBits_ == 32 ? 32 : t.bits();
  }

  mlir::Type lowerScalar(const Type &t) {
    if (t.isBoolean())
      return b_.getI1Type();
    if (t.isInteger())
      return b_.getIntegerType(intBits(t));
    if (t.isFloat())
      return t.bits() == 32 ? mlir::Type(b_.getF32Type()) : mlir::Type(b_.getF64Type());
    throw CompileError({}, "internal error: no MLIR type for " + t.str());
  }

  /// Element type an array of `dtype` has on the device.
  Type storageType(const Type &dtype) const {
    if (dtype.isInteger() && dtype.bits() == 64 && indexBits_ == 32)
      return Type::integer(32, dtype.isSigned());
    return dtype;
  }

  /// Type of a scalar parameter's field in the parameter block: at least
  /// 32 bits, narrowed like everything else.
  Type paramFieldType(const Type &t) const {
    if (t.isFloat())
      return t;
    if (t.isBoolean() || t.bits() < 32)
      return Type::integer(32, !t.isInteger() || t.isSigned());
    return storageType(t);
  }

  mlir::MemRefType bufferMemRefType(const Type &dtype) {
    Type st = storageType(dtype);
    mlir::Type elem = st.isBoolean() ? mlir::Type(b_.getI8Type())
                      : st.isInteger() ? mlir::Type(b_.getIntegerType(st.bits()))
                                       : lowerScalar(st);
    return mlir::MemRefType::get(
        {mlir::ShapedType::kDynamic}, elem, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::StorageBuffer));
  }

  mlir::Value fromParamField(mlir::Value v, const Type &t, mlir::Location l) {
    if (t.isBoolean())
      return b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, v,
                                            intConst(0, v.getType(), l));
    mlir::Type want = lowerScalar(t);
    if (want != v.getType())
      return b_.create<mlir::arith::TruncIOp>(l, want, v);
    return v;
  }

  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  mlir::Location loc(ast::Location l) {
    return mlir::FileLineColLoc::get(&ctx_, file_.path(), l.line, l.col);
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
    return b_.create<mlir::arith::ConstantOp>(l, b_.getIntegerAttr(t, v));
  }

  mlir::Value floatConst(double v, mlir::Type t, mlir::Location l) {
    return b_.create<mlir::arith::ConstantOp>(l, b_.getFloatAttr(t, v));
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
        a.strides[d] = b_.create<mlir::arith::MulIOp>(l, a.strides[d + 1], a.shape[d + 1]);
    } else {
      a.strides[0] = one;
      for (unsigned d = 1; d < n; ++d)
        a.strides[d] = b_.create<mlir::arith::MulIOp>(l, a.strides[d - 1], a.shape[d - 1]);
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
    if (t.isTuple())
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
      local.slots.push_back(b_.create<mlir::memref::AllocaOp>(loc(at), memrefTy));
    }
    locals_[name] = std::move(local);
  }

  void storeLocal(const std::string &name, const Val &v, ast::Location at) {
    Local &local = locals_.at(name);
    Val conv = convert(v, local.type, at);
    for (size_t i = 0; i < local.slots.size(); ++i)
      b_.create<mlir::memref::StoreOp>(loc(at), conv.parts[i], local.slots[i]);
  }

  Val loadLocal(const std::string &name, ast::Location at) {
    Local &local = locals_.at(name);
    Val v{local.type, {}};
    for (auto slot : local.slots)
      v.parts.push_back(b_.create<mlir::memref::LoadOp>(loc(at), slot));
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
        return b_.create<mlir::arith::UIToFPOp>(l, target, v);
      return b_.create<mlir::arith::ExtUIOp>(l, target, v);
    }
    if (from.isInteger() && to.isInteger()) {
      unsigned fb = v.getType().getIntOrFloatBitWidth(), tb = target.getIntOrFloatBitWidth();
      if (fb == tb)
        return v;
      if (fb > tb)
        return b_.create<mlir::arith::TruncIOp>(l, target, v);
      if (from.isSigned())
        return b_.create<mlir::arith::ExtSIOp>(l, target, v);
      return b_.create<mlir::arith::ExtUIOp>(l, target, v);
    }
    if (from.isInteger() && to.isFloat()) {
      if (from.isSigned())
        return b_.create<mlir::arith::SIToFPOp>(l, target, v);
      return b_.create<mlir::arith::UIToFPOp>(l, target, v);
    }
    if (from.isFloat() && to.isInteger()) {
      if (to.isSigned())
        return b_.create<mlir::arith::FPToSIOp>(l, target, v);
      return b_.create<mlir::arith::FPToUIOp>(l, target, v);
    }
    if (from.isFloat() && to.isFloat()) {
      if (from.bits() < to.bits())
        return b_.create<mlir::arith::ExtFOp>(l, target, v);
      return b_.create<mlir::arith::TruncFOp>(l, target, v);
    }
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
    if (!v.type.isNumber() || !to.isNumber())
      fail(at, fmt::format("cannot convert {} to {}", v.type.str(), to.str()));
    return Val{to, {convertScalar(v.scalar(), v.type, to, at)}};
  }

  /// Python truthiness of a scalar: x != 0.
  mlir::Value truth(mlir::Value v, const Type &t, ast::Location at) {
    mlir::Location l = loc(at);
    if (t.isBoolean())
      return v;
    if (t.isFloat())
      return b_.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::UNE, v,
                                            floatConst(0, v.getType(), l));
    if (t.isInteger())
      return b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, v,
                                            intConst(0, v.getType(), l));
    fail(at, fmt::format("{} has no truth value", t.str()));
  }

  mlir::Value condition(const ast::Expr &e) {
    Val v = expr(e);
    return truth(v.scalar(), v.type, e.getLoc());
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
      if (v.array)
        fail(at, "assigning arrays to variables is not supported yet");
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
      Val conv = convert(v, dtype, at);
      storeElement(*array, index, conv.scalar(), at);
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
        Val old{dtype, {loadElement(*array, index, sub->getLoc())}};
        Val rhs = expr(*a.value);
        Val r = binary(a.op, old, rhs, a.opLoc);
        storeElement(*array, index, convert(r, dtype, a.opLoc).scalar(), a.opLoc);
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
      b_.create<mlir::cf::CondBranchOp>(l, c, thenB, elseB ? elseB : merge);
      b_.setInsertionPointToEnd(thenB);
      block(i.body);
      if (!terminated())
        b_.create<mlir::cf::BranchOp>(l, merge);
      if (elseB) {
        b_.setInsertionPointToEnd(elseB);
        block(i.orelse);
        if (!terminated())
          b_.create<mlir::cf::BranchOp>(l, merge);
      }
      b_.setInsertionPointToEnd(merge);
      return;
    }
    case ast::Stmt::Kind::While: {
      auto &w = cast<ast::While>(s);
      mlir::Block *head = newBlock(), *body = newBlock(),
                  *orelse = w.orelse.empty() ? nullptr : newBlock(), *exit = newBlock();
      b_.create<mlir::cf::BranchOp>(l, head);
      b_.setInsertionPointToEnd(head);
      mlir::Value c = condition(*w.test);
      b_.create<mlir::cf::CondBranchOp>(l, c, body, orelse ? orelse : exit);
      b_.setInsertionPointToEnd(body);
      loops_.push_back({exit, head});
      block(w.body);
      loops_.pop_back();
      if (!terminated())
        b_.create<mlir::cf::BranchOp>(l, head);
      if (orelse) {
        b_.setInsertionPointToEnd(orelse);
        block(w.orelse);
        if (!terminated())
          b_.create<mlir::cf::BranchOp>(l, exit);
      }
      b_.setInsertionPointToEnd(exit);
      return;
    }
    case ast::Stmt::Kind::For:
      forRange(cast<ast::For>(s));
      return;
    case ast::Stmt::Kind::Break:
      b_.create<mlir::cf::BranchOp>(l, loops_.back().breakTo);
      return;
    case ast::Stmt::Kind::Continue:
      b_.create<mlir::cf::BranchOp>(l, loops_.back().continueTo);
      return;
    case ast::Stmt::Kind::Pass:
      return;
    case ast::Stmt::Kind::Return:
      b_.create<mlir::cf::BranchOp>(l, exit_);
      return;
    default:
      fail(s.getLoc(), "this statement is not supported in kernels");
    }
  }

  /// `for target in range(start, stop, step)`: the counter lives in its own
  /// slot, so assigning to the loop variable in the body does not change
  /// the iteration (Python semantics). The sign of a run-time step picks
  /// the comparison at run time; a step of 0 runs no iterations (Python
  /// raises ValueError).
  void forRange(const ast::For &f) {
    mlir::Location l = loc(f.getLoc());
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
    auto slotTy = mlir::MemRefType::get(
        {}, ct, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
    mlir::Value counter;
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      counter = b_.create<mlir::memref::AllocaOp>(l, slotTy);
    }
    b_.create<mlir::memref::StoreOp>(l, start, counter);
    mlir::Block *head = newBlock(), *body = newBlock(), *latch = newBlock(),
                *orelse = f.orelse.empty() ? nullptr : newBlock(), *exit = newBlock();
    b_.create<mlir::cf::BranchOp>(l, head);
    b_.setInsertionPointToEnd(head);
    mlir::Value i = b_.create<mlir::memref::LoadOp>(l, counter);
    bool isSigned = counterT.isSigned();
    auto lt = isSigned ? mlir::arith::CmpIPredicate::slt : mlir::arith::CmpIPredicate::ult;
    auto gt = isSigned ? mlir::arith::CmpIPredicate::sgt : mlir::arith::CmpIPredicate::ugt;
    mlir::Value more;
    if (constStep && *constStep > 0) {
      more = b_.create<mlir::arith::CmpIOp>(l, lt, i, stop);
    } else if (constStep && *constStep < 0) {
      more = b_.create<mlir::arith::CmpIOp>(l, gt, i, stop);
    } else if (constStep) {
      more = b_.create<mlir::arith::ConstantOp>(l, b_.getBoolAttr(false));
    } else {
      mlir::Value zero = intConst(0, ct, l);
      mlir::Value up = b_.create<mlir::arith::CmpIOp>(l, gt, step, zero);
      mlir::Value down = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt,
                                                        step, zero);
      mlir::Value belowStop = b_.create<mlir::arith::CmpIOp>(l, lt, i, stop);
      mlir::Value aboveStop = b_.create<mlir::arith::CmpIOp>(l, gt, i, stop);
      mlir::Value upMore = b_.create<mlir::arith::AndIOp>(l, up, belowStop);
      mlir::Value downMore = b_.create<mlir::arith::AndIOp>(l, down, aboveStop);
      more = b_.create<mlir::arith::OrIOp>(l, upMore, downMore);
    }
    b_.create<mlir::cf::CondBranchOp>(l, more, body, orelse ? orelse : exit);
    b_.setInsertionPointToEnd(body);
    assign(*f.target, Val{counterT, {i}}, f.target->getLoc());
    loops_.push_back({exit, latch});
    block(f.body);
    loops_.pop_back();
    if (!terminated())
      b_.create<mlir::cf::BranchOp>(l, latch);
    b_.setInsertionPointToEnd(latch);
    mlir::Value cur = b_.create<mlir::memref::LoadOp>(l, counter);
    b_.create<mlir::memref::StoreOp>(l, b_.create<mlir::arith::AddIOp>(l, cur, step), counter);
    b_.create<mlir::cf::BranchOp>(l, head);
    if (orelse) {
      b_.setInsertionPointToEnd(orelse);
      block(f.orelse);
      if (!terminated())
        b_.create<mlir::cf::BranchOp>(l, exit);
    }
    b_.setInsertionPointToEnd(exit);
  }

  //===--------------------------------------------------------------------===//
  // Arrays
  //===--------------------------------------------------------------------===//

  const ArrayHandle &arrayOf(const ast::Expr &e) {
    if (auto *n = dyn_cast<ast::Name>(&e)) {
      auto it = arrays_.find(n->id);
      if (it != arrays_.end())
        return *it->second;
    }
    fail(e.getLoc(), "expected an array parameter");
  }

  /// Element index (in elements, index width) of `a[i, j, ...]`; negative
  /// indices count from the end, as NumPy (constant non-negative indices
  /// skip the check).
  std::pair<const ArrayHandle *, mlir::Value> elementAddress(const ast::Subscript &s) {
    const ArrayHandle &a = arrayOf(*s.value);
    std::vector<const ast::Expr *> indices;
    if (auto *t = dyn_cast<ast::Tuple>(s.index.get()))
      for (auto &e : t->elts)
        indices.push_back(e.get());
    else
      indices.push_back(s.index.get());
    mlir::Location l = loc(s.getLoc());
    mlir::Value linear = a.offset;
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
        mlir::Value neg = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt,
                                                         idx, zero);
        mlir::Value wrapped = b_.create<mlir::arith::AddIOp>(l, idx, a.shape[d]);
        idx = b_.create<mlir::arith::SelectOp>(l, neg, wrapped, idx);
      }
      mlir::Value term = b_.create<mlir::arith::MulIOp>(l, idx, a.strides[d]);
      linear = b_.create<mlir::arith::AddIOp>(l, linear, term);
    }
    return {&a, linear};
  }

  mlir::Value loadElement(const ArrayHandle &a, mlir::Value linear, ast::Location at) {
    mlir::Location l = loc(at);
    mlir::Value idx = b_.create<mlir::arith::IndexCastOp>(l, b_.getIndexType(), linear);
    mlir::Value v = b_.create<mlir::memref::LoadOp>(l, a.buffer, mlir::ValueRange{idx});
    const Type &dtype = a.type.element();
    if (dtype.isBoolean())
      return b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, v,
                                            intConst(0, v.getType(), l));
    return v;
  }

  void storeElement(const ArrayHandle &a, mlir::Value linear, mlir::Value v, ast::Location at) {
    mlir::Location l = loc(at);
    if (a.type.element().isBoolean())
      v = b_.create<mlir::arith::ExtUIOp>(l, b_.getI8Type(), v);
    mlir::Value idx = b_.create<mlir::arith::IndexCastOp>(l, b_.getIndexType(), linear);
    b_.create<mlir::memref::StoreOp>(l, v, a.buffer, mlir::ValueRange{idx});
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  Val constant(const ConstValue &c, ast::Location at) {
    mlir::Location l = loc(at);
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
      return Val{c.type, {b_.create<mlir::arith::ConstantOp>(l, b_.getBoolAttr(c.i != 0))}};
    if (intBits(c.type) == 32 && c.type.bits() == 64) {
      bool fits = c.type.isSigned() ? (c.i >= INT32_MIN && c.i <= INT32_MAX)
                                    : static_cast<uint64_t>(c.i) <= UINT32_MAX;
      if (!fits)
        fail(at, fmt::format("integer constant {} does not fit in the 32-bit integers kernels "
                             "compute with; use @jit(narrow=False) for 64-bit integers",
                             c.i));
    }
    return Val{c.type, {intConst(c.i, t, l)}};
  }

  Val expr(const ast::Expr &e) {
    auto cit = k_.constants.find(&e);
    if (cit != k_.constants.end() && !isa<ast::Call>(e))
      return constant(cit->second, e.getLoc());
    mlir::Location l = loc(e.getLoc());
    switch (e.getKind()) {
    case ast::Expr::Kind::FloatLiteral:
      return Val{Type::floating(64),
                 {floatConst(cast<ast::FloatLiteral>(e).value, b_.getF64Type(), l)}};
    case ast::Expr::Kind::BoolLiteral:
      return Val{Type::boolean(),
                 {b_.create<mlir::arith::ConstantOp>(l,
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
      auto [array, index] = elementAddress(s);
      return Val{array->type.element(), {loadElement(*array, index, e.getLoc())}};
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
        mlir::Value t = truth(v.scalar(), v.type, e.getLoc());
        mlir::Value one = b_.create<mlir::arith::ConstantOp>(l, b_.getBoolAttr(true));
        return Val{rt, {b_.create<mlir::arith::XOrIOp>(l, t, one)}};
      }
      case ast::UnaryOpKind::UAdd:
        return convert(v, rt, e.getLoc());
      case ast::UnaryOpKind::USub: {
        Val c = convert(v, rt, e.getLoc());
        if (rt.isFloat())
          return Val{rt, {b_.create<mlir::arith::NegFOp>(l, c.scalar())}};
        return Val{rt, {b_.create<mlir::arith::SubIOp>(l, intConst(0, c.scalar().getType(), l),
                                                       c.scalar())}};
      }
      case ast::UnaryOpKind::Invert: {
        Val c = convert(v, rt, e.getLoc());
        return Val{rt, {b_.create<mlir::arith::XOrIOp>(
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
      if (!rt.isNumber())
        fail(e.getLoc(), "conditional expressions of non-scalar type are not supported yet");
      mlir::Value c = condition(*i.test);
      mlir::Block *thenB = newBlock(), *elseB = newBlock(), *merge = newBlock();
      merge->addArgument(lowerScalar(rt), l);
      b_.create<mlir::cf::CondBranchOp>(l, c, thenB, elseB);
      b_.setInsertionPointToEnd(thenB);
      Val a = convert(expr(*i.body), rt, i.body->getLoc());
      b_.create<mlir::cf::BranchOp>(l, merge, mlir::ValueRange{a.scalar()});
      b_.setInsertionPointToEnd(elseB);
      Val bv = convert(expr(*i.orelse), rt, i.orelse->getLoc());
      b_.create<mlir::cf::BranchOp>(l, merge, mlir::ValueRange{bv.scalar()});
      b_.setInsertionPointToEnd(merge);
      return Val{rt, {merge->getArgument(0)}};
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
    if (base.kind() == Type::Kind::Dim3) {
      auto dim = a.attr == "x"   ? mlir::gpu::Dimension::x
                 : a.attr == "y" ? mlir::gpu::Dimension::y
                                 : mlir::gpu::Dimension::z;
      mlir::Value v;
      if (base.name() == "threadIdx")
        v = b_.create<mlir::gpu::ThreadIdOp>(l, dim);
      else if (base.name() == "blockIdx")
        v = b_.create<mlir::gpu::BlockIdOp>(l, dim);
      else if (base.name() == "blockDim")
        v = b_.create<mlir::gpu::BlockDimOp>(l, dim);
      else
        v = b_.create<mlir::gpu::GridDimOp>(l, dim);
      return Val{Type::integer(32), {b_.create<mlir::arith::IndexCastOp>(l, b_.getI32Type(), v)}};
    }
    if (base.isArray()) {
      const ArrayHandle &arr = arrayOf(*a.value);
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
          n = b_.create<mlir::arith::MulIOp>(l, n, arr.shape[d]);
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
    if (!lt.isNumber() || !rt.isNumber())
      fail(at, fmt::format("unsupported operand types {} and {}", lt.str(), rt.str()));
    bool anyFloat = lt.isFloat() || rt.isFloat();
    Type t;
    if (op == ast::BinOpKind::Div)
      t = anyFloat ? unifyTypes(lt, rt) : Type::floating(64);
    else if (anyFloat)
      t = unifyTypes(lt, rt);
    else if (lt.isBoolean() && rt.isBoolean() &&
             (op == ast::BinOpKind::BitAnd || op == ast::BinOpKind::BitOr ||
              op == ast::BinOpKind::BitXor))
      t = Type::boolean();
    else
      t = promoteIntegers(lt, rt);
    // Integer powers with a small constant exponent are multiplications.
    if (op == ast::BinOpKind::Pow) {
      if (auto rhsConst = rhsIn.parts.front().getDefiningOp<mlir::arith::ConstantOp>()) {
        if (auto ia = llvm::dyn_cast<mlir::IntegerAttr>(rhsConst.getValue())) {
          int64_t n = ia.getInt();
          if (n >= 1 && n <= 8) {
            mlir::Value x = convert(lhsIn, t, at).scalar();
            mlir::Value r = x;
            for (int64_t i = 1; i < n; ++i)
              r = t.isFloat() ? mlir::Value(b_.create<mlir::arith::MulFOp>(l, r, x))
                              : mlir::Value(b_.create<mlir::arith::MulIOp>(l, r, x));
            return Val{t, {r}};
          }
        }
      }
    }
    mlir::Value a = convert(lhsIn, t, at).scalar();
    mlir::Value b = convert(rhsIn, t, at).scalar();
    auto result = [&](mlir::Value v) { return Val{t, {v}}; };
    if (t.isFloat()) {
      switch (op) {
      case ast::BinOpKind::Add: return result(b_.create<mlir::arith::AddFOp>(l, a, b));
      case ast::BinOpKind::Sub: return result(b_.create<mlir::arith::SubFOp>(l, a, b));
      case ast::BinOpKind::Mult: return result(b_.create<mlir::arith::MulFOp>(l, a, b));
      case ast::BinOpKind::Div: return result(b_.create<mlir::arith::DivFOp>(l, a, b));
      case ast::BinOpKind::FloorDiv: {
        mlir::Value q = b_.create<mlir::arith::DivFOp>(l, a, b);
        return result(b_.create<mlir::math::FloorOp>(l, q));
      }
      case ast::BinOpKind::Mod: {
        // Python: the result takes the sign of the divisor.
        mlir::Value r = b_.create<mlir::arith::RemFOp>(l, a, b);
        mlir::Value zero = floatConst(0, a.getType(), l);
        mlir::Value rNonZero = b_.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::ONE, r, zero);
        mlir::Value rNeg = b_.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::OLT, r, zero);
        mlir::Value bNeg = b_.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::OLT, b, zero);
        mlir::Value differ = b_.create<mlir::arith::XOrIOp>(l, rNeg, bNeg);
        mlir::Value fix = b_.create<mlir::arith::AndIOp>(l, rNonZero, differ);
        mlir::Value adjusted = b_.create<mlir::arith::AddFOp>(l, r, b);
        return result(b_.create<mlir::arith::SelectOp>(l, fix, adjusted, r));
      }
      case ast::BinOpKind::Pow:
        if (t.bits() == 64)
          fail(at, "float64 ** with a non-constant exponent is not available yet "
                   "(GLSL.std.450's pow is 32-bit only)");
        return result(b_.create<mlir::math::PowFOp>(l, a, b));
      default:
        fail(at, "unsupported operator for floats");
      }
    }
    if (t.isBoolean()) {
      switch (op) {
      case ast::BinOpKind::BitAnd: return result(b_.create<mlir::arith::AndIOp>(l, a, b));
      case ast::BinOpKind::BitOr: return result(b_.create<mlir::arith::OrIOp>(l, a, b));
      default: return result(b_.create<mlir::arith::XOrIOp>(l, a, b));
      }
    }
    bool isSigned = t.isSigned();
    switch (op) {
    case ast::BinOpKind::Add: return result(b_.create<mlir::arith::AddIOp>(l, a, b));
    case ast::BinOpKind::Sub: return result(b_.create<mlir::arith::SubIOp>(l, a, b));
    case ast::BinOpKind::Mult: return result(b_.create<mlir::arith::MulIOp>(l, a, b));
    case ast::BinOpKind::BitAnd: return result(b_.create<mlir::arith::AndIOp>(l, a, b));
    case ast::BinOpKind::BitOr: return result(b_.create<mlir::arith::OrIOp>(l, a, b));
    case ast::BinOpKind::BitXor: return result(b_.create<mlir::arith::XOrIOp>(l, a, b));
    case ast::BinOpKind::LShift: return result(b_.create<mlir::arith::ShLIOp>(l, a, b));
    case ast::BinOpKind::RShift:
      if (isSigned)
        return result(b_.create<mlir::arith::ShRSIOp>(l, a, b));
      return result(b_.create<mlir::arith::ShRUIOp>(l, a, b));
    case ast::BinOpKind::FloorDiv:
    case ast::BinOpKind::Mod:
      return result(floorDivMod(op == ast::BinOpKind::FloorDiv, a, b, isSigned, l));
    case ast::BinOpKind::Pow:
      return result(integerPower(a, b, l));
    default:
      fail(at, "unsupported operator for integers");
    }
  }

  /// Python's a // b or a % b on integers: floor semantics, computed from a
  /// truncating division only (drivers disagree on OpSRem/OpSMod for
  /// negative operands); division by zero gives 0, as in numba.cuda.
  mlir::Value floorDivMod(bool wantQuotient, mlir::Value a, mlir::Value b, bool isSigned,
                          mlir::Location l) {
    mlir::Type t = a.getType();
    mlir::Value zero = intConst(0, t, l), one = intConst(1, t, l);
    mlir::Value bIsZero = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::eq, b, zero);
    mlir::Value safeB = b_.create<mlir::arith::SelectOp>(l, bIsZero, one, b);
    mlir::Value q, r;
    if (isSigned) {
      q = b_.create<mlir::arith::DivSIOp>(l, a, safeB);
      r = b_.create<mlir::arith::SubIOp>(l, a, b_.create<mlir::arith::MulIOp>(l, q, safeB));
      mlir::Value rNonZero = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, r, zero);
      mlir::Value rNeg = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt, r, zero);
      mlir::Value bNeg = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt, safeB, zero);
      mlir::Value differ = b_.create<mlir::arith::XOrIOp>(l, rNeg, bNeg);
      mlir::Value fix = b_.create<mlir::arith::AndIOp>(l, rNonZero, differ);
      q = b_.create<mlir::arith::SelectOp>(l, fix, b_.create<mlir::arith::SubIOp>(l, q, one), q);
      r = b_.create<mlir::arith::SelectOp>(l, fix, b_.create<mlir::arith::AddIOp>(l, r, safeB), r);
    } else {
      q = b_.create<mlir::arith::DivUIOp>(l, a, safeB);
      r = b_.create<mlir::arith::SubIOp>(l, a, b_.create<mlir::arith::MulIOp>(l, q, safeB));
    }
    return b_.create<mlir::arith::SelectOp>(l, bIsZero, zero, wantQuotient ? q : r);
  }

  /// a ** b for integers by repeated squaring; a negative exponent gives 0
  /// (Python would give a float; Numba's integer power does the same).
  mlir::Value integerPower(mlir::Value a, mlir::Value b, mlir::Location l) {
    mlir::Type t = a.getType();
    mlir::Block *head = newBlock(), *body = newBlock(), *exit = newBlock();
    for (int i = 0; i < 3; ++i)
      head->addArgument(t, l); // result, base, exponent
    exit->addArgument(t, l);
    mlir::Value one = intConst(1, t, l);
    b_.create<mlir::cf::BranchOp>(l, head, mlir::ValueRange{one, a, b});
    b_.setInsertionPointToEnd(head);
    mlir::Value res = head->getArgument(0), base = head->getArgument(1), e = head->getArgument(2);
    mlir::Value zero = intConst(0, t, l);
    mlir::Value more = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::sgt, e, zero);
    mlir::Value negExp = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt, e, zero);
    mlir::Value final = b_.create<mlir::arith::SelectOp>(l, negExp, zero, res);
    b_.create<mlir::cf::CondBranchOp>(l, more, body, mlir::ValueRange{}, exit,
                                      mlir::ValueRange{final});
    b_.setInsertionPointToEnd(body);
    mlir::Value odd = b_.create<mlir::arith::CmpIOp>(
        l, mlir::arith::CmpIPredicate::ne, b_.create<mlir::arith::AndIOp>(l, e, one), zero);
    mlir::Value withBase = b_.create<mlir::arith::MulIOp>(l, res, base);
    mlir::Value nextRes = b_.create<mlir::arith::SelectOp>(l, odd, withBase, res);
    mlir::Value nextBase = b_.create<mlir::arith::MulIOp>(l, base, base);
    mlir::Value nextE = b_.create<mlir::arith::ShRSIOp>(l, e, one);
    b_.create<mlir::cf::BranchOp>(l, head, mlir::ValueRange{nextRes, nextBase, nextE});
    b_.setInsertionPointToEnd(exit);
    return exit->getArgument(0);
  }

  mlir::Value compareScalars(ast::CmpOpKind op, const Val &lhs, const Val &rhs, ast::Location at) {
    mlir::Location l = loc(at);
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
      return b_.create<mlir::arith::CmpFOp>(l, p, a, b);
    }
    using P = mlir::arith::CmpIPredicate;
    bool s = t.isSigned();
    P p = op == ast::CmpOpKind::Eq    ? P::eq
          : op == ast::CmpOpKind::NotEq ? P::ne
          : op == ast::CmpOpKind::Lt    ? (s ? P::slt : P::ult)
          : op == ast::CmpOpKind::LtE   ? (s ? P::sle : P::ule)
          : op == ast::CmpOpKind::Gt    ? (s ? P::sgt : P::ugt)
                                        : (s ? P::sge : P::uge);
    return b_.create<mlir::arith::CmpIOp>(l, p, a, b);
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
        b_.create<mlir::cf::BranchOp>(l, merge, mlir::ValueRange{r});
      } else {
        mlir::Block *cont = newBlock();
        b_.create<mlir::cf::CondBranchOp>(l, r, cont, mlir::ValueRange{}, merge,
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
        b_.create<mlir::cf::BranchOp>(l, merge, mlir::ValueRange{conv.scalar()});
        break;
      }
      mlir::Value t = truth(v.scalar(), v.type, bo.values[i]->getLoc());
      mlir::Block *cont = newBlock();
      if (bo.op == ast::BoolOpKind::And)
        b_.create<mlir::cf::CondBranchOp>(l, t, cont, mlir::ValueRange{}, merge,
                                          mlir::ValueRange{conv.scalar()});
      else
        b_.create<mlir::cf::CondBranchOp>(l, t, merge, mlir::ValueRange{conv.scalar()}, cont,
                                          mlir::ValueRange{});
      b_.setInsertionPointToEnd(cont);
    }
    b_.setInsertionPointToEnd(merge);
    return Val{rt, {merge->getArgument(0)}};
  }

  int64_t constantArg(const ast::Call &c, size_t i) { return k_.constants.at(c.args[i].get()).i; }

  mlir::Value indexToInt(mlir::Value v, mlir::Location l) {
    return b_.create<mlir::arith::IndexCastOp>(l, indexType(), v);
  }

  Val call(const ast::Call &c) {
    mlir::Location l = loc(c.getLoc());
    const Type &callee = typeOf(*c.func);
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
          v.parts.push_back(asI64(b_.create<mlir::gpu::GlobalIdOp>(l, dims[d])));
        } else {
          mlir::Value bd = indexToInt(b_.create<mlir::gpu::BlockDimOp>(l, dims[d]), l);
          mlir::Value gd = indexToInt(b_.create<mlir::gpu::GridDimOp>(l, dims[d]), l);
          v.parts.push_back(convertScalar(b_.create<mlir::arith::MulIOp>(l, bd, gd), idxT, i64,
                                          c.getLoc()));
        }
      }
      return v;
    }
    if (f.rfind("nv.", 0) == 0 && c.args.size() == 1 && rt.isInteger()) {
      mlir::gpu::Dimension d = dims[constantArg(c, 0)];
      mlir::Value v;
      if (f == "nv.global_id")
        v = b_.create<mlir::gpu::GlobalIdOp>(l, d);
      else if (f == "nv.local_id")
        v = b_.create<mlir::gpu::ThreadIdOp>(l, d);
      else if (f == "nv.group_id")
        v = b_.create<mlir::gpu::BlockIdOp>(l, d);
      else if (f == "nv.local_size")
        v = b_.create<mlir::gpu::BlockDimOp>(l, d);
      else
        v = b_.create<mlir::gpu::GridDimOp>(l, d);
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
    if (f == "abs" || f == "np.abs" || f == "np.absolute") {
      Val x = convert(args[0], rt, c.getLoc());
      if (rt.isFloat())
        return Val{rt, {b_.create<mlir::math::AbsFOp>(l, x.scalar())}};
      if (!rt.isSigned())
        return x;
      mlir::Value zero = intConst(0, x.scalar().getType(), l);
      mlir::Value neg = b_.create<mlir::arith::SubIOp>(l, zero, x.scalar());
      mlir::Value isNeg = b_.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::slt,
                                                         x.scalar(), zero);
      return Val{rt, {b_.create<mlir::arith::SelectOp>(l, isNeg, neg, x.scalar())}};
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
        acc = b_.create<mlir::arith::SelectOp>(l, takeX, x, acc);
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
  unsigned indexBits_;
  mlir::Block *entry_ = nullptr;
  mlir::Block *exit_ = nullptr;
  std::map<std::string, std::unique_ptr<ArrayHandle>> arrays_;
  std::map<std::string, Local> locals_;
  std::vector<LoopTargets> loops_;
};

} // namespace

mlir::OwningOpRef<mlir::ModuleOp>
generateMLIR(mlir::MLIRContext &context, const SourceFile &file,
             const std::vector<std::pair<std::string, const TypedKernel *>> &kernels,
             std::vector<EntryPointABI> &abis) {
  mlir::OpBuilder builder(&context);
  auto fileLoc = mlir::FileLineColLoc::get(&context, file.path(), 1, 1);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(fileLoc);
  module->getOperation()->setAttr("gpu.container_module", builder.getUnitAttr());
  builder.setInsertionPointToEnd(module->getBody());
  auto gpuModule = builder.create<mlir::gpu::GPUModuleOp>(fileLoc, "kernels");
  mlir::OpBuilder inner(&context);
  inner.setInsertionPointToStart(gpuModule.getBody());
  for (auto &[entryName, kernel] : kernels) {
    EntryPointABI abi;
    Generator(context, file, *kernel).generate(inner, entryName, abi);
    abis.push_back(std::move(abi));
  }
  return module;
}

} // namespace nvc
