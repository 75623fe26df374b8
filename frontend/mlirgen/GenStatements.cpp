//===- GenStatements.cpp - Generator: statements ----------------------------===//
//
// Statements: blocks, assignments, locals (scalars, tuples, array views),
// control flow and loops (range, arrays, enumerate, zip).
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"
#include "frontend/syntax/Rebindings.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

bool Generator::terminated() {
  mlir::Block *block = b_.getInsertionBlock();
  return !block->empty() && block->back().hasTrait<mlir::OpTrait::IsTerminator>();
}

mlir::Block *Generator::newBlock() {
  mlir::Region *region = entry_->getParent();
  auto *block = new mlir::Block();
  region->push_back(block);
  return block;
}

void Generator::declareLocal(const std::string &name, const Type &t, ast::Location at) {
  if (locals_.count(name))
    return;
  Local local;
  local.type = t;
  std::vector<mlir::Value> &shared = webSlots_[{displayName(name), t.str()}];
  if (!shared.empty()) {
    local.slots = shared;
    locals_[name] = std::move(local);
    return;
  }
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
  shared = local.slots;
  locals_[name] = std::move(local);
}

void Generator::storeArrayLocal(const std::string &name, const ArrayHandle &a, ast::Location at) {
  auto it = arrayLocals_.find(name);
  if (it == arrayLocals_.end()) {
    ArrayLocal local;
    local.type = k_.varTypes.at(name);
    local.storage = a.storage;
    local.units = a.units;
    auto slotTy = mlir::MemRefType::get(
        {}, indexType(), mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    for (unsigned k = 0; k < 2 * a.type.ndim() + 1; ++k)
      local.slots.push_back(mlir::memref::AllocaOp::create(b_, loc(at), slotTy));
    if (auto roots = k_.arrayVariableRoots.find(name); roots != k_.arrayVariableRoots.end()) {
      for (size_t r : roots->second)
        local.candidates.push_back(arrays_.at(k_.def->params[r].name)->buffer);
      local.selector = mlir::memref::AllocaOp::create(
          b_, loc(at),
          mlir::MemRefType::get(
              {}, b_.getI32Type(), mlir::MemRefLayoutAttrInterface(),
              mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function)));
    } else {
      local.buffer = a.buffer;
    }
    it = arrayLocals_.emplace(name, std::move(local)).first;
  }
  if (!it->second.candidates.empty())
    mlir::memref::StoreOp::create(b_, loc(at), candidateIndex(it->second.candidates, a.buffer, at),
                                  it->second.selector);
  else if (it->second.buffer != a.buffer)
    fail(at, "a variable can only hold views of one array");
  if (it->second.storage != a.storage || it->second.units != a.units)
    fail(at, "a variable can only hold views of one dtype of an array");
  std::vector<mlir::Value> desc = {a.offset};
  desc.insert(desc.end(), a.shape.begin(), a.shape.end());
  desc.insert(desc.end(), a.strides.begin(), a.strides.end());
  for (size_t k = 0; k < desc.size(); ++k)
    mlir::memref::StoreOp::create(b_, loc(at), desc[k], it->second.slots[k]);
}

mlir::Value Generator::candidateIndex(const std::vector<mlir::Value> &candidates,
                                      mlir::Value buffer, ast::Location at) {
  mlir::Location l = loc(at);
  auto position = [&](mlir::Value b) -> std::optional<int64_t> {
    auto it = std::find(candidates.begin(), candidates.end(), b);
    if (it == candidates.end())
      return std::nullopt;
    return it - candidates.begin();
  };
  if (auto p = position(buffer))
    return intConst(*p, b_.getI32Type(), l);
  // A view of another variable with several candidates: its selector,
  // translated to positions among ours.
  auto selected = selectedBuffers_.find(buffer);
  if (selected == selectedBuffers_.end())
    fail(at, "internal error: a view of an array this variable does not hold");
  auto [selector, theirs] = selected->second;
  mlir::Value index = intConst(0, b_.getI32Type(), l);
  for (size_t j = 0; j < theirs.size(); ++j) {
    std::optional<int64_t> p = position(theirs[j]);
    if (!p)
      fail(at, "internal error: a view of an array this variable does not hold");
    index = mlir::arith::SelectOp::create(
        b_, l,
        mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, selector,
                                    intConst(static_cast<int64_t>(j), b_.getI32Type(), l)),
        intConst(*p, b_.getI32Type(), l), index);
  }
  return index;
}

