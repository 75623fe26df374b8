//===- GenReductions.cpp - Generator: reductions of whole arrays ----------===//
//
// np.sum(a), a.max(), np.argmin(a), np.dot(a, b), ... (004_…txt "Arrays
// inside kernels"): one loop nest over the elements in C order, the
// accumulator in a local (mem2reg makes it a register, and the passes keep
// optimising the loop: unrolling, accumulator promotion). The order is
// sequential, as Numba's (NumPy sums floats pairwise: the last bits may
// differ). Type inference (InferArrays.cpp, reductionResultType) gave the
// result type.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Generator::ElementSource Generator::elementsOf(const ast::Expr &e) {
  return elementsOfValue(expr(e), e.getLoc());
}

void Generator::forEachIndex(const std::vector<mlir::Value> &shape, mlir::Location l,
                             const std::function<void(const std::vector<mlir::Value> &)> &body) {
  std::vector<mlir::Value> idx;
  std::function<void(size_t)> level = [&](size_t d) {
    if (d == shape.size()) {
      body(idx);
      return;
    }
    countingLoop(shape[d], l, [&](mlir::Value i) {
      idx.push_back(i);
      level(d + 1);
      idx.pop_back();
    });
  };
  level(0);
}

mlir::Value Generator::localSlot(mlir::Type t, mlir::Location l) {
  auto slotTy = mlir::MemRefType::get(
      {}, t, mlir::MemRefLayoutAttrInterface(),
      mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Function));
  mlir::OpBuilder::InsertionGuard guard(b_);
  b_.setInsertionPointToStart(entry_);
  return mlir::memref::AllocaOp::create(b_, l, slotTy);
}

namespace {

/// NumPy's names of the operations in its messages.
const char *numpyName(ReductionOp op) {
  switch (op) {
  case ReductionOp::Min: return "minimum";
  case ReductionOp::Max: return "maximum";
  case ReductionOp::ArgMin: return "argmin";
  case ReductionOp::ArgMax: return "argmax";
  case ReductionOp::NanMin: return "fmin";
  case ReductionOp::NanMax: return "fmax";
  default: return "";
  }
}

} // namespace

Val Generator::reduction(const ast::Call &c, const BuiltinInfo &b) {
  mlir::Location l = loc(c.getLoc());
  const ReductionOp op = b.reductionOp();
  const Type &rt = typeOf(c);
  std::vector<const ast::Expr *> operands;
  if (std::string(b.name).rfind("array.", 0) == 0)
    operands.push_back(cast<ast::Attribute>(*c.func).value.get());
  for (auto &a : c.args)
    operands.push_back(a.get());
  auto axis = k_.reductionAxes.find(&c);
  if (axis != k_.reductionAxes.end() && operands.back() == axis->second.axis)
    operands.pop_back(); // np.sum(a, 0): the axis is no operand
  std::vector<ElementSource> sources;
  for (const ast::Expr *e : operands)
    sources.push_back(elementsOf(*e));
  if (axis != k_.reductionAxes.end())
    return reductionAlongAxis(c, op, sources.front(), axis->second, rt);
  return reduceElements(c, op, sources, rt);
}

