//===- GenArrays.cpp - Generator: arrays ------------------------------------===//
//
// Arrays: views and their descriptors, element addresses, loads and stores,
// private, shared, dynamic shared and constant arrays.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

void Generator::deriveContiguousStrides(ArrayHandle &a, mlir::Location l) {
  unsigned n = a.type.ndim();
  if (n == 0)
    return; // a 0-d array: no strides
  // Arrays of records count bytes (GenRecords.cpp).
  mlir::Value one = intConst(a.type.isRecordArray() ? a.type.element().byteSize() : 1,
                             indexType(), l);
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

const ArrayHandle &Generator::arrayValue(const ast::Expr &e) {
  Val v = expr(e);
  if (!v.array)
    fail(e.getLoc(), "expected an array");
  return *v.array;
}

ArrayHandle &Generator::dataView(const ArrayHandle &a, const Type &type) {
  ArrayHandle &v = views_.emplace_back();
  v.type = type;
  v.buffer = a.buffer;
  v.storage = a.storage;
  v.units = a.units;
  v.offset = a.offset;
  return v;
}

Val Generator::view(const ArrayHandle &a, const std::vector<mlir::Value> &indices, ast::Location at) {
  mlir::Location l = loc(at);
  unsigned k = indices.size();
  ArrayHandle &v = dataView(a, viewType(a.type, k));
  for (unsigned d = 0; d < k; ++d)
    v.offset = mlir::arith::AddIOp::create(b_, 
        l, v.offset, mlir::arith::MulIOp::create(b_, l, indices[d], a.strides[d]));
  v.shape.assign(a.shape.begin() + k, a.shape.end());
  v.strides.assign(a.strides.begin() + k, a.strides.end());
  Val out{v.type, {}};
  out.array = &v;
  return out;
}

void Generator::countingLoop(mlir::Value n, mlir::Location l,
                             const std::function<void(mlir::Value)> &body) {
  mlir::Type it = n.getType();
  auto slotTy = mlir::MemRefType::get(
      {}, it, mlir::MemRefLayoutAttrInterface(),
      mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
  mlir::Value counter;
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    counter = mlir::memref::AllocaOp::create(b_, l, slotTy);
  }
  mlir::memref::StoreOp::create(b_, l, intConst(0, it, l), counter);
  mlir::Block *head = newBlock(), *loopBody = newBlock(), *exit = newBlock();
  mlir::cf::BranchOp::create(b_, l, head);
  b_.setInsertionPointToEnd(head);
  mlir::Value i = mlir::memref::LoadOp::create(b_, l, counter);
  mlir::Value more = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, i, n);
  mlir::cf::CondBranchOp::create(b_, l, more, loopBody, exit);
  b_.setInsertionPointToEnd(loopBody);
  body(i);
  if (!terminated()) {
    mlir::Value cur = mlir::memref::LoadOp::create(b_, l, counter);
    mlir::memref::StoreOp::create(b_, l, mlir::arith::AddIOp::create(b_, l, cur, intConst(1, it, l)),
                                  counter);
    mlir::cf::BranchOp::create(b_, l, head);
  }
  b_.setInsertionPointToEnd(exit);
}

mlir::Value Generator::elementCount(const std::vector<mlir::Value> &shape, mlir::Location l) {
  mlir::Value n = intConst(1, indexType(), l); // a 0-d array holds one element
  for (mlir::Value extent : shape)
    n = mlir::arith::MulIOp::create(b_, l, n, extent);
  return n;
}

void Generator::forEachElement(
    const ArrayHandle &v, mlir::Location l,
    const std::function<void(const std::vector<mlir::Value> &, mlir::Value)> &body) {
  std::vector<mlir::Value> idx;
  std::function<void(size_t, mlir::Value)> level = [&](size_t d, mlir::Value linear) {
    if (d == v.shape.size()) {
      body(idx, linear);
      return;
    }
    countingLoop(v.shape[d], l, [&](mlir::Value i) {
      idx.push_back(i);
      level(d + 1, mlir::arith::AddIOp::create(
                       b_, l, linear, mlir::arith::MulIOp::create(b_, l, i, v.strides[d])));
      idx.pop_back();
    });
  };
  level(0, v.offset);
}

