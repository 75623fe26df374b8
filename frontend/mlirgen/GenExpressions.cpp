//===- GenExpressions.cpp - Generator: expressions --------------------------===//
//
// Expressions: names, attributes, arithmetic with Numba's semantics (floor
// division and modulo, powers, complex arithmetic), comparisons and boolean
// operators.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Val Generator::expr(const ast::Expr &e) {
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
    if (auto it = expressions_.find(n.id); it != expressions_.end()) {
      Val v{k_.varTypes.at(n.id), {}};
      v.expression = it->second;
      return v;
    }
    if (arrayLocals_.count(n.id)) // a re-bound array parameter is a variable
      return loadArrayLocal(n.id, e.getLoc());
    if (auto it = recordLocals_.find(n.id); it != recordLocals_.end())
      return recordAt(*it->second.base,
                      mlir::memref::LoadOp::create(b_, l, it->second.slot).getResult());
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
    if (base.isRecord()) // r["x"]
      return recordField(expr(*s.value), k_.recordFieldNames.at(&s), e.getLoc());
    if (base.isTuple() && !k_.constants.count(s.index.get()))
      return tupleItemAt(s);
    if (base.isArrayExpr())
      return expressionItem(expr(*s.value), s);
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
      std::vector<const ast::Expr *> items = subscriptIndices(*s.index);
      if (std::any_of(items.begin(), items.end(), [](const ast::Expr *i) {
            return isa<ast::Slice>(*i) || isa<ast::NoneLiteral>(*i);
          }))
        return slicedView(a, items, typeOf(e), e.getLoc());
      return view(a, indexValues(a, *s.index, s.getLoc()), e.getLoc());
    }
    auto [array, index] = elementAddress(s);
    return loadElement(*array, index, e.getLoc());
  }
  case ast::Expr::Kind::Call:
    // literal_unroll(t) as a loop's iterable: the tuple itself. (k_.typeOf:
    // the callee of an unpacking call, f(*t), is typed through its copy.)
    if (isOneOf(calleeBuiltin(k_.typeOf(cast<ast::Call>(e).func.get())),
                {Builtin::LiteralUnroll}))
      return expr(*cast<ast::Call>(e).args[0]);
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
    if (v.isArrayLike()) {
      // -a, ~mask: the operator on each element.
      const Type et = elementTypeOf(rt);
      return elementwise(
          rt, {v},
          [this, &u, et](const std::vector<Val> &x) { return unary(u, x[0], et); }, e.getLoc());
    }
    return unary(u, v, rt);
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
    if (speculatable(*i.body) && speculatable(*i.orelse)) {
      // Both arms are cheap and cannot fail or write: evaluated both, one chosen by
      // a select, as GPU compilers if-convert. No blocks: a long chain of such
      // expressions stays one straight-line block (compile time, issue 25).
      Val a = convert(expr(*i.body), rt, i.body->getLoc());
      Val bv = convert(expr(*i.orelse), rt, i.orelse->getLoc());
      Val out{rt, {}};
      for (std::size_t k = 0; k < a.parts.size(); ++k)
        out.parts.push_back(mlir::arith::SelectOp::create(b_, l, c, a.parts[k], bv.parts[k]));
      return out;
    }
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

bool Generator::speculatable(const ast::Expr &e) {
  if (!typeOf(e).isNumber())
    return false;
  switch (e.getKind()) {
  case ast::Expr::Kind::IntLiteral:
  case ast::Expr::Kind::FloatLiteral:
  case ast::Expr::Kind::BoolLiteral:
  case ast::Expr::Kind::Name:
    return true;
  case ast::Expr::Kind::UnaryOp:
    return speculatable(*cast<ast::UnaryOp>(e).operand);
  case ast::Expr::Kind::BinOp: {
    // Not / // % ** (they raise under error_model="python", or are calls) nor the
    // shifts (a shift past the width is checked); + - * & | ^ wrap or round.
    auto &bo = cast<ast::BinOp>(e);
    switch (bo.op) {
    case ast::BinOpKind::Add:
    case ast::BinOpKind::Sub:
    case ast::BinOpKind::Mult:
    case ast::BinOpKind::BitAnd:
    case ast::BinOpKind::BitOr:
    case ast::BinOpKind::BitXor:
      return speculatable(*bo.lhs) && speculatable(*bo.rhs);
    default:
      return false;
    }
  }
  case ast::Expr::Kind::Compare: {
    auto &c = cast<ast::Compare>(e);
    if (!speculatable(*c.left))
      return false;
    for (const auto &operand : c.comparators)
      if (!speculatable(*operand))
        return false;
    return true;
  }
  case ast::Expr::Kind::IfExp: {
    auto &i = cast<ast::IfExp>(e);
    return speculatable(*i.test) && speculatable(*i.body) && speculatable(*i.orelse);
  }
  default:
    return false; // calls, subscripts (a load may be out of bounds), attributes ...
  }
}

