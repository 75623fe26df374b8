//===- GenCalls.cpp - Generator: calls --------------------------------------===//
//
// Calls: builtins of Python, math, cmath and NumPy, and calls of device
// functions.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Val Generator::userCall(const ast::Call &c) {
  mlir::Location l = loc(c.getLoc());
  const std::string &key = k_.callees.at(&c);
  const TypedKernel &spec = *inference_.specializations.at(key);
  // The expression of each parameter (keywords, defaults and a method's
  // receiver bound by type inference), evaluated in the order the call
  // writes them; a function, a dtype or None is part of the specialisation,
  // not an operand.
  const std::vector<const ast::Expr *> bound = k_.argumentsOf(c);
  std::vector<std::optional<Val>> values(bound.size());
  auto evaluate = [&](const ast::Expr *e) {
    for (size_t i = 0; i < bound.size(); ++i)
      if (bound[i] == e && !values[i] && !isCompileTimeValue(spec.signature.params[i]) &&
          spec.signature.params[i].kind() != Type::Kind::None)
        values[i] = expr(*e);
  };
  if (auto *attr = dyn_cast<ast::Attribute>(c.func.get()))
    evaluate(attr->value.get()); // an overloaded method's receiver
  for (auto &a : c.args)
    evaluate(a.get());
  for (auto &kw : c.keywords)
    evaluate(kw.value.get());
  for (const ast::Expr *e : bound)
    evaluate(e); // omitted parameters' defaults
  std::vector<mlir::Value> operands;
  std::vector<mlir::MemRefType> arrays;
  std::vector<mlir::Value> argBuffers(bound.size()); // arrays' and records' buffers
  bool allStorageBuffers = true;
  for (size_t i = 0; i < bound.size(); ++i) {
    const Type &pt = spec.signature.params[i];
    if (isCompileTimeValue(pt) || pt.kind() == Type::Kind::None)
      continue; // part of the specialisation, not an operand
    Val v = *values[i];
    if (pt.isRecord()) { // a record refers to its array's element
      auto type = mlir::cast<mlir::MemRefType>(v.recordBase->buffer.getType());
      arrays.push_back(type);
      allStorageBuffers &= type == bufferMemRefType(pt);
      operands.push_back(v.recordBase->buffer);
      operands.push_back(v.scalar());
      argBuffers[i] = v.recordBase->buffer;
      continue;
    }
    if (pt.isArray()) {
      const ArrayHandle &a = *v.array;
      if (a.reinterpreted())
        fail(bound[i]->getLoc(), "a view with another dtype (view()) cannot be passed to a "
                                 "device function: pass the array and call view() there");
      auto type = mlir::cast<mlir::MemRefType>(a.buffer.getType());
      arrays.push_back(type);
      allStorageBuffers &= type == bufferMemRefType(pt.element());
      operands.push_back(a.buffer);
      argBuffers[i] = a.buffer;
      operands.push_back(a.offset);
      operands.insert(operands.end(), a.shape.begin(), a.shape.end());
      operands.insert(operands.end(), a.strides.begin(), a.strides.end());
    } else {
      Val conv = convert(v, pt, bound[i]->getLoc());
      operands.insert(operands.end(), conv.parts.begin(), conv.parts.end());
    }
  }
  std::string callee = requested_.request(key, arrays, allStorageBuffers);
  // The hidden buffers the callee reports through; a callee that may raise
  // returns whether it did last, and then this invocation stops too.
  const bool returnsRecord = spec.returnType.isRecord();
  const bool returnsArray = spec.returnType.isArray();
  std::vector<mlir::Type> results =
      returnsRecord
          ? std::vector<mlir::Type>{argBuffers.at(spec.returnedRecordParam).getType(), indexType()}
      : returnsArray ? arrayResultTypes(argBuffers.at(spec.returnedRecordParam).getType(),
                                        spec.returnType.ndim())
                     : leafTypes(spec.returnType);
  if (spec.mayRaise) {
    operands.push_back(errorBuffer_);
    results.push_back(b_.getI1Type());
  }
  if (spec.mayPrint)
    operands.push_back(printBuffer_);
  if ((spec.mayRaise && !errorBuffer_) || (spec.mayPrint && !printBuffer_))
    fail(c.getLoc(), "internal error: a call of a function that reports through a buffer "
                     "this function does not have");
  auto call = mlir::func::CallOp::create(b_, l, callee, results, operands);
  Val out{spec.returnType, {}};
  for (auto r : call.getResults())
    out.parts.push_back(r);
  if (spec.mayRaise) {
    mlir::Value raised = out.parts.back();
    out.parts.pop_back();
    mlir::Block *stop = newBlock(), *cont = newBlock();
    mlir::cf::CondBranchOp::create(b_, l, raised, stop, cont);
    b_.setInsertionPointToEnd(stop);
    stopInvocation(l);
    b_.setInsertionPointToEnd(cont);
  }
  if (returnsRecord) {
    // The record of the argument's array that the callee returned.
    ArrayHandle &base = views_.emplace_back();
    base.type = Type::array(spec.returnType, 0, 'C');
    base.buffer = out.parts[0];
    base.byteAddressed = true;
    base.byteAlign = recordAlignment(spec.returnType);
    base.offset = out.parts[1];
    return recordAt(base, out.parts[1]);
  }
  if (returnsArray) {
    // The view of the argument's array that the callee returned.
    ArrayHandle &view = views_.emplace_back();
    view.type = spec.returnType;
    view.buffer = out.parts[0];
    view.offset = out.parts[1];
    unsigned n = spec.returnType.ndim();
    view.shape.assign(out.parts.begin() + 2, out.parts.begin() + 2 + n);
    view.strides.assign(out.parts.begin() + 2 + n, out.parts.begin() + 2 + 2 * n);
    Val v{spec.returnType, {}};
    v.array = &view;
    return v;
  }
  return out;
}