void Generator::fillView(const ArrayHandle &target, const Val &value, ast::Location at) {
  Val conv = convert(value, target.type.element(), at);
  forEachElement(target, loc(at), [&](const std::vector<mlir::Value> &, mlir::Value linear) {
    storeElement(target, linear, conv, at);
  });
}

void Generator::storeIntoView(const ArrayHandle &target, const Val &value, ast::Location at) {
  if (value.isArrayLike())
    copyInto(target, value, at); // an array or expression, broadcast
  else
    fillView(target, value, at); // a number (also what 0-d operands give) set everywhere
}

std::array<mlir::Value, 3> Generator::sliceBounds(const ast::Slice &s, mlir::Value n,
                                                 ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Type it = indexType();
  using P = mlir::arith::CmpIPredicate;
  auto c = [&](int64_t v) { return intConst(v, it, l); };
  auto cmp = [&](P p, mlir::Value a, mlir::Value b) {
    return mlir::arith::CmpIOp::create(b_, l, p, a, b).getResult();
  };
  auto sel = [&](mlir::Value cond, mlir::Value a, mlir::Value b) {
    return mlir::arith::SelectOp::create(b_, l, cond, a, b).getResult();
  };
  auto add = [&](mlir::Value a, mlir::Value b) {
    return mlir::arith::AddIOp::create(b_, l, a, b).getResult();
  };
  auto sub = [&](mlir::Value a, mlir::Value b) {
    return mlir::arith::SubIOp::create(b_, l, a, b).getResult();
  };
  auto given = [](const ast::ExprPtr &p) { return p && !isa<ast::NoneLiteral>(*p); };
  auto value = [&](const ast::Expr &e) {
    return convert(expr(e), Type::integer(indexBits_), e.getLoc()).scalar();
  };
  mlir::Value step = c(1);
  if (given(s.step)) {
    step = value(*s.step);
    // As type inference decided: only a literal step is known to be nonzero.
    if (!isa<ast::IntLiteral>(*s.step))
      raiseIf(cmp(P::eq, step, c(0)), errorSite("ValueError", "slice step cannot be zero", 0,
                                                s.step->getLoc()),
              {}, s.step->getLoc());
  }
  mlir::Value negative = cmp(P::slt, step, c(0));
  // PySlice_AdjustIndices: a negative bound counts from the end; bounds are
  // clamped to [0, n] going forward and to [-1, n - 1] going backward.
  auto adjust = [&](mlir::Value v) {
    mlir::Value wrapped = add(v, n);
    mlir::Value low = sel(negative, c(-1), c(0));
    mlir::Value high = sel(negative, sub(n, c(1)), n);
    mlir::Value isNeg = cmp(P::slt, v, c(0));
    mlir::Value fromEnd = sel(cmp(P::slt, wrapped, c(0)), low, wrapped);
    mlir::Value fromStart = sel(cmp(P::sge, v, n), high, v);
    return sel(isNeg, fromEnd, fromStart);
  };
  mlir::Value start = given(s.lower) ? adjust(value(*s.lower)) : sel(negative, sub(n, c(1)), c(0));
  mlir::Value stop = given(s.upper) ? adjust(value(*s.upper)) : sel(negative, c(-1), n);
  // Forward: (stop - start - 1) / step + 1 when start < stop; backward:
  // (start - stop - 1) / -step + 1 when stop < start; else 0.
  mlir::Value span = sel(negative, sub(start, stop), sub(stop, start));
  mlir::Value magnitude = sel(negative, sub(c(0), step), step);
  mlir::Value count = add(mlir::arith::DivSIOp::create(b_, l, sub(span, c(1)), magnitude), c(1));
  mlir::Value length = sel(cmp(P::sgt, span, c(0)), count, c(0));
  return {start, step, length};
}