Val Generator::reductionAlongAxis(const ast::Call &c, ReductionOp op, const ElementSource &src,
                                  const TypedKernel::ReductionAxis &axis, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  mlir::Type it = indexType();
  const size_t ndim = src.shape.size();
  auto index = [&](int64_t v) { return intConst(v, it, l); };
  // The axis as an index: a constant, or the run-time value wrapped once
  // (negative counts from the end) and checked, as NumPy's normalize_axis_index.
  mlir::Value ax;
  if (axis.constant) {
    ax = index(*axis.constant);
  } else {
    Val given = expr(*axis.axis);
    mlir::Value k = convertScalar(given.scalar(), given.type, Type::integer(64), c.getLoc());
    using P = mlir::arith::CmpIPredicate;
    mlir::Value n = intConst(static_cast<int64_t>(ndim), b_.getI64Type(), l);
    mlir::Value neg = mlir::arith::CmpIOp::create(b_, l, P::slt, k, intConst(0, k.getType(), l));
    mlir::Value wrapped = mlir::arith::SelectOp::create(
        b_, l, neg, mlir::arith::AddIOp::create(b_, l, k, n), k);
    mlir::Value bad = mlir::arith::OrIOp::create(
        b_, l, mlir::arith::CmpIOp::create(b_, l, P::slt, wrapped, intConst(0, k.getType(), l)),
        mlir::arith::CmpIOp::create(b_, l, P::sge, wrapped, n));
    raiseIf(bad,
            errorSite("ValueError",
                      fmt::format("axis {{0}} is out of bounds for array of dimension {}", ndim),
                      1, c.getLoc()),
            {k}, c.getLoc());
    ax = convertScalar(wrapped, Type::integer(64), Type::integer(indexBits_), c.getLoc());
  }
  const Type element = rt.isArrayExpr() ? rt.element() : rt;
  // One line along the axis, for the index `idx` of the other dimensions.
  auto line = [this, src, ax, ndim, l](const std::vector<mlir::Value> &idx) {
    using P = mlir::arith::CmpIPredicate;
    mlir::Type it = indexType();
    ElementSource s;
    s.dtype = src.dtype;
    s.shape = {mlir::Value()};
    s.shape[0] = src.shape[0];
    for (size_t d = 1; d < ndim; ++d) // the extent along the axis
      s.shape[0] = mlir::arith::SelectOp::create(
          b_, l, mlir::arith::CmpIOp::create(b_, l, P::eq, ax, intConst(d, it, l)), src.shape[d],
          s.shape[0]);
    s.at = [this, src, ax, ndim, idx, l](const std::vector<mlir::Value> &j) {
      mlir::Type it = indexType();
      std::vector<mlir::Value> full(ndim);
      if (ndim == 1)
        return src.at(j);
      for (size_t d = 0; d < ndim; ++d) {
        mlir::Value dv = intConst(static_cast<int64_t>(d), it, l);
        mlir::Value before = d < ndim - 1 ? idx[d] : idx[d - 1];
        mlir::Value after = d > 0 ? idx[d - 1] : idx[0];
        mlir::Value other = mlir::arith::SelectOp::create(
            b_, l, mlir::arith::CmpIOp::create(b_, l, P::ult, dv, ax), before, after);
        full[d] = mlir::arith::SelectOp::create(
            b_, l, mlir::arith::CmpIOp::create(b_, l, P::eq, dv, ax), j[0], other);
      }
      return src.at(full);
    };
    return s;
  };
  if (ndim == 1)
    return reduceElements(c, op, {line({})}, element);
  // The other dimensions' extents, in order.
  ArrayExpression out;
  out.dtype = element;
  for (size_t j = 0; j + 1 < ndim; ++j)
    out.shape.push_back(mlir::arith::SelectOp::create(
        b_, l,
        mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ult, index(j), ax),
        src.shape[j], src.shape[j + 1]));
  out.at = [this, &c, op, element, line](const std::vector<mlir::Value> &idx) {
    return reduceElements(c, op, {line(idx)}, element);
  };
  Val v{rt, {}};
  v.expression = std::make_shared<const ArrayExpression>(std::move(out));
  return v;
}