Val Generator::loadArrayLocal(const std::string &name, ast::Location at) {
  ArrayLocal &local = arrayLocals_.at(name);
  ArrayHandle &v = views_.emplace_back();
  v.type = local.type;
  v.buffer = local.buffer;
  if (!local.candidates.empty()) {
    // The buffer the variable refers to now, chosen among its candidates.
    mlir::Location l = loc(at);
    mlir::Value selector = mlir::memref::LoadOp::create(b_, l, local.selector);
    mlir::Value buffer = local.candidates[0];
    for (size_t i = 1; i < local.candidates.size(); ++i)
      buffer = mlir::arith::SelectOp::create(
          b_, l,
          mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, selector,
                                      intConst(static_cast<int64_t>(i), b_.getI32Type(), l)),
          local.candidates[i], buffer);
    selectedBuffers_[buffer] = {selector, local.candidates};
    v.buffer = buffer;
  }
  v.storage = local.storage;
  v.units = local.units;
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

void Generator::storeLocal(const std::string &name, const Val &v, ast::Location at) {
  Local &local = locals_.at(name);
  Val conv = convert(v, local.type, at);
  for (size_t i = 0; i < local.slots.size(); ++i)
    mlir::memref::StoreOp::create(b_, loc(at), conv.parts[i], local.slots[i]);
}

Val Generator::loadLocal(const std::string &name, ast::Location at) {
  Local &local = locals_.at(name);
  Val v{local.type, {}};
  for (auto slot : local.slots)
    v.parts.push_back(mlir::memref::LoadOp::create(b_, loc(at), slot));
  return v;
}

mlir::Value Generator::condition(const ast::Expr &e) {
  Val v = expr(e);
  return truthOf(v, e.getLoc());
}

void Generator::block(const ast::Block &stmts) {
  for (auto &s : stmts) {
    if (terminated())
      b_.setInsertionPointToEnd(newBlock());
    stmt(*s);
  }
}