Val Generator::slicedView(const ArrayHandle &a, const std::vector<const ast::Expr *> &given,
                          const Type &t, ast::Location at) {
  const std::vector<const ast::Expr *> items = expandEllipsis(given, a.type.ndim());
  mlir::Location l = loc(at);
  ArrayHandle &v = dataView(a, t);
  auto mul = [&](mlir::Value x, mlir::Value y) {
    return mlir::arith::MulIOp::create(b_, l, x, y).getResult();
  };
  unsigned d = 0;
  for (const ast::Expr *item : items) {
    if (isa<ast::NoneLiteral>(*item)) {
      v.shape.push_back(intConst(1, indexType(), l));
      v.strides.push_back(intConst(0, indexType(), l));
      continue;
    }
    if (auto *s = dyn_cast<ast::Slice>(item)) {
      auto [start, step, length] = sliceBounds(*s, a.shape[d], s->getLoc());
      // An empty slice may start at n (a[n:]): no element is read through
      // it, so its offset does not matter; clamp it to stay in the array.
      mlir::Value empty = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq,
                                                      length, intConst(0, indexType(), l));
      start = mlir::arith::SelectOp::create(b_, l, empty, intConst(0, indexType(), l), start);
      v.offset = mlir::arith::AddIOp::create(b_, l, v.offset, mul(start, a.strides[d]));
      v.shape.push_back(length);
      v.strides.push_back(mul(a.strides[d], step));
      ++d;
      continue;
    }
    mlir::Value idx = indexValue(a, d, expr(*item), item, item->getLoc());
    v.offset = mlir::arith::AddIOp::create(b_, l, v.offset, mul(idx, a.strides[d]));
    ++d;
  }
  for (; d < a.shape.size(); ++d) {
    v.shape.push_back(a.shape[d]);
    v.strides.push_back(a.strides[d]);
  }
  Val out{v.type, {}};
  out.array = &v;
  return out;
}

std::pair<const ArrayHandle *, mlir::Value> Generator::elementAddress(const ast::Subscript &s) {
  const ArrayHandle &a = arrayValue(*s.value);
  return {&a, elementLinear(a, *s.index, s.getLoc())};
}

mlir::Value Generator::elementLinear(const ArrayHandle &a, const ast::Expr &index, ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Value linear = a.offset;
  std::vector<mlir::Value> idx = indexValues(a, index, at);
  for (size_t d = 0; d < idx.size(); ++d)
    linear = mlir::arith::AddIOp::create(b_, l, linear,
                                            mlir::arith::MulIOp::create(b_, l, idx[d], a.strides[d]));
  return linear;
}

std::vector<mlir::Value> Generator::indexValues(const ArrayHandle &a, const ast::Expr &index,
                                                ast::Location at) {
  std::vector<const ast::Expr *> indices = subscriptIndices(index);
  mlir::Location l = loc(at);
  std::vector<mlir::Value> out;
  Type idxT = Type::integer(indexBits_);
  // Each index's value and expression (null for the items of a tuple value:
  // `a[cuda.grid(2)]`, `a[idx]` with idx a tuple).
  std::vector<std::pair<Val, const ast::Expr *>> items;
  if (indices.size() == 1 && typeOf(*indices[0]).isTuple()) {
    Val t = expr(*indices[0]);
    size_t part = 0;
    for (const Type &e : t.type.elements())
      items.push_back({Val{e, {t.parts[part++]}}, nullptr});
  } else {
    for (auto *i : indices)
      items.push_back({expr(*i), i});
  }
  for (size_t d = 0; d < items.size(); ++d)
    out.push_back(indexValue(a, static_cast<unsigned>(d), items[d].first, items[d].second,
                             items[d].second ? items[d].second->getLoc() : at));
  return out;
}

mlir::Value Generator::indexValue(const ArrayHandle &a, unsigned d, const Val &iv,
                                  const ast::Expr *e, ast::Location at) {
  mlir::Location l = loc(at);
  Type idxT = Type::integer(indexBits_);
  // Floats (atomics' indices, numba's normalize_indices) convert to intp.
  bool isSigned = (iv.type.isInteger() && iv.type.isSigned()) || iv.type.isFloat();
  mlir::Value idx = convert(iv, isSigned ? idxT : Type::integer(indexBits_, false), at).scalar();
  mlir::Value original = idx;
  auto it = e ? k_.constants.find(e) : k_.constants.end();
  bool knownNonNegative = it != k_.constants.end() && it->second.i >= 0;
  if (isSigned && !knownNonNegative) {
    mlir::Value zero = intConst(0, indexType(), l);
    mlir::Value neg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, idx,
                                                  zero);
    mlir::Value wrapped = mlir::arith::AddIOp::create(b_, l, idx, a.shape[d]);
    idx = mlir::arith::SelectOp::create(b_, l, neg, wrapped, idx);
  }
  if (k_.boundscheck)
    checkIndex(idx, a.shape[d], d, original, a, at);
  return idx;
}

