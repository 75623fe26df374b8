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

const ArrayHandle &Generator::arrayValue(const ast::Expr &e) {
  Val v = expr(e);
  if (!v.array)
    fail(e.getLoc(), "expected an array");
  return *v.array;
}

Val Generator::view(const ArrayHandle &a, const std::vector<mlir::Value> &indices, ast::Location at) {
  mlir::Location l = loc(at);
  ArrayHandle &v = views_.emplace_back();
  unsigned k = indices.size();
  v.type = viewType(a.type, k);
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
  for (size_t d = 0; d < items.size(); ++d) {
    const Val &iv = items[d].first;
    // Floats (atomics' indices, numba's normalize_indices) convert to intp.
    bool isSigned = (iv.type.isInteger() && iv.type.isSigned()) || iv.type.isFloat();
    mlir::Value idx = convert(iv, isSigned ? idxT : Type::integer(indexBits_, false), at)
                          .scalar();
    mlir::Value original = idx;
    auto it = items[d].second ? k_.constants.find(items[d].second) : k_.constants.end();
    bool knownNonNegative = it != k_.constants.end() && it->second.i >= 0;
    if (isSigned && !knownNonNegative) {
      mlir::Value zero = intConst(0, indexType(), l);
      mlir::Value neg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt,
                                                       idx, zero);
      mlir::Value wrapped = mlir::arith::AddIOp::create(b_, l, idx, a.shape[d]);
      idx = mlir::arith::SelectOp::create(b_, l, neg, wrapped, idx);
    }
    if (k_.boundscheck)
      checkIndex(idx, a.shape[d], static_cast<unsigned>(d), original, a,
                 items[d].second ? items[d].second->getLoc() : at);
    out.push_back(idx);
  }
  return out;
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

void Generator::storeElement(const ArrayHandle &a, mlir::Value linear, const Val &v, ast::Location at) {
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
    int64_t n = rt.element().byteSize();
    for (int64_t extent : shape)
      n *= extent;
    abi_->sharedMemoryBytes += static_cast<uint32_t>(n);
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

Val Generator::constantArray(const ConstValue &c, ast::Location at) {
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

} // namespace nvc::mlirgen