Val Generator::attribute(const ast::Attribute &a) {
  mlir::Location l = loc(a.getLoc());
  const Type &base = typeOf(*a.value);
  if (base.isRecord()) // r.x
    return recordField(expr(*a.value), a.attr, a.getLoc());
  if (base.isVector()) {
    // v.x ... v.w (VectorTypes.h); the elements are scalars.
    Val v = expr(*a.value);
    unsigned k = *vectorAttributeIndex(a.attr, static_cast<unsigned>(base.elements().size()));
    return Val{base.elements()[k], {v.parts[k]}};
  }
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
  if (base.kind() == Type::Kind::Dim3)
    return Val{Type::integer(32),
               {dim3Component(base.name(), a.attr == "x" ? 0 : a.attr == "y" ? 1 : 2, l)}};
  if (base.isArrayExpr() && (a.attr == "shape" || a.attr == "size" || a.attr == "ndim")) {
    // The broadcast shape of an array expression.
    Val x = expr(*a.value);
    const std::vector<mlir::Value> &shape = x.expression->shape;
    Type i64 = Type::integer(64), idxT = Type::integer(indexBits_);
    if (a.attr == "ndim")
      return constant(ConstValue{i64, static_cast<int64_t>(shape.size())}, a.getLoc());
    if (a.attr == "shape") {
      Val v{typeOf(a), {}};
      for (auto s : shape)
        v.parts.push_back(convertScalar(s, idxT, i64, a.getLoc()));
      return v;
    }
    return Val{i64, {convertScalar(elementCount(shape, l), idxT, i64, a.getLoc())}};
  }
  if (base.isArray() && (a.attr == "real" || a.attr == "imag")) {
    const ArrayHandle &arr = arrayValue(*a.value);
    if (!base.element().isComplex())
      return Val{arr.type, {}, &arr, nullptr}; // a real array's real part: itself
    // A complex array's buffer holds (real, imaginary) pairs of floats: the
    // part is a float view at twice the offset and strides, plus 1 for imag.
    mlir::Location l = loc(a.getLoc());
    mlir::Value two = intConst(2, indexType(), l);
    ArrayHandle &v = views_.emplace_back();
    v.type = typeOf(a);
    v.buffer = arr.buffer;
    v.offset = mlir::arith::MulIOp::create(b_, l, arr.offset, two);
    if (a.attr == "imag")
      v.offset = mlir::arith::AddIOp::create(b_, l, v.offset, intConst(1, indexType(), l));
    v.shape = arr.shape;
    for (mlir::Value s : arr.strides)
      v.strides.push_back(mlir::arith::MulIOp::create(b_, l, s, two));
    Val out{v.type, {}};
    out.array = &v;
    return out;
  }
  if (base.isArray() && a.attr == "T") {
    // The transposed view: the same data, extents and strides reversed.
    const ArrayHandle &arr = arrayValue(*a.value);
    ArrayHandle &v = dataView(arr, typeOf(a));
    v.shape.assign(arr.shape.rbegin(), arr.shape.rend());
    v.strides.assign(arr.strides.rbegin(), arr.strides.rend());
    Val out{v.type, {}};
    out.array = &v;
    return out;
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
      return Val{i64, {convertScalar(elementCount(arr.shape, l), Type::integer(indexBits_), i64,
                                     a.getLoc())}};
    }
    if (a.attr == "ndim")
      return constant(ConstValue{i64, static_cast<int64_t>(arr.shape.size())}, a.getLoc());
  }
  fail(a.getLoc(), fmt::format("'{}' cannot be used as a value here", a.attr));
}

mlir::Value Generator::dim3Component(const std::string &name, unsigned axis, mlir::Location l) {
  auto dim = static_cast<mlir::gpu::Dimension>(axis);
  mlir::Value v;
  if (name == "threadIdx")
    v = mlir::gpu::ThreadIdOp::create(b_, l, dim);
  else if (name == "blockIdx")
    v = mlir::gpu::BlockIdOp::create(b_, l, dim);
  else if (name == "blockDim")
    v = mlir::gpu::BlockDimOp::create(b_, l, dim);
  else
    v = mlir::gpu::GridDimOp::create(b_, l, dim);
  return mlir::arith::IndexCastOp::create(b_, l, b_.getI32Type(), v);
}