mlir::Value Generator::bufferIndex(const ArrayHandle &a, mlir::Value linear, unsigned part,
                                   mlir::Location l) {
  if (a.type.element().isComplex()) {
    linear = mlir::arith::MulIOp::create(b_, l, linear, intConst(2, indexType(), l));
    if (part)
      linear = mlir::arith::AddIOp::create(b_, l, linear, intConst(part, indexType(), l));
  }
  return mlir::arith::IndexCastOp::create(b_, l, b_.getIndexType(), linear);
}

Val Generator::loadElement(const ArrayHandle &a, mlir::Value linear, ast::Location at) {
  mlir::Location l = loc(at);
  const Type &dtype = a.type.element();
  if (dtype.isRecord()) // a record refers to its element (GenRecords.cpp)
    return recordAt(a, linear);
  if (a.byteAddressed) // an array field of a record
    return loadBytes(a, linear, dtype, a.byteAlign, at);
  if (a.reinterpreted()) {
    // The element's bits from `units` consecutive values of the buffer,
    // the first in the low bits (little-endian, as NumPy's views on the
    // host and every Vulkan device).
    const unsigned w = a.storage.bits(), bits = dtype.bits();
    mlir::Type wide = b_.getIntegerType(bits), unit = b_.getIntegerType(w);
    mlir::Value acc;
    for (unsigned k = 0; k < a.units; ++k) {
      mlir::Value at = k ? mlir::Value(mlir::arith::AddIOp::create(b_, l, linear,
                                                                   intConst(k, indexType(), l)))
                         : linear;
      mlir::Value v = mlir::memref::LoadOp::create(
          b_, l, a.buffer, mlir::ValueRange{mlir::arith::IndexCastOp::create(
                                b_, l, b_.getIndexType(), at)});
      if (v.getType() != unit)
        v = mlir::arith::BitcastOp::create(b_, l, unit, v);
      if (w < bits)
        v = mlir::arith::ExtUIOp::create(b_, l, wide, v);
      if (k)
        v = mlir::arith::ShLIOp::create(b_, l, v, intConst(k * w, wide, l));
      acc = acc ? mlir::Value(mlir::arith::OrIOp::create(b_, l, acc, v)) : v;
    }
    if (dtype.isFloat() && bits == 16)
      acc = halfBitsToFloat(acc, l); // a float16 view: the half's value
    else if (dtype.isFloat())
      acc = mlir::arith::BitcastOp::create(b_, l, lowerScalar(dtype), acc);
    return Val{dtype, {acc}};
  }
  Val result{dtype, {}};
  for (unsigned part = 0; part < leafCount(dtype); ++part) {
    mlir::Value idx = bufferIndex(a, linear, part, l);
    mlir::Value v = mlir::memref::LoadOp::create(b_, l, a.buffer, mlir::ValueRange{idx});
    if (dtype.isBoolean())
      v = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                         intConst(0, v.getType(), l));
    else if (dtype.isFloat() && v.getType().isInteger(16))
      v = halfBitsToFloat(v, l); // float16 storage
    else
      v = toWidth(v, lowerScalar(dtype.isComplex() ? dtype.complexPart() : dtype), l);
    result.parts.push_back(v);
  }
  return result;
}

