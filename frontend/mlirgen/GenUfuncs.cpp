//===- GenUfuncs.cpp - Generator: NumPy ufuncs called by name --------------===//
//
// `np.add(a, b)`, `np.greater(x, y, out)`, `np.sin(z)` of complex numbers,
// ...: the element of the ufunc's selected loop (Ufuncs.h) computed by the
// same code as the Python operator or math function, over NumPy's
// broadcasting when an input is an array (an array expression), and written
// into the output array when one is given. Complex orderings, maximum and
// fmax follow NumPy's loops (numpy/core/src/umath/loops.c.src: CGE, CLE,
// and "NaN propagates" / "NaN is ignored").
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

#include "frontend/sema/Ufuncs.h"

namespace nvc::mlirgen {

using llvm::cast;

namespace {

/// cmath's name of a math ufunc's complex version.
std::string cmathName(const std::string &ufunc) {
  static const std::map<std::string, std::string> renamed = {
      {"arcsin", "asin"},   {"arccos", "acos"},   {"arctan", "atan"},
      {"arcsinh", "asinh"}, {"arccosh", "acosh"}, {"arctanh", "atanh"}};
  auto it = renamed.find(ufunc);
  return "cmath." + (it == renamed.end() ? ufunc : it->second);
}

} // namespace

mlir::Value Generator::complexOrdered(ast::CmpOpKind op, const Val &x, const Val &y,
                                      ast::Location at) {
  // NumPy's CLT/CLE/CGT/CGE: the real parts decide unless they are equal;
  // a NaN imaginary part makes an ordering by real parts false.
  using P = mlir::arith::CmpFPredicate;
  mlir::Location l = loc(at);
  auto cmp = [&](P p, mlir::Value a, mlir::Value b) {
    return mlir::arith::CmpFOp::create(b_, l, p, a, b).getResult();
  };
  const bool less = op == ast::CmpOpKind::Lt || op == ast::CmpOpKind::LtE;
  const bool orEqual = op == ast::CmpOpKind::LtE || op == ast::CmpOpKind::GtE;
  mlir::Value xr = x.parts[0], xi = x.parts[1], yr = y.parts[0], yi = y.parts[1];
  mlir::Value realsOrder = cmp(less ? P::OLT : P::OGT, xr, yr);
  mlir::Value imagsOrdered = cmp(P::ORD, xi, yi);
  mlir::Value byReal = mlir::arith::AndIOp::create(b_, l, realsOrder, imagsOrdered);
  mlir::Value byImag = mlir::arith::AndIOp::create(
      b_, l, cmp(P::OEQ, xr, yr),
      cmp(less ? (orEqual ? P::OLE : P::OLT) : (orEqual ? P::OGE : P::OGT), xi, yi));
  return mlir::arith::OrIOp::create(b_, l, byReal, byImag);
}

Val Generator::ufuncElement(const ast::Call &c, const Ufunc &u, const std::vector<Val> &inputs,
                            const Type &rt) {
  return roundedIfHalf(ufuncElementInFloat32(c, u, inputs, rt), c.getLoc());
}

Val Generator::ufuncElementInFloat32(const ast::Call &c, const Ufunc &u,
                                     const std::vector<Val> &inputs, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  const ast::Location at = c.getLoc();
  std::vector<Type> types;
  for (const Val &v : inputs)
    types.push_back(v.type);
  const std::string qualified = "np." + u.name;
  const bool complexInput =
      std::any_of(types.begin(), types.end(), [](const Type &t) { return t.isComplex(); });
  if (u.kind == UfuncKind::Math && !complexInput)
    return builtinOnValues(c, lookupBuiltin(qualified), qualified, inputs, rt);
  const std::optional<UfuncLoop> loop = selectUfuncLoop(u, types);
  if (!loop)
    fail(at, fmt::format("internal error: no loop of ufunc '{}'", u.name));
  std::vector<Val> x;
  for (const Val &v : inputs)
    x.push_back(convert(v, loop->input, at));
  auto isNaN = [&](const Val &v) {
    using P = mlir::arith::CmpFPredicate;
    mlir::Value n = mlir::arith::CmpFOp::create(b_, l, P::UNO, v.parts[0], v.parts[0]);
    if (v.parts.size() > 1)
      n = mlir::arith::OrIOp::create(
          b_, l, n, mlir::arith::CmpFOp::create(b_, l, P::UNO, v.parts[1], v.parts[1]));
    return n;
  };
  auto select = [&](mlir::Value takeFirst, const Val &a, const Val &b) {
    Val r{a.type, {}};
    for (size_t i = 0; i < a.parts.size(); ++i)
      r.parts.push_back(mlir::arith::SelectOp::create(b_, l, takeFirst, a.parts[i], b.parts[i]));
    return r;
  };
  mlir::Value yes = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
  switch (u.kind) {
  case UfuncKind::Binary:
    return convert(binary(*u.binary, x[0], x[1], at), rt, at);
  case UfuncKind::Compare:
    if (loop->input.isComplex() && *u.compare != ast::CmpOpKind::Eq &&
        *u.compare != ast::CmpOpKind::NotEq)
      return Val{rt, {complexOrdered(*u.compare, x[0], x[1], at)}};
    return Val{rt, {compareScalars(*u.compare, x[0], x[1], at)}};
  case UfuncKind::Logical: {
    mlir::Value a = truthOf(x[0], at);
    if (u.unary) // logical_not
      return Val{rt, {mlir::arith::XOrIOp::create(b_, l, a, yes)}};
    mlir::Value b = truthOf(x[1], at);
    if (*u.binary == ast::BinOpKind::BitAnd)
      return Val{rt, {mlir::arith::AndIOp::create(b_, l, a, b)}};
    if (*u.binary == ast::BinOpKind::BitOr)
      return Val{rt, {mlir::arith::OrIOp::create(b_, l, a, b)}};
    return Val{rt, {mlir::arith::XOrIOp::create(b_, l, a, b)}};
  }
  case UfuncKind::Unary: {
    const Type &t = loop->input;
    if (!u.unary) { // absolute: bool stays bool; the rest is abs()
      if (t.isBoolean())
        return x[0];
      return builtinOnValues(c, &builtinInfo(Builtin::NpAbsolute), "np.absolute", x, rt);
    }
    if (*u.unary == ast::UnaryOpKind::UAdd)
      return x[0];
    if (*u.unary == ast::UnaryOpKind::Invert) {
      mlir::Value v = x[0].scalar();
      mlir::Value ones = t.isBoolean() ? yes : intConst(-1, v.getType(), l);
      return Val{rt, {mlir::arith::XOrIOp::create(b_, l, v, ones)}};
    }
    // negative
    if (t.isFloat() || t.isComplex()) {
      Val r{rt, {}};
      for (mlir::Value p : x[0].parts)
        r.parts.push_back(mlir::arith::NegFOp::create(b_, l, p));
      return r;
    }
    mlir::Value v = x[0].scalar();
    return Val{rt, {mlir::arith::SubIOp::create(b_, l, intConst(0, v.getType(), l), v)}};
  }
  case UfuncKind::Extremum: {
    const Type &t = loop->input;
    const ast::CmpOpKind keepFirst = u.isMax ? ast::CmpOpKind::GtE : ast::CmpOpKind::LtE;
    mlir::Value ordered = t.isComplex() ? complexOrdered(keepFirst, x[0], x[1], at)
                                        : compareScalars(keepFirst, x[0], x[1], at);
    if (t.isFloat() || t.isComplex()) {
      // maximum: a NaN first operand wins (NaN propagates); fmax: a NaN
      // second operand loses (NaN ignored). The other NaN case falls to
      // the ordered comparison, which is false.
      mlir::Value nan = isNaN(u.ignoresNaN ? x[1] : x[0]);
      ordered = mlir::arith::OrIOp::create(b_, l, ordered, nan);
    }
    return select(ordered, x[0], x[1]);
  }
  case UfuncKind::Fmod: {
    // NumPy's fmod: C's fmod of floats; of integers the remainder with the
    // dividend's sign, 0 for a zero divisor (npy_fmod, Numba's
    // np_int_fmod_impl).
    if (loop->input.isFloat())
      return builtinOnValues(c, lookupBuiltin("np.fmod"), "np.fmod", x, rt);
    mlir::Value a = x[0].scalar(), b = x[1].scalar();
    mlir::Value zero = intConst(0, a.getType(), l);
    using P = mlir::arith::CmpIPredicate;
    // A zero divisor (and, signed, -1, whose remainder is 0 and whose
    // MIN % -1 overflows) is replaced by 1 before the division, its result
    // discarded: no invocation divides by zero or overflows.
    mlir::Value trivial = mlir::arith::CmpIOp::create(b_, l, P::eq, b, zero);
    if (rt.isSigned())
      trivial = mlir::arith::OrIOp::create(
          b_, l, trivial, mlir::arith::CmpIOp::create(b_, l, P::eq, b, intConst(-1, a.getType(), l)));
    mlir::Value safe =
        mlir::arith::SelectOp::create(b_, l, trivial, intConst(1, a.getType(), l), b);
    mlir::Value r = rt.isSigned() ? mlir::Value(mlir::arith::RemSIOp::create(b_, l, a, safe))
                                  : mlir::Value(mlir::arith::RemUIOp::create(b_, l, a, safe));
    return Val{rt, {mlir::arith::SelectOp::create(b_, l, trivial, zero, r)}};
  }
  case UfuncKind::Math: {
    // Complex inputs: cmath's function of the complex loop's type.
    Val z = x[0];
    if (u.name == "log2") {
      Val ln = complexFunction("cmath.log", {z}, rt, at);
      mlir::Value inv = floatConst(1.0 / std::log(2.0), ln.parts[0].getType(), l);
      return Val{rt,
                 {mlir::arith::MulFOp::create(b_, l, ln.parts[0], inv),
                  mlir::arith::MulFOp::create(b_, l, ln.parts[1], inv)}};
    }
    return complexFunction(cmathName(u.name), x, rt, at);
  }
  }
  fail(at, "internal error: an unknown ufunc kind");
}

Val Generator::ufuncCall(const ast::Call &c) {
  const std::string &f = typeOf(*c.func).name();
  const std::optional<Ufunc> u = resolveUfunc(f);
  if (!u)
    fail(c.getLoc(), fmt::format("internal error: {} is not a ufunc", f));
  const ast::Expr *output = nullptr;
  for (const ast::Keyword &k : c.keywords)
    output = k.value.get(); // out= (type inference allows no other)
  if (!output && c.args.size() > u->nin)
    output = c.args[u->nin].get();
  std::vector<Val> inputs;
  std::vector<Type> types;
  for (size_t i = 0; i < u->nin; ++i) {
    inputs.push_back(expr(*c.args[i]));
    types.push_back(inputs.back().type);
  }
  std::vector<Type> elements;
  for (const Type &t : types)
    elements.push_back(elementTypeOf(t));
  const Type element = ufuncResultType(*u, elements, c.getLoc());
  const Type valueType = elementwiseType(element, types);
  const Ufunc ufunc = *u;
  Val value;
  // (0-d arrays only: a number, computed by elementwise from their elements)
  if (std::any_of(inputs.begin(), inputs.end(), [](const Val &v) { return v.isArrayLike(); }))
    value = elementwise(
        valueType, inputs,
        [this, &c, ufunc, element](const std::vector<Val> &x) {
          return ufuncElement(c, ufunc, x, element);
        },
        c.getLoc());
  else
    value = ufuncElement(c, ufunc, inputs, element);
  if (!output)
    return value;
  Val out = expr(*output);
  storeIntoView(*out.array, value, c.getLoc());
  return out;
}

} // namespace nvc::mlirgen