Val Generator::binary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at) {
  return roundedIfHalf(binaryInFloat32(op, lhsIn, rhsIn, at), at);
}

Val Generator::binaryInFloat32(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn,
                               ast::Location at) {
  mlir::Location l = loc(at);
  const Type &lt = lhsIn.type, &rt = rhsIn.type;
  if (lhsIn.isArrayLike() || rhsIn.isArrayLike()) {
    // An array expression: the operator on each pair of elements.
    // The element type as type inference computed it (Inferrer::binary):
    // the operator's ufunc, computed in its selected loop's type.
    const Ufunc u = *ufuncOfOperator(op);
    const std::vector<Type> elements = {elementTypeOf(lt), elementTypeOf(rt)};
    const Type et = ufuncResultType(u, elements, at);
    const Type in = selectUfuncLoop(u, elements)->input;
    return elementwise(
        elementwiseType(et, {lt, rt}), {lhsIn, rhsIn},
        [this, op, at, et, in](const std::vector<Val> &x) {
          return convert(binary(op, convert(x[0], in, at), convert(x[1], in, at), at), et, at);
        },
        at);
  }
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
  checkDivisor(op, rhsIn, Val{t, {b}}, t, at); // error_model="python"
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

Val Generator::complexBinary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at) {
  mlir::Location l = loc(at);
  Type t = unifyTypes(lhsIn.type, rhsIn.type);
  if (!t.isComplex())
    fail(at, fmt::format("unsupported operand types {} and {}", lhsIn.type.str(),
                         rhsIn.type.str()));
  Val a = convert(lhsIn, t, at), b = convert(rhsIn, t, at);
  checkDivisor(op, rhsIn, b, t, at); // error_model="python"
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

mlir::Value Generator::floorDivMod(bool wantQuotient, mlir::Value a, mlir::Value b, bool isSigned,
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

std::pair<mlir::Value, mlir::Value> Generator::floatDivMod(mlir::Value a, mlir::Value b,
                                                           const Type &t, ast::Location at) {
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

Val Generator::power(const Val &base, const Val &exponent, ast::Location at) {
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
  if (constant) // beyond the squaring limit: the run-time path's pow() branch, alone
    return Val{t, {powerThroughPow(x, e, expType.isSigned(), t, at)}};
  return Val{t, {runtimePower(x, e, expType.isSigned(), t, at)}};
}

mlir::Value Generator::multiply(mlir::Value a, mlir::Value b, const Type &t, mlir::Location l) {
  if (t.isFloat())
    return mlir::arith::MulFOp::create(b_, l, a, b);
  return mlir::arith::MulIOp::create(b_, l, a, b);
}

mlir::Value Generator::integerMinimum(mlir::Type t, mlir::Location l) {
  unsigned bits = t.getIntOrFloatBitWidth();
  return mlir::arith::ConstantOp::create(
      b_, l, b_.getIntegerAttr(t, llvm::APInt::getSignedMinValue(bits)));
}

mlir::Value Generator::constantPower(mlir::Value x, int64_t n, const Type &t, mlir::Location l) {
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

mlir::Value Generator::integerInverse(mlir::Value test, mlir::Value r, mlir::Location l) {
  mlir::Type t = test.getType();
  auto eq = [&](mlir::Value a, int64_t c) -> mlir::Value {
    return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, a,
                                       intConst(c, t, l));
  };
  mlir::Value unit = mlir::arith::OrIOp::create(b_, l, eq(test, 1), eq(test, -1));
  mlir::Value v = mlir::arith::SelectOp::create(b_, l, unit, r, intConst(0, t, l));
  return mlir::arith::SelectOp::create(b_, l, eq(test, 0), integerMinimum(t, l), v);
}

mlir::Value Generator::powerThroughPow(mlir::Value x, mlir::Value e, bool expSigned,
                                       const Type &t, ast::Location at) {
  Type ft = t.isFloat() ? t : Type::floating(64);
  Type eType = Type::integer(64, expSigned);
  mlir::Value xf = convertScalar(x, t, ft, at);
  mlir::Value ef = convertScalar(e, eType, ft, at);
  mlir::Value p = realMath("math.pow", {xf, ef}, ft, at);
  return convertScalar(p, ft, t, at);
}

mlir::Value Generator::runtimePower(mlir::Value x, mlir::Value e, bool expSigned, const Type &t,
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
  mlir::Block *genericB = newBlock(), *head = newBlock(),
              *done = newBlock(), *exit = newBlock();
  exit->addArgument(xt, l);
  mlir::Value unitR = t.isFloat() ? floatConst(1, xt, l) : intConst(1, xt, l);
  mlir::cf::CondBranchOp::create(b_, l, generic, genericB, mlir::ValueRange{}, head,
                                 mlir::ValueRange{unitR, x, magnitude});
  // |e| > 0x10000: pow(x, float(e)) (an integer result is converted back).
  b_.setInsertionPointToEnd(genericB);
  mlir::cf::BranchOp::create(b_, l, exit,
                             mlir::ValueRange{powerThroughPow(x, e, expSigned, t, at)});
  // The squaring loop over (r, v, e), structured: when the exponent turns
  // out constant and large, the loop's block becomes unreachable, and MLIR's
  // canonicalizer never ends on an unreachable cycle of blocks (a cf loop).
  head->addArgument(xt, l);
  head->addArgument(xt, l);
  head->addArgument(et, l);
  b_.setInsertionPointToEnd(head);
  llvm::SmallVector<mlir::Type, 3> state{xt, xt, et};
  llvm::SmallVector<mlir::Value, 3> init{head->getArgument(0), head->getArgument(1),
                                         head->getArgument(2)};
  auto loop = mlir::scf::WhileOp::create(
      b_, l, state, init,
      [&](mlir::OpBuilder &, mlir::Location, mlir::ValueRange) {},
      [&](mlir::OpBuilder &, mlir::Location, mlir::ValueRange) {});
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    mlir::Block &before = loop.getBefore().front();
    b_.setInsertionPointToEnd(&before);
    mlir::Value more = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne,
                                                   before.getArgument(2), zero);
    mlir::scf::ConditionOp::create(b_, l, more, before.getArguments());
    mlir::Block &after = loop.getAfter().front();
    b_.setInsertionPointToEnd(&after);
    mlir::Value r = after.getArgument(0), v = after.getArgument(1), k = after.getArgument(2);
    mlir::Value odd = mlir::arith::CmpIOp::create(
        b_, l, mlir::arith::CmpIPredicate::ne, mlir::arith::AndIOp::create(b_, l, k, one), zero);
    mlir::Value nextR = mlir::arith::SelectOp::create(b_, l, odd, multiply(r, v, t, l), r);
    mlir::Value nextV = multiply(v, v, t, l);
    mlir::Value nextK = mlir::arith::ShRUIOp::create(b_, l, k, one);
    mlir::scf::YieldOp::create(b_, l, mlir::ValueRange{nextR, nextV, nextK});
  }
  mlir::Value loopResult = loop.getResult(0);
  mlir::cf::BranchOp::create(b_, l, done, mlir::ValueRange{loopResult});
  done->addArgument(xt, l);
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

std::vector<mlir::Value> Generator::complexPower(const Val &a, const Val &b, ast::Location at) {
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

mlir::Value Generator::compareScalars(ast::CmpOpKind op, const Val &lhs, const Val &rhs, ast::Location at) {
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

Val Generator::unary(const ast::UnaryOp &u, const Val &v, const Type &rt) {
  mlir::Location l = loc(u.getLoc());
  const ast::Expr &e = u;
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
    return Val{rt, {mlir::arith::XOrIOp::create(b_, l, c.scalar(),
                                                intConst(-1, c.scalar().getType(), l))}};
  }
  }
  fail(u.getLoc(), "internal error: an unknown unary operator");
}

Val Generator::compare(const ast::Compare &c) {
  mlir::Location l = loc(c.getLoc());
  Val prev = expr(*c.left);
  if (c.ops.size() == 1 && (prev.isArrayLike() || typeOf(*c.comparators[0]).isArrayLike())) {
    // x > 0: an array expression of booleans (a boolean for 0-d arrays).
    Val next = expr(*c.comparators[0]);
    ast::CmpOpKind op = c.ops[0];
    ast::Location at = c.opLocs[0];
    return elementwise(
        typeOf(c), {prev, next},
        [this, op, at](const std::vector<Val> &x) {
          return Val{Type::boolean(), {compareScalars(op, x[0], x[1], at)}};
        },
        c.getLoc());
  }
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

Val Generator::boolOp(const ast::BoolOp &bo) {
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

} // namespace nvc::mlirgen