mlir::Value Generator::realMath(const std::string &name, std::vector<mlir::Value> xs, const Type &t,
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

Val Generator::complexFunction(const std::string &f, const std::vector<Val> &args, const Type &rt,
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

Val Generator::roundDigits(const Val &xIn, const Val &ndigitsIn, ast::Location at) {
  // numba-cuda's round_to_impl (CPython's fallback double_round), in
  // float64, branch-free: pow1 = 10.0 ** e by numba's repeated squaring,
  // e = ndigits (less 22 above 22, with pow2 = 1e22) or -ndigits; y = x *
  // pow1 * pow2 or x / pow1; z = rint(y), or 2 * rint(y / 2) when y is
  // halfway; back by the same powers. inf and NaN x, and a y that overflows,
  // give x. (numba's rint goes through int64: where |y| >= 2**63 its result
  // is undefined; here it is the float rint.)
  mlir::Location l = loc(at);
  Type f64 = Type::floating(64), i64 = Type::integer(64);
  mlir::Type ft = lowerScalar(f64);
  mlir::Value x = convert(xIn, f64, at).scalar();
  mlir::Value nd = convert(ndigitsIn, i64, at).scalar();
  using IP = mlir::arith::CmpIPredicate;
  using FP = mlir::arith::CmpFPredicate;
  auto fc = [&](double v) { return floatConst(v, ft, l); };
  auto ic = [&](int64_t v) { return intConst(v, lowerScalar(i64), l); };
  auto sel = [&](mlir::Value c, mlir::Value a, mlir::Value b) {
    return mlir::arith::SelectOp::create(b_, l, c, a, b).getResult();
  };
  mlir::Value nonNegative = mlir::arith::CmpIOp::create(b_, l, IP::sge, nd, ic(0));
  mlir::Value above22 = mlir::arith::CmpIOp::create(b_, l, IP::sgt, nd, ic(22));
  mlir::Value e = sel(nonNegative, sel(above22, mlir::arith::SubIOp::create(b_, l, nd, ic(22)), nd),
                      mlir::arith::SubIOp::create(b_, l, ic(0), nd));
  mlir::Value pow1 = binary(ast::BinOpKind::Pow, Val{f64, {fc(10.0)}}, Val{i64, {e}}, at).scalar();
  mlir::Value pow2 = sel(above22, fc(1e22), fc(1.0));
  mlir::Value up = mlir::arith::MulFOp::create(
      b_, l, mlir::arith::MulFOp::create(b_, l, x, pow1), pow2);
  mlir::Value y = sel(nonNegative, up, mlir::arith::DivFOp::create(b_, l, x, pow1));
  mlir::Value z = mlir::math::RoundEvenOp::create(b_, l, y);
  mlir::Value halfway = mlir::arith::CmpFOp::create(
      b_, l, FP::OEQ, mlir::math::AbsFOp::create(b_, l, mlir::arith::SubFOp::create(b_, l, y, z)),
      fc(0.5));
  mlir::Value even = mlir::arith::MulFOp::create(
      b_, l, fc(2.0),
      mlir::math::RoundEvenOp::create(b_, l, mlir::arith::DivFOp::create(b_, l, y, fc(2.0))));
  z = sel(halfway, even, z);
  mlir::Value down = mlir::arith::DivFOp::create(
      b_, l, mlir::arith::DivFOp::create(b_, l, z, pow2), pow1);
  mlir::Value r = sel(nonNegative, down, mlir::arith::MulFOp::create(b_, l, z, pow1));
  mlir::Value inf = fc(INFINITY);
  mlir::Value xSpecial = mlir::arith::CmpFOp::create(
      b_, l, FP::UGE, mlir::math::AbsFOp::create(b_, l, x), inf);
  mlir::Value yOverflows = mlir::arith::AndIOp::create(
      b_, l, nonNegative,
      mlir::arith::CmpFOp::create(b_, l, FP::OEQ, mlir::math::AbsFOp::create(b_, l, y), inf));
  r = sel(mlir::arith::OrIOp::create(b_, l, xSpecial, yOverflows), x, r);
  return convert(Val{f64, {r}}, xIn.type, at);
}

Val Generator::call(const ast::Call &c) {
  mlir::Location l = loc(c.getLoc());
  if (auto it = k_.unpackedCalls.find(&c); it != k_.unpackedCalls.end()) {
    // f(*t): t once into its local, then f(t[0], ..., t[n-1]).
    Val t = expr(*c.args[0]);
    declareLocal(it->second.tuple, t.type, c.getLoc());
    storeLocal(it->second.tuple, t, c.getLoc());
    return call(*it->second.call);
  }
  const Type &callee = typeOf(*c.func);
  if (callee.kind() == Type::Kind::UserFunction)
    return userCall(c);
  if (callee.kind() == Type::Kind::Function && callee.name() == "float" && c.args.size() == 1 &&
      isa<ast::StringLiteral>(*c.args[0]))
    return constant(k_.constants.at(&c), c.getLoc()); // float("nan")
  if (callee.kind() == Type::Kind::Function && callee.name().rfind("cuda.bf16.", 0) == 0) {
    std::vector<Val> args;
    for (auto &a : c.args)
      args.push_back(expr(*a));
    return bfloatCall(c, args);
  }
  if (k_.ufuncCalls.count(&c))
    return ufuncCall(c);
  if (isOneOf(calleeBuiltin(callee), {Builtin::ArrayView}))
    return reinterpretedView(c);
  if (isOneOf(calleeBuiltin(callee), {Builtin::ArrayReshape}))
    return reshapedView(c);
  const BuiltinInfo *builtin = calleeBuiltin(callee);
  if (isInFamily(builtin, BuiltinFamily::BarrierReduction))
    return syncthreadsReduction(c, *builtin);
  if (isInFamily(builtin, BuiltinFamily::Subgroup))
    return subgroupCall(c, *builtin, typeOf(c));
  if (isInFamily(builtin, BuiltinFamily::Atomic))
    return atomicCall(c, *builtin, typeOf(c));
  if (callee.kind() == Type::Kind::Function && k_.privateArrays.count(&c))
    return privateArray(c, *builtin, typeOf(c));
  if (isInFamily(builtin, BuiltinFamily::CacheHint)) {
    // A load or store of a[idx], without the hint (Vulkan has none).
    const ArrayHandle &a = arrayValue(*c.args[0]);
    mlir::Value linear = elementLinear(a, *c.args[1], c.args[1]->getLoc());
    if (!builtin->has(kStore))
      return loadElement(a, linear, c.getLoc());
    storeElement(a, linear, convert(expr(*c.args[2]), a.type.element(), c.getLoc()), c.getLoc());
    return Val{Type::none(), {}};
  }
  if (isInFamily(builtin, BuiltinFamily::Fence)) {
    // CUDA's __threadfence* order the invocation's memory accesses as seen
    // by the block (workgroup scope) or the device (device scope; Vulkan
    // has no host-coherent shader scope, so _system is the device's);
    // __syncwarp is a subgroup control barrier.
    using S = mlir::spirv::Scope;
    using M = mlir::spirv::MemorySemantics;
    M sem = M::AcquireRelease | M::UniformMemory | M::WorkgroupMemory;
    if (builtin->id == Builtin::CudaSyncwarp)
      mlir::spirv::ControlBarrierOp::create(b_, l, S::Subgroup, S::Subgroup,
                                            sem | M::SubgroupMemory);
    else
      mlir::spirv::MemoryBarrierOp::create(
          b_, l, builtin->id == Builtin::CudaThreadfenceBlock ? S::Workgroup : S::Device, sem);
    return Val{Type::none(), {}};
  }
  if (isInFamily(builtin, BuiltinFamily::Barrier)) {
    // OpControlBarrier with workgroup scope and workgroup-memory semantics.
    mlir::gpu::BarrierOp::create(b_, l);
    return Val{Type::none(), {}};
  }
  if (isInFamily(builtin, BuiltinFamily::GridSync))
    return Val{Type::gridGroup(), {}}; // the grid group has no run-time value
  if (callee.kind() == Type::Kind::Function && callee.name() == "grid_group.sync")
    return gridBarrier(c);
  const Type &rt = typeOf(c);
  if (callee.kind() == Type::Kind::DType)
    return convert(expr(*c.args[0]), callee.element(), c.getLoc());
  const std::string &f = callee.name();
  if (rt.isVector() && f.rfind("cuda.", 0) == 0) {
    // A vector type's constructor: the elements of its arguments in order.
    const Type &base = rt.elements().front();
    Val out{rt, {}};
    for (auto &a : c.args) {
      Val v = expr(*a);
      if (v.type.isVector())
        out.parts.insert(out.parts.end(), v.parts.begin(), v.parts.end());
      else
        out.parts.push_back(convert(v, base, a->getLoc()).scalar());
    }
    return out;
  }
  static const mlir::gpu::Dimension dims[] = {mlir::gpu::Dimension::x, mlir::gpu::Dimension::y,
                                              mlir::gpu::Dimension::z};
  Type i64 = Type::integer(64);
  Type idxT = Type::integer(indexBits_);
  auto asI64 = [&](mlir::Value v) { return convertScalar(indexToInt(v, l), idxT, i64, c.getLoc()); };
  if (isOneOf(builtin, {Builtin::CudaGrid, Builtin::CudaGridsize})) {
    int64_t n = constantArg(c, 0);
    Val v{rt, {}};
    for (int64_t d = 0; d < n; ++d) {
      if (builtin->id == Builtin::CudaGrid) {
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
  if (isInFamily(builtin, BuiltinFamily::GridIndex)) {
    mlir::gpu::Dimension d = dims[constantArg(c, 0)];
    mlir::Value v;
    if (builtin->id == Builtin::NvGlobalId)
      v = mlir::gpu::GlobalIdOp::create(b_, l, d);
    else if (builtin->id == Builtin::NvLocalId)
      v = mlir::gpu::ThreadIdOp::create(b_, l, d);
    else if (builtin->id == Builtin::NvGroupId)
      v = mlir::gpu::BlockIdOp::create(b_, l, d);
    else if (builtin->id == Builtin::NvLocalSize)
      v = mlir::gpu::BlockDimOp::create(b_, l, d);
    else
      v = mlir::gpu::GridDimOp::create(b_, l, d);
    return Val{i64, {asI64(v)}};
  }
  if (isOneOf(builtin, {Builtin::Print})) {
    printCall(c);
    return Val{Type::none(), {}};
  }
  if (isInFamily(builtin, BuiltinFamily::ArrayReduction))
    return reduction(c, *builtin);
  if (isOneOf(builtin, {Builtin::Sum}) && c.args.size() == 1 &&
      typeOf(*c.args[0]).isArrayLike())
    return reduction(c, builtinInfo(Builtin::NpSum)); // Python's sum of an array
  if (isOneOf(builtin, {Builtin::Len})) {
    Val v = expr(*c.args[0]);
    if (v.array)
      return Val{i64, {convertScalar(v.array->shape[0], idxT, i64, c.getLoc())}};
    if (v.expression)
      return Val{i64, {convertScalar(v.expression->shape[0], idxT, i64, c.getLoc())}};
    return constant(ConstValue{i64, static_cast<int64_t>(v.type.elements().size())},
                    c.getLoc());
  }
  std::vector<Val> args;
  for (auto &a : c.args)
    args.push_back(expr(*a));
  if (std::any_of(args.begin(), args.end(), [](const Val &v) { return v.isArrayLike(); }) &&
      (isMathBuiltin(f) || isOneOf(builtin, {Builtin::Abs, Builtin::NpAbs, Builtin::NpAbsolute,
                                             Builtin::NpMinimum, Builtin::NpMaximum}))) {
    // np.sqrt(row), np.maximum(a, 0), abs(x): an array expression of the
    // function applied to each element.
    const Type elementRt = elementTypeOf(rt);
    std::string name = f;
    return elementwise(
        rt, args,
        [this, &c, builtin, name, elementRt](const std::vector<Val> &elements) {
          return builtinOnValues(c, builtin, name, elements, elementRt);
        },
        c.getLoc());
  }
  return builtinOnValues(c, builtin, f, args, rt);
}

Val Generator::builtinOnValues(const ast::Call &c, const BuiltinInfo *builtin,
                               const std::string &f, const std::vector<Val> &args,
                               const Type &rt) {
  return roundedIfHalf(builtinInFloat32(c, builtin, f, args, rt), c.getLoc());
}

Val Generator::builtinInFloat32(const ast::Call &c, const BuiltinInfo *builtin,
                                const std::string &f, const std::vector<Val> &args,
                                const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  if (isOneOf(builtin, {Builtin::MethodConjugate})) {
    Val z = expr(*cast<ast::Attribute>(*c.func).value);
    if (!z.type.isComplex())
      return z;
    return Val{z.type, {z.parts[0], mlir::arith::NegFOp::create(b_, l, z.parts[1])}};
  }
  if (isOneOf(builtin, {Builtin::Round}) && args.size() == 2)
    return roundDigits(args[0], args[1], c.getLoc());
  if (isOneOf(builtin, {Builtin::Round})) {
    // rint of the float (an integer converts to float64), then to int64.
    Type ft = args[0].type.isFloat() ? args[0].type : Type::floating(64);
    mlir::Value x = convert(args[0], ft, c.getLoc()).scalar();
    mlir::Value r = mlir::math::RoundEvenOp::create(b_, l, x);
    return convert(Val{ft, {r}}, rt, c.getLoc());
  }
  if (isOneOf(builtin, {Builtin::MethodBitCount})) {
    Val x = expr(*cast<ast::Attribute>(*c.func).value);
    return bitIntrinsic(builtinInfo(Builtin::CudaPopc), {x}, rt, c.getLoc());
  }
  if (isInFamily(builtin, BuiltinFamily::BitIntrinsic))
    return bitIntrinsic(*builtin, args, rt, c.getLoc());
  if (isInFamily(builtin, BuiltinFamily::Half))
    return halfIntrinsic(*builtin, args, c.getLoc());
  if (isInFamily(builtin, BuiltinFamily::Operator)) {
    OperatorKind kind = operatorKind(builtin->id);
    if (kind.binary)
      return convert(binary(*kind.binary, args[0], args[1], c.getLoc()), rt, c.getLoc());
    return Val{rt, {compareScalars(*kind.comparison, args[0], args[1], c.getLoc())}};
  }
  if (isOneOf(builtin, {Builtin::Complex})) {
    Type part = rt.complexPart();
    mlir::Value re = convert(args[0], part, c.getLoc()).scalar();
    mlir::Value im = args.size() > 1 ? convert(args[1], part, c.getLoc()).scalar()
                                     : floatConst(0, lowerScalar(part), l);
    return Val{rt, {re, im}};
  }
  if (isOneOf(builtin, {Builtin::TupleOf}))
    return args[0];
  if (isOneOf(builtin, {Builtin::Pow}))
    return convert(binary(ast::BinOpKind::Pow, args[0], args[1], c.getLoc()), rt, c.getLoc());
  std::vector<Type> argTypes;
  for (auto &a : args)
    argTypes.push_back(a.type);
  if (rt.isComplex() || (builtin && isComplexFunction(*builtin, argTypes)))
    return complexFunction(f, args, rt, c.getLoc());
  if (isOneOf(builtin, {Builtin::Abs, Builtin::NpAbs, Builtin::NpAbsolute})) {
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
  if (isOneOf(builtin, {Builtin::NpMinimum, Builtin::NpMaximum}) && rt.isFloat() && args.size() == 2) {
    // NumPy's (and Numba's np_real_maximum_impl): NaN propagates (the
    // first NaN operand), otherwise a >= b ? a : b (<= for minimum).
    using P = mlir::arith::CmpFPredicate;
    mlir::Value a = convert(args[0], rt, c.getLoc()).scalar();
    mlir::Value b = convert(args[1], rt, c.getLoc()).scalar();
    mlir::Value aNan = mlir::arith::CmpFOp::create(b_, l, P::UNO, a, a);
    mlir::Value anyNan = mlir::arith::CmpFOp::create(b_, l, P::UNO, a, b);
    mlir::Value nanResult = mlir::arith::SelectOp::create(b_, l, aNan, a, b);
    mlir::Value takeA = mlir::arith::CmpFOp::create(
        b_, l, builtin->id == Builtin::NpMaximum ? P::OGE : P::OLE, a, b);
    mlir::Value ordered = mlir::arith::SelectOp::create(b_, l, takeA, a, b);
    return Val{rt, {mlir::arith::SelectOp::create(b_, l, anyNan, nanResult, ordered)}};
  }
  if (isOneOf(builtin, {Builtin::Min, Builtin::Max, Builtin::NpMinimum, Builtin::NpMaximum})) {
    bool isMin = builtin->id == Builtin::Min || builtin->id == Builtin::NpMinimum;
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
  if (isOneOf(builtin, {Builtin::Divmod})) {
    Val q = binary(ast::BinOpKind::FloorDiv, args[0], args[1], c.getLoc());
    Val r = binary(ast::BinOpKind::Mod, args[0], args[1], c.getLoc());
    return Val{rt, {q.scalar(), r.scalar()}};
  }
  if (isOneOf(builtin, {Builtin::Int, Builtin::Float, Builtin::Bool}))
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

Val Generator::gridBarrier(const ast::Call &c) {
  // A marker, numbered by the barrier's phase: SplitGridBarriers ends a
  // dispatch there (frontend/sema/GridSchedule.h) and removes it.
  const std::vector<const ast::Call *> &barriers = k_.gridSchedule->barriers;
  auto at = std::find(barriers.begin(), barriers.end(), &c);
  if (at == barriers.end())
    fail(c.getLoc(), "internal error: a grid barrier the schedule does not list");
  auto marker = mlir::gpu::BarrierOp::create(b_, loc(c.getLoc()));
  marker->setAttr(abi::kGridBarrierAttr,
                  b_.getI32IntegerAttr(static_cast<int32_t>(at - barriers.begin()) + 1));
  return Val{Type::none(), {}};
}

} // namespace nvc::mlirgen