Val Generator::reduceElements(const ast::Call &c, ReductionOp op,
                              const std::vector<ElementSource> &sources, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  // Sums, products and means of float16 accumulate in float32 and round the
  // result once, as NumPy's float16 reductions (its pairwise sum and dot
  // accumulate in float; mean and var compute in float32).
  const bool accumulates = op == ReductionOp::Sum || op == ReductionOp::Prod ||
                           op == ReductionOp::Mean || op == ReductionOp::NanSum ||
                           op == ReductionOp::NanProd || op == ReductionOp::NanMean ||
                           op == ReductionOp::Var || op == ReductionOp::Std ||
                           op == ReductionOp::Dot;
  if (accumulates && rt.isFloat16())
    return convert(reduceElements(c, op, sources, Type::floating(32)), rt, c.getLoc());
  const ElementSource &src = sources.front();
  mlir::Type it = indexType();
  auto index = [&](int64_t v) { return intConst(v, it, l); };
  mlir::Value size = elementCount(src.shape, l);

  // The accumulator: one local per scalar leaf of the result.
  std::vector<mlir::Value> slots;
  for (mlir::Type t : leafTypes(rt))
    slots.push_back(localSlot(t, l));
  auto loadAcc = [&]() {
    Val v{rt, {}};
    for (mlir::Value s : slots)
      v.parts.push_back(mlir::memref::LoadOp::create(b_, l, s));
    return v;
  };
  auto storeAcc = [&](const Val &v) {
    for (size_t k = 0; k < slots.size(); ++k)
      mlir::memref::StoreOp::create(b_, l, v.parts[k], slots[k]);
  };
  auto constant = [&](int64_t v) {
    ConstValue cv;
    cv.type = Type::integer(64);
    cv.i = v;
    return convert(Generator::constant(cv, c.getLoc()), rt, c.getLoc());
  };
  auto zeros = [&](size_t n) { return std::vector<mlir::Value>(n, index(0)); };

  switch (op) {
  case ReductionOp::Sum:
  case ReductionOp::Prod:
  case ReductionOp::Mean:
  case ReductionOp::NanSum:
  case ReductionOp::NanProd:
  case ReductionOp::NanMean: {
    const bool prod = op == ReductionOp::Prod || op == ReductionOp::NanProd;
    const bool mean = op == ReductionOp::Mean || op == ReductionOp::NanMean;
    // nansum, nanprod, nanmean of floats: a NaN element counts as the
    // operation's identity and, for the mean, not at all.
    const bool skipNaN = (op == ReductionOp::NanSum || op == ReductionOp::NanProd ||
                          op == ReductionOp::NanMean) &&
                         src.dtype.isFloat();
    // nanmean counts the numbers it adds; mean divides by the size.
    mlir::Value counted = op == ReductionOp::NanMean ? localSlot(it, l) : mlir::Value();
    if (counted)
      mlir::memref::StoreOp::create(b_, l, index(0), counted);
    storeAcc(constant(prod ? 1 : 0));
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      Val element = src.at(idx);
      mlir::Value one = index(1);
      if (skipNaN) {
        mlir::Value x = element.scalar();
        mlir::Value isNaN =
            mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::UNO, x, x);
        element.parts[0] = mlir::arith::SelectOp::create(
            b_, l, isNaN, floatConst(prod ? 1 : 0, x.getType(), l), x);
        one = mlir::arith::SelectOp::create(b_, l, isNaN, index(0), one);
      }
      Val x = convert(element, rt, c.getLoc());
      storeAcc(convert(binary(prod ? ast::BinOpKind::Mult : ast::BinOpKind::Add, loadAcc(), x,
                              c.getLoc()),
                       rt, c.getLoc()));
      if (counted)
        mlir::memref::StoreOp::create(
            b_, l,
            mlir::arith::AddIOp::create(b_, l, mlir::memref::LoadOp::create(b_, l, counted), one),
            counted);
    });
    Val acc = loadAcc();
    if (!mean)
      return acc;
    // mean: the sum over the count (0 / 0 is nan for an empty array, as
    // NumPy's, which also warns).
    Val count{Type::integer(indexBits_),
              {counted ? mlir::Value(mlir::memref::LoadOp::create(b_, l, counted)) : size}};
    return convert(binary(ast::BinOpKind::Div, acc, count, c.getLoc()), rt, c.getLoc());
  }
  case ReductionOp::Var:
  case ReductionOp::Std: {
    // NumPy's _var: the mean, then the mean of |x - mean|² (two passes over
    // the elements, as Numba's array_var); std is its square root.
    const Type &dt = src.dtype;
    const Type meanType = dt.isComplex() ? dt : rt; // the mean keeps a complex value
    std::vector<mlir::Value> meanSlots;
    for (mlir::Type t : leafTypes(meanType))
      meanSlots.push_back(localSlot(t, l));
    Val zero = convert(constant(0), meanType, c.getLoc());
    for (size_t k = 0; k < meanSlots.size(); ++k)
      mlir::memref::StoreOp::create(b_, l, zero.parts[k], meanSlots[k]);
    auto loadMean = [&]() {
      Val v{meanType, {}};
      for (mlir::Value s : meanSlots)
        v.parts.push_back(mlir::memref::LoadOp::create(b_, l, s));
      return v;
    };
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      Val sum = binary(ast::BinOpKind::Add, loadMean(),
                       convert(src.at(idx), meanType, c.getLoc()), c.getLoc());
      sum = convert(sum, meanType, c.getLoc());
      for (size_t k = 0; k < meanSlots.size(); ++k)
        mlir::memref::StoreOp::create(b_, l, sum.parts[k], meanSlots[k]);
    });
    Val count{Type::integer(indexBits_), {size}};
    Val m = convert(binary(ast::BinOpKind::Div, loadMean(), count, c.getLoc()), meanType,
                    c.getLoc());
    storeAcc(constant(0));
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      Val d = binary(ast::BinOpKind::Sub, convert(src.at(idx), meanType, c.getLoc()), m,
                     c.getLoc());
      d = convert(d, meanType, c.getLoc());
      Val sq{rt, {}};
      if (dt.isComplex()) {
        mlir::Value re = d.parts[0], im = d.parts[1];
        sq.parts.push_back(mlir::arith::AddFOp::create(
            b_, l, mlir::arith::MulFOp::create(b_, l, re, re),
            mlir::arith::MulFOp::create(b_, l, im, im)));
      } else {
        sq = convert(binary(ast::BinOpKind::Mult, d, d, c.getLoc()), rt, c.getLoc());
      }
      storeAcc(convert(binary(ast::BinOpKind::Add, loadAcc(), sq, c.getLoc()), rt, c.getLoc()));
    });
    Val var = convert(binary(ast::BinOpKind::Div, loadAcc(), count, c.getLoc()), rt, c.getLoc());
    if (op == ReductionOp::Var)
      return var;
    return Val{rt, {mlir::math::SqrtOp::create(b_, l, var.scalar())}};
  }
  case ReductionOp::CountNonzero: {
    storeAcc(constant(0));
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      mlir::Value t = truthOf(src.at(idx), c.getLoc());
      Val one{rt, {mlir::arith::ExtUIOp::create(b_, l, lowerScalar(rt), t)}};
      storeAcc(Val{rt, {mlir::arith::AddIOp::create(b_, l, loadAcc().scalar(), one.scalar())}});
    });
    return loadAcc();
  }
  case ReductionOp::Any:
  case ReductionOp::All: {
    const bool all = op == ReductionOp::All;
    mlir::Value slot = slots.front();
    mlir::memref::StoreOp::create(b_, l, intConst(all ? 1 : 0, b_.getI1Type(), l), slot);
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      mlir::Value t = truthOf(src.at(idx), c.getLoc());
      mlir::Value acc = mlir::memref::LoadOp::create(b_, l, slot);
      mlir::Value next = all ? mlir::Value(mlir::arith::AndIOp::create(b_, l, acc, t))
                             : mlir::Value(mlir::arith::OrIOp::create(b_, l, acc, t));
      mlir::memref::StoreOp::create(b_, l, next, slot);
    });
    return loadAcc();
  }
  case ReductionOp::Min:
  case ReductionOp::Max:
  case ReductionOp::ArgMin:
  case ReductionOp::ArgMax:
  case ReductionOp::NanMin:
  case ReductionOp::NanMax: {
    const bool isArg = op == ReductionOp::ArgMin || op == ReductionOp::ArgMax;
    const bool wantMax =
        op == ReductionOp::Max || op == ReductionOp::ArgMax || op == ReductionOp::NanMax;
    const bool ignoreNaN = op == ReductionOp::NanMin || op == ReductionOp::NanMax;
    // NumPy: "zero-size array to reduction operation maximum which has no
    // identity", "attempt to get argmax of an empty sequence".
    std::string message =
        isArg ? fmt::format("attempt to get {} of an empty sequence", numpyName(op))
              : fmt::format("zero-size array to reduction operation {} which has no identity",
                            numpyName(op));
    mlir::Value empty = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, size,
                                                    index(0));
    raiseIf(empty, errorSite("ValueError", message, 0, c.getLoc()), {}, c.getLoc());
    const Type &dt = src.dtype;
    // The best element so far: one slot per part (two for complex numbers).
    std::vector<mlir::Value> best;
    for (mlir::Type t : leafTypes(dt))
      best.push_back(localSlot(t, l));
    mlir::Value bestAt = localSlot(it, l), count = localSlot(it, l);
    Val first = src.at(zeros(src.shape.size()));
    for (size_t p = 0; p < best.size(); ++p)
      mlir::memref::StoreOp::create(b_, l, first.parts[p], best[p]);
    mlir::memref::StoreOp::create(b_, l, index(0), bestAt);
    mlir::memref::StoreOp::create(b_, l, index(0), count);
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      Val xv = src.at(idx);
      Val curv{dt, {}};
      for (mlir::Value s : best)
        curv.parts.push_back(mlir::memref::LoadOp::create(b_, l, s));
      mlir::Value k = mlir::memref::LoadOp::create(b_, l, count);
      mlir::Value better;
      if (dt.isFloat() || dt.isComplex()) {
        // NumPy propagates NaN: the first NaN wins and stays. nanmin and
        // nanmax skip NaN: a number replaces a NaN, a NaN replaces nothing
        // (all NaN: NaN). Complex numbers order lexicographically (NumPy's
        // CGT/CLT) and are NaN when either part is.
        using F = mlir::arith::CmpFPredicate;
        auto isNan = [&](const Val &v) {
          mlir::Value n = mlir::arith::CmpFOp::create(b_, l, F::UNO, v.parts[0], v.parts[0]);
          for (size_t p = 1; p < v.parts.size(); ++p)
            n = mlir::arith::OrIOp::create(
                b_, l, n, mlir::arith::CmpFOp::create(b_, l, F::UNO, v.parts[p], v.parts[p]));
          return n;
        };
        mlir::Value beats =
            dt.isComplex()
                ? complexOrdered(wantMax ? ast::CmpOpKind::Gt : ast::CmpOpKind::Lt, xv, curv,
                                 c.getLoc())
                : mlir::arith::CmpFOp::create(b_, l, wantMax ? F::OGT : F::OLT, xv.scalar(),
                                              curv.scalar());
        mlir::Value xNan = isNan(xv);
        mlir::Value curNan = isNan(curv);
        mlir::Value yes = intConst(1, b_.getI1Type(), l);
        if (ignoreNaN)
          better = mlir::arith::AndIOp::create(
              b_, l, mlir::arith::OrIOp::create(b_, l, beats, curNan),
              mlir::arith::XOrIOp::create(b_, l, xNan, yes));
        else
          better = mlir::arith::AndIOp::create(
              b_, l, mlir::arith::OrIOp::create(b_, l, beats, xNan),
              mlir::arith::XOrIOp::create(b_, l, curNan, yes));
      } else {
        using P = mlir::arith::CmpIPredicate;
        bool isSigned = dt.isInteger() && dt.isSigned();
        P p = wantMax ? (isSigned ? P::sgt : P::ugt) : (isSigned ? P::slt : P::ult);
        better = mlir::arith::CmpIOp::create(b_, l, p, xv.scalar(), curv.scalar());
      }
      for (size_t p = 0; p < best.size(); ++p)
        mlir::memref::StoreOp::create(
            b_, l, mlir::arith::SelectOp::create(b_, l, better, xv.parts[p], curv.parts[p]),
            best[p]);
      mlir::Value at = mlir::memref::LoadOp::create(b_, l, bestAt);
      mlir::memref::StoreOp::create(b_, l, mlir::arith::SelectOp::create(b_, l, better, k, at),
                                    bestAt);
      mlir::memref::StoreOp::create(b_, l, mlir::arith::AddIOp::create(b_, l, k, index(1)),
                                    count);
    });
    if (isArg)
      return convert(Val{Type::integer(indexBits_),
                         {mlir::memref::LoadOp::create(b_, l, bestAt).getResult()}},
                     rt, c.getLoc());
    Val out{rt, {}};
    for (mlir::Value s : best)
      out.parts.push_back(mlir::memref::LoadOp::create(b_, l, s));
    return out;
  }
  case ReductionOp::Dot: {
    const ElementSource &other = sources[1];
    mlir::Value differ = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne,
                                                     src.shape[0], other.shape[0]);
    raiseIf(differ,
            errorSite("ValueError",
                      "shapes ({0},) and ({1},) not aligned: {0} (dim 0) != {1} (dim 0)", 2,
                      c.getLoc()),
            {src.shape[0], other.shape[0]}, c.getLoc());
    storeAcc(constant(0));
    forEachIndex(src.shape, l, [&](const std::vector<mlir::Value> &idx) {
      Val x = convert(src.at(idx), rt, c.getLoc());
      Val y = convert(other.at(idx), rt, c.getLoc());
      Val product = convert(binary(ast::BinOpKind::Mult, x, y, c.getLoc()), rt, c.getLoc());
      storeAcc(convert(binary(ast::BinOpKind::Add, loadAcc(), product, c.getLoc()), rt,
                       c.getLoc()));
    });
    return loadAcc();
  }
  default:
    fail(c.getLoc(), "internal error: an unknown reduction");
  }
}

} // namespace nvc::mlirgen