void Generator::storeElement(const ArrayHandle &a, mlir::Value linear, const Val &v, ast::Location at) {
  mlir::Location l = loc(at);
  if (a.type.element().isRecord()) {
    copyRecord(recordAt(a, linear), v, at);
    return;
  }
  if (a.byteAddressed) {
    storeBytes(a, linear, a.type.element(), v, a.byteAlign, at);
    return;
  }
  if (a.reinterpreted()) {
    // The element's bits into `units` consecutive values of the buffer.
    const Type &dtype = a.type.element();
    const unsigned w = a.storage.bits(), bits = dtype.bits();
    mlir::Type wide = b_.getIntegerType(bits), unit = b_.getIntegerType(w);
    mlir::Type memTy = llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType();
    mlir::Value x = v.scalar();
    if (dtype.isFloat() && bits == 16)
      x = floatToHalfBits(x, l); // a float16 view: the half's bits
    else if (dtype.isFloat())
      x = mlir::arith::BitcastOp::create(b_, l, wide, x);
    for (unsigned k = 0; k < a.units; ++k) {
      mlir::Value piece = x;
      if (k)
        piece = mlir::arith::ShRUIOp::create(b_, l, piece, intConst(k * w, wide, l));
      if (w < bits)
        piece = mlir::arith::TruncIOp::create(b_, l, unit, piece);
      if (memTy != unit)
        piece = mlir::arith::BitcastOp::create(b_, l, memTy, piece);
      mlir::Value at = k ? mlir::Value(mlir::arith::AddIOp::create(b_, l, linear,
                                                                   intConst(k, indexType(), l)))
                         : linear;
      mlir::memref::StoreOp::create(
          b_, l, piece, a.buffer,
          mlir::ValueRange{mlir::arith::IndexCastOp::create(b_, l, b_.getIndexType(), at)});
    }
    return;
  }
  for (unsigned part = 0; part < v.parts.size(); ++part) {
    mlir::Value x = v.parts[part];
    mlir::Type memTy = llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType();
    if (a.type.element().isBoolean())
      x = mlir::arith::ExtUIOp::create(b_, l, b_.getI8Type(), x);
    else if (a.type.element().isFloat() && memTy.isInteger(16))
      x = floatToHalfBits(x, l); // float16 storage (x is already a half's value)
    else
      x = toWidth(x, memTy, l);
    mlir::Value idx = bufferIndex(a, linear, part, l);
    mlir::memref::StoreOp::create(b_, l, x, a.buffer, mlir::ValueRange{idx});
  }
}

ArrayHandle &Generator::privateArrayHandle(const Type &arrayType, const std::vector<int64_t> &shape,
                                           mlir::Location l, bool shared) {
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
  // Records: their bytes in 32-bit words, addressed by byte (GenRecords.cpp).
  const int64_t unit = dtype.isRecord() ? dtype.byteSize() : 1;
  if (dtype.isRecord()) {
    slots = std::max<int64_t>((n * unit + 3) / 4, 1);
    a.byteAddressed = true;
    a.byteAlign = recordAlignment(dtype);
  }
  mlir::Type elem = dtype.isRecord() ? mlir::Type(b_.getI32Type())
                    : st.isBoolean() ? mlir::Type(b_.getI8Type())
                                     : lowerScalar(st);
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
  int64_t stride = unit;
  a.strides.resize(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    a.strides[d] = intConst(stride, indexType(), l);
    stride *= shape[d];
  }
  for (int64_t extent : shape)
    a.shape.push_back(intConst(extent, indexType(), l));
  return a;
}