void Generator::assign(const ast::Expr &target, const Val &v, ast::Location at) {
  if (auto *name = dyn_cast<ast::Name>(&target)) {
    if (v.expression) {
      expressions_[name->id] = v.expression; // computed where it is read
      return;
    }
    if (v.array) {
      storeArrayLocal(name->id, *v.array, at);
      return;
    }
    if (v.recordBase) { // r = a[i]: the variable refers to the element
      storeRecordLocal(name->id, v, at);
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
  if (auto field = recordFieldOf(target)) { // r.x = v, r["x"] = v
    storeRecordField(expr(*field->first), field->second, v, at);
    return;
  }
  if (auto *sub = dyn_cast<ast::Subscript>(&target)) {
    if (typeOf(*sub).isArray()) {
      // A view (a row, a slice) as the target.
      const ArrayHandle &view = *expr(*sub).array;
      if (!v.type.isTuple()) {
        storeIntoView(view, v, at);
        return;
      }
      // A tuple assigned to a row: item j to element j of the row.
      mlir::Location l = loc(at);
      size_t pos = 0;
      for (size_t j = 0; j < v.type.elements().size(); ++j) {
        const Type &et = v.type.elements()[j];
        size_t n = leafCount(et);
        Val part{et, std::vector<mlir::Value>(v.parts.begin() + pos, v.parts.begin() + pos + n)};
        pos += n;
        mlir::Value linear = mlir::arith::AddIOp::create(
            b_, l, view.offset,
            mlir::arith::MulIOp::create(b_, l, intConst(static_cast<int64_t>(j), indexType(), l),
                                        view.strides.back()));
        storeElement(view, linear, convert(part, view.type.element(), at), at);
      }
      return;
    }
    auto [array, index] = elementAddress(*sub);
    Type dtype = array->type.element();
    Val conv = dtype.isRecord() ? v : convert(v, dtype, at);
    storeElement(*array, index, conv, at);
    return;
  }
  fail(target.getLoc(), "cannot assign to this expression");
}

void Generator::stmt(const ast::Stmt &s) {
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
    auto *values = dyn_cast<ast::Tuple>(a.value.get());
    const Type &vt = typeOf(*a.value);
    auto itemByItem = [&](const std::unique_ptr<ast::Expr> &t) {
      auto *targets = dyn_cast<ast::Tuple>(t.get());
      return targets && targets->elts.size() == values->elts.size();
    };
    if (values && vt.isTuple() &&
        std::any_of(vt.elements().begin(), vt.elements().end(),
                    [](const Type &e) { return e.isArrayLike(); }) &&
        a.targets.size() == 1 && itemByItem(a.targets.front())) {
      // x, y = a[i], b[i]: every item first, then each bound, as Python
      // does (other targets of a tuple of arrays are refused below).
      std::vector<Val> items;
      for (auto &e : values->elts)
        items.push_back(expr(*e));
      for (auto &t : a.targets) {
        auto &targets = cast<ast::Tuple>(*t);
        for (size_t k = 0; k < items.size(); ++k)
          assign(*targets.elts[k], items[k], values->elts[k]->getLoc());
      }
      return;
    }
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
    if (auto *sub = dyn_cast<ast::Subscript>(a.target.get()); sub && typeOf(*sub).isArray()) {
      // out[i, :] *= 2: the view's elements, each combined with the value's.
      Val view = expr(*sub);
      Val rhs = expr(*a.value);
      storeIntoView(*view.array, binary(a.op, view, rhs, a.opLoc), a.opLoc);
      return;
    }
    if (auto field = recordFieldOf(*a.target)) { // r.x += v: read, combine, write
      Val record = expr(*field->first);
      Val old = recordField(record, field->second, a.target->getLoc());
      Val rhs = expr(*a.value);
      storeRecordField(record, field->second, binary(a.op, old, rhs, a.opLoc), a.opLoc);
      return;
    }
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
    if (old.array) { // x += 1 on an array: in place
      storeIntoView(*old.array, binary(a.op, old, rhs, a.opLoc), a.opLoc);
      return;
    }
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
  case ast::Stmt::Kind::UnrolledFor: {
    // literal_unroll: each copy typed on its own (LiteralUnroll.h).
    auto &u = cast<ast::UnrolledFor>(s);
    unrolledLoop(
        u.copies.size(), [&](size_t k) { block(u.copies[k]); }, u.orelse, l);
    return;
  }
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
    if (k_.isDevice && r.value && k_.returnType.isRecord()) {
      Val record = expr(*r.value); // its array's buffer and its address
      values = {record.recordBase->buffer, record.scalar()};
    } else if (k_.isDevice && r.value && k_.returnType.isArray()) {
      const ArrayHandle &a = arrayValue(*r.value); // a view of a parameter's array
      if (a.reinterpreted() || a.byteAddressed)
        fail(r.value->getLoc(), "a device function cannot return a view with another dtype "
                                "(view()) or an array of records");
      values = {a.buffer, a.offset};
      values.insert(values.end(), a.shape.begin(), a.shape.end());
      values.insert(values.end(), a.strides.begin(), a.strides.end());
    } else if (k_.isDevice && r.value && k_.returnType.kind() != Type::Kind::None) {
      values = convert(expr(*r.value), k_.returnType, r.value->getLoc()).parts;
    }
    mlir::cf::BranchOp::create(b_, l, exit_, exitValues(values, l));
    return;
  }
  case ast::Stmt::Kind::Raise:
  case ast::Stmt::Kind::Assert:
    raiseStatement(s);
    return;
  default:
    fail(s.getLoc(), "this statement is not supported in kernels");
  }
}