ArrayHandle &Generator::dynamicSharedArray(const Type &arrayType, mlir::Location l) {
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
  array->setAttr(abi::kDynamicSharedAttr, b_.getStringAttr(dtype.numpyName()));
  array->setAttr(abi::kDynamicSharedItemsizeAttr, b_.getI32IntegerAttr(dtype.byteSize()));
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

Val Generator::privateArray(const ast::Call &c, const BuiltinInfo &constructor, const Type &rt) {
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
    // (float16 elements are stored as the float32 values they compute in)
    const Type &e = rt.element();
    int64_t n = e.isFloat16() ? 4 : e.byteSize();
    for (int64_t extent : shape)
      n *= extent;
    if (e.isRecord())
      n = (n + 3) / 4 * 4; // whole words
    abi_->sharedMemoryBytes += static_cast<uint32_t>(n);
  }
  if (constructor.id == Builtin::ArrayCopy) {
    // Element by element from the source, whose shape the copy has (type
    // inference took it from the source): nothing to check.
    const ArrayExpression src =
        elementsOfValue(expr(*cast<ast::Attribute>(*c.func).value), c.getLoc());
    forEachElement(a, l, [&](const std::vector<mlir::Value> &idx, mlir::Value linear) {
      storeElement(a, linear, convert(src.at(idx), rt.element(), c.getLoc()), c.getLoc());
    });
    Val out{rt, {}};
    out.array = &a;
    return out;
  }
  std::optional<Val> fill;
  const Type &dtype = rt.element();
  if (constructor.id == Builtin::NpZeros || constructor.id == Builtin::NpOnes)
    fill = constant(ConstValue{Type::integer(64), constructor.id == Builtin::NpOnes ? 1 : 0},
                    c.getLoc());
  if (constructor.id == Builtin::NpFull) {
    const ast::Expr *fillExpr = c.args.size() > 1 ? c.args[1].get() : nullptr;
    for (auto &kw : c.keywords)
      if (kw.name == "fill_value")
        fillExpr = kw.value.get();
    fill = expr(*fillExpr);
  }
  if (fill && dtype.isRecord()) {
    // np.zeros of records: every word of their bytes.
    mlir::Value lo = mlir::arith::ConstantIndexOp::create(b_, l, 0);
    mlir::Value hi = mlir::arith::ConstantIndexOp::create(
        b_, l, llvm::cast<mlir::MemRefType>(a.buffer.getType()).getDimSize(0));
    mlir::Value one = mlir::arith::ConstantIndexOp::create(b_, l, 1);
    auto loop = mlir::scf::ForOp::create(b_, l, lo, hi, one);
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPoint(loop.getBody()->getTerminator());
    mlir::memref::StoreOp::create(b_, l, intConst(0, b_.getI32Type(), l), a.buffer,
                                  mlir::ValueRange{loop.getInductionVar()});
  } else if (fill) {
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

Val Generator::constantArray(const ConstValue &c, ast::Location at) {
  constexpr int64_t kMaxConstantArrayElements = 4096;
  mlir::Location l = loc(at);
  const Type &dtype = c.type.element();
  int64_t n = static_cast<int64_t>(c.elements.size());
  if (n > kMaxConstantArrayElements)
    fail(at, fmt::format("global arrays of more than {} elements are not supported in kernels "
                         "(this one has {}); pass it as an argument",
                         kMaxConstantArrayElements, n));
  // One private copy per function of each frozen array, whatever reads it
  // (a variable bound to it in two places holds one buffer).
  std::string key = c.type.str();
  for (int64_t extent : c.shape)
    key += fmt::format(",{}", extent);
  for (const ConstValue &e : c.elements)
    key += dtype.isFloat() ? fmt::format(",{:a}", e.f) : fmt::format(",{}", e.i);
  ArrayHandle *&cached = constantArrays_[{entry_, key}];
  if (cached) {
    Val out{c.type, {}};
    out.array = cached;
    return out;
  }
  ArrayHandle &a = views_.emplace_back();
  cached = &a;
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

Val Generator::reinterpretedView(const ast::Call &c) {
  // NumPy's ndarray.view(dtype): the same buffer; the last axis holds
  // sizeof(old) / sizeof(new) times as many elements, which needs it
  // contiguous and its bytes a multiple of the new size (ValueError as
  // NumPy's otherwise). Type inference allowed only equal or larger sizes.
  mlir::Location l = loc(c.getLoc());
  const ArrayHandle &a = arrayValue(*cast<ast::Attribute>(*c.func).value);
  const Type &rt = typeOf(c);
  const Type storage = a.reinterpreted() ? a.storage : a.type.element();
  const unsigned units = rt.element().bits() / storage.bits();
  mlir::Type it = indexType();
  mlir::Type memTy = llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType();
  if (memTy.getIntOrFloatBitWidth() != storage.bits())
    fail(c.getLoc(), fmt::format("view() of {} memory stored in {} bits is not supported",
                                 storage.str(), memTy.getIntOrFloatBitWidth()));
  ArrayHandle &v = views_.emplace_back();
  v.type = rt;
  v.buffer = a.buffer;
  v.offset = a.offset;
  v.shape = a.shape;
  v.strides = a.strides;
  if (rt.element() != storage) {
    v.storage = storage;
    v.units = units;
  }
  if (units != a.units) {
    const size_t last = a.shape.size() - 1;
    using P = mlir::arith::CmpIPredicate;
    mlir::Value oldUnits = intConst(a.units, it, l), newUnits = intConst(units, it, l);
    mlir::Value strided = mlir::arith::CmpIOp::create(b_, l, P::ne, a.strides[last], oldUnits);
    mlir::Value many = mlir::arith::CmpIOp::create(b_, l, P::ne, a.shape[last],
                                                   intConst(1, it, l));
    raiseIf(mlir::arith::AndIOp::create(b_, l, strided, many),
            errorSite("ValueError", "To change to a dtype of a different size, the last axis "
                                    "must be contiguous",
                      0, c.getLoc()),
            {}, c.getLoc());
    mlir::Value total = mlir::arith::MulIOp::create(b_, l, a.shape[last], oldUnits);
    mlir::Value rest = mlir::arith::RemUIOp::create(b_, l, total, newUnits);
    raiseIf(mlir::arith::CmpIOp::create(b_, l, P::ne, rest, intConst(0, it, l)),
            errorSite("ValueError", "When changing to a larger dtype, its size must be a "
                                    "divisor of the total size in bytes of the last axis of "
                                    "the array.",
                      0, c.getLoc()),
            {}, c.getLoc());
    v.shape[last] = mlir::arith::DivUIOp::create(b_, l, total, newUnits);
    v.strides[last] = newUnits;
  }
  Val out{v.type, {}};
  out.array = &v;
  return out;
}

Val Generator::reshapedView(const ast::Call &c) {
  mlir::Location l = loc(c.getLoc());
  const ArrayHandle &a = arrayValue(*cast<ast::Attribute>(*c.func).value);
  const Type &rt = typeOf(c);
  mlir::Type it = indexType();
  using P = mlir::arith::CmpIPredicate;
  auto index = [&](int64_t v) { return intConst(v, it, l); };
  // The requested extents, in the index type.
  std::vector<mlir::Value> want;
  for (auto &arg : c.args) {
    Val v = expr(*arg);
    std::vector<Type> types = v.type.isTuple() ? v.type.elements() : std::vector<Type>{v.type};
    for (size_t k = 0; k < types.size(); ++k)
      want.push_back(convertScalar(v.parts[k], types[k], Type::integer(indexBits_), c.getLoc()));
  }
  mlir::Value size = elementCount(a.shape, l);
  // NumPy: at most one -1 (inferred from the others), no other negative.
  mlir::Value known = index(1), unknowns = index(0), negative;
  for (mlir::Value e : want) {
    mlir::Value isUnknown = mlir::arith::CmpIOp::create(b_, l, P::eq, e, index(-1));
    mlir::Value isNegative = mlir::arith::CmpIOp::create(b_, l, P::slt, e, index(0));
    mlir::Value otherNegative = mlir::arith::AndIOp::create(
        b_, l, isNegative, mlir::arith::XOrIOp::create(b_, l, isUnknown, intConst(1, b_.getI1Type(), l)));
    negative = negative ? mlir::Value(mlir::arith::OrIOp::create(b_, l, negative, otherNegative))
                        : otherNegative;
    unknowns = mlir::arith::AddIOp::create(
        b_, l, unknowns, mlir::arith::SelectOp::create(b_, l, isUnknown, index(1), index(0)));
    known = mlir::arith::MulIOp::create(b_, l, known,
                                        mlir::arith::SelectOp::create(b_, l, isUnknown, index(1), e));
  }
  mlir::Value tooMany = mlir::arith::CmpIOp::create(b_, l, P::sgt, unknowns, index(1));
  if (negative) // (none for reshape(()): a 0-d view)
    tooMany = mlir::arith::OrIOp::create(b_, l, tooMany, negative);
  raiseIf(tooMany,
          errorSite("ValueError", "can only specify one unknown dimension, and no other negative "
                                  "one",
                    0, c.getLoc()),
          {}, c.getLoc());
  // The inferred extent (0 when the others multiply to 0: NumPy's error
  // below then, unless the array is empty too).
  mlir::Value knownIsZero = mlir::arith::CmpIOp::create(b_, l, P::eq, known, index(0));
  mlir::Value safeKnown = mlir::arith::SelectOp::create(b_, l, knownIsZero, index(1), known);
  mlir::Value inferred = mlir::arith::DivUIOp::create(b_, l, size, safeKnown);
  std::vector<mlir::Value> shape;
  for (mlir::Value e : want) {
    mlir::Value isUnknown = mlir::arith::CmpIOp::create(b_, l, P::eq, e, index(-1));
    shape.push_back(mlir::arith::SelectOp::create(b_, l, isUnknown, inferred, e));
  }
  raiseIf(mlir::arith::CmpIOp::create(b_, l, P::ne, elementCount(shape, l), size),
          errorSite("ValueError", "total size of new array must be unchanged", 0, c.getLoc()),
          {}, c.getLoc());
  ArrayHandle &v = dataView(a, rt);
  v.shape = shape;
  v.strides.resize(shape.size());
  mlir::Value stride = index(a.units);
  for (size_t k = shape.size(); k-- > 0;) {
    v.strides[k] = stride;
    stride = mlir::arith::MulIOp::create(b_, l, stride, shape[k]);
  }
  Val out{v.type, {}};
  out.array = &v;
  return out;
}

} // namespace nvc::mlirgen