void Generator::forStatement(const ast::For &f) {
  mlir::Location l = loc(f.getLoc());
  // enumerate(range(...)): the range's loop, with the item count alongside.
  if (auto *call = dyn_cast<ast::Call>(f.iter.get());
      call && typeOf(*call->func).kind() == Type::Kind::Function &&
      typeOf(*call->func).name() == "enumerate" && call->args.size() == 1 &&
      typeOf(*call->args[0]).kind() == Type::Kind::Range) {
    Type i64 = Type::integer(64);
    auto slotTy = mlir::MemRefType::get(
        {}, lowerScalar(i64), mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
    mlir::Value count;
    {
      mlir::OpBuilder::InsertionGuard guard(b_);
      b_.setInsertionPointToStart(entry_);
      count = mlir::memref::AllocaOp::create(b_, l, slotTy);
    }
    mlir::memref::StoreOp::create(b_, l, intConst(0, lowerScalar(i64), l), count);
    rangeLoop(f, cast<ast::Call>(*call->args[0]), [&](mlir::Value i, const Type &counterT) {
      mlir::Value k = mlir::memref::LoadOp::create(b_, l, count);
      mlir::memref::StoreOp::create(
          b_, l, mlir::arith::AddIOp::create(b_, l, k, intConst(1, lowerScalar(i64), l)), count);
      bindItems(*f.target, {Val{i64, {k}}, Val{counterT, {i}}}, f.target->getLoc());
    });
    return;
  }
  if (typeOf(*f.iter).kind() != Type::Kind::Range) {
    forEach(f);
    return;
  }
  rangeLoop(f, cast<ast::Call>(*f.iter), [&](mlir::Value i, const Type &counterT) {
    assign(*f.target, Val{counterT, {i}}, f.target->getLoc());
  });
}

void Generator::rangeLoop(const ast::For &f, const ast::Call &call,
                          const std::function<void(mlir::Value, const Type &)> &bind) {
  mlir::Location l = loc(f.getLoc());
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
  countedLoop(f, start, stop, step, constStep, counterT,
              [&](mlir::Value i) { bind(i, counterT); });
}

Generator::Iterable Generator::iterable(const ast::Expr &iter) {
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

Val Generator::item(const ArrayHandle &a, mlir::Value i, ast::Location at) {
  if (a.type.ndim() == 1) {
    mlir::Location l = loc(at);
    mlir::Value linear = mlir::arith::AddIOp::create(b_, 
        l, a.offset, mlir::arith::MulIOp::create(b_, l, i, a.strides[0]));
    return loadElement(a, linear, at);
  }
  return view(a, {i}, at);
}

void Generator::unrolledTupleLoop(const ast::For &f) {
  // One copy of the body per item (items that are tuples cannot live in a
  // private array).
  Val tuple = expr(*f.iter);
  const std::vector<Type> &items = typeOf(*f.iter).elements();
  std::vector<size_t> first(1, 0); // each item's first part
  for (const Type &t : items)
    first.push_back(first.back() + leafCount(t));
  unrolledLoop(
      items.size(),
      [&](size_t k) {
        Val item{items[k], std::vector<mlir::Value>(tuple.parts.begin() + first[k],
                                                    tuple.parts.begin() + first[k + 1])};
        assign(*f.target, item, f.target->getLoc());
        block(f.body);
      },
      f.orelse, loc(f.getLoc()));
}

void Generator::unrolledLoop(size_t count, const std::function<void(size_t)> &copy,
                             const ast::Block &orelse, mlir::Location l) {
  mlir::Block *orelseB = orelse.empty() ? nullptr : newBlock(), *exit = newBlock();
  for (size_t k = 0; k < count; ++k) {
    mlir::Block *next = k + 1 < count ? newBlock() : (orelseB ? orelseB : exit);
    loops_.push_back({exit, next});
    copy(k);
    loops_.pop_back();
    if (!terminated())
      mlir::cf::BranchOp::create(b_, l, next);
    b_.setInsertionPointToEnd(next);
  }
  if (count == 0)
    mlir::cf::BranchOp::create(b_, l, orelseB ? orelseB : exit);
  if (orelseB) {
    if (count == 0)
      b_.setInsertionPointToEnd(orelseB);
    block(orelse);
    if (!terminated())
      mlir::cf::BranchOp::create(b_, l, exit);
  }
  b_.setInsertionPointToEnd(exit);
}

void Generator::forEach(const ast::For &f) {
  mlir::Location l = loc(f.getLoc());
  if (typeOf(*f.iter).isTuple() && !typeOf(*f.iter).elements().empty() &&
      typeOf(*f.iter).elements().front().isTuple())
    return unrolledTupleLoop(f);
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

void Generator::bindItems(const ast::Expr &target, const std::vector<Val> &items, ast::Location at) {
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

void Generator::countedLoop(const ast::For &f, mlir::Value start, mlir::Value stop,
                            mlir::Value step, std::optional<int64_t> constStep,
                            const Type &counterT, const std::function<void(mlir::Value)> &bind) {
  mlir::Location l = loc(f.getLoc());
  mlir::Type ct = lowerScalar(counterT);
  auto slotTy = mlir::MemRefType::get(
      {}, ct, mlir::MemRefLayoutAttrInterface(),
      mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
  mlir::Value &counter = counterSlots_[{loops_.size(), ct.getAsOpaquePointer()}];
  if (!counter) {
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

} // namespace nvc::mlirgen
