//===- GenArrayExpressions.cpp - Generator: array expressions --------------===//
//
// Arithmetic, comparisons and math functions on arrays and views (004_…txt
// "Arrays inside kernels and array expressions"): an ArrayExpression holds
// its operands and computes an element where it is read, so `out[i, :] =
// a[i] * w + c` is one loop over the destination evaluating the scalar tree
// per element, and `(d * d).sum()` one reduction loop: no temporary array.
// The idea is Flang's hlfir.elemental inlined into its consumer.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

ArrayExpression Generator::elementsOfValue(const Val &v, ast::Location at) {
  if (v.expression)
    return *v.expression;
  if (!v.array)
    fail(at, "internal error: the elements of a value that is no array");
  const ArrayHandle *handle = v.array;
  ArrayExpression s;
  s.dtype = handle->type.element();
  s.shape = handle->shape;
  s.at = [this, handle, at](const std::vector<mlir::Value> &idx) {
    mlir::Location l = loc(at);
    mlir::Value linear = handle->offset;
    for (size_t d = 0; d < idx.size(); ++d)
      linear = mlir::arith::AddIOp::create(
          b_, l, linear, mlir::arith::MulIOp::create(b_, l, idx[d], handle->strides[d]));
    return loadElement(*handle, linear, at);
  };
  return s;
}

Val Generator::elementwise(const Type &resultType, const std::vector<Val> &operands,
                           std::function<Val(const std::vector<Val> &)> scalarOp,
                           ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Type it = indexType();
  std::vector<std::optional<ArrayExpression>> sources;
  size_t ndim = 0, arrays = 0;
  for (const Val &v : operands) {
    if (v.isArrayLike()) {
      sources.push_back(elementsOfValue(v, at));
      ndim = std::max(ndim, sources.back()->shape.size());
      ++arrays;
    } else {
      sources.push_back(std::nullopt);
    }
  }
  // NumPy's broadcasting, dimensions aligned on the right: an extent of 1
  // stretches; two other extents must agree.
  std::vector<mlir::Value> shape(ndim);
  mlir::Value mismatch;
  for (const auto &s : sources) {
    if (!s)
      continue;
    size_t k = s->shape.size();
    for (size_t j = 0; j < k; ++j) {
      size_t d = ndim - k + j;
      mlir::Value e = s->shape[j];
      if (!shape[d]) {
        shape[d] = e;
        continue;
      }
      using P = mlir::arith::CmpIPredicate;
      mlir::Value one = intConst(1, it, l);
      mlir::Value eIsOne = mlir::arith::CmpIOp::create(b_, l, P::eq, e, one);
      mlir::Value curIsOne = mlir::arith::CmpIOp::create(b_, l, P::eq, shape[d], one);
      mlir::Value differ = mlir::arith::CmpIOp::create(b_, l, P::ne, e, shape[d]);
      mlir::Value bad = mlir::arith::AndIOp::create(
          b_, l, differ,
          mlir::arith::XOrIOp::create(b_, l, mlir::arith::OrIOp::create(b_, l, eIsOne, curIsOne),
                                      intConst(1, b_.getI1Type(), l)));
      mismatch = mismatch ? mlir::Value(mlir::arith::OrIOp::create(b_, l, mismatch, bad)) : bad;
      shape[d] = mlir::arith::SelectOp::create(b_, l, eIsOne, shape[d], e);
    }
  }
  if (mismatch && arrays > 1)
    raiseIf(mismatch,
            errorSite("ValueError", "operands could not be broadcast together", 0, at), {}, at);
  auto expression = std::make_shared<ArrayExpression>();
  expression->dtype = elementTypeOf(resultType);
  expression->shape = shape;
  std::vector<Val> scalars = operands;
  expression->at = [this, sources, scalars, ndim, scalarOp, at,
                    it](const std::vector<mlir::Value> &idx) {
    mlir::Location l = loc(at);
    std::vector<Val> elements;
    for (size_t k = 0; k < sources.size(); ++k) {
      if (!sources[k]) {
        elements.push_back(scalars[k]);
        continue;
      }
      const ArrayExpression &s = *sources[k];
      size_t n = s.shape.size();
      std::vector<mlir::Value> own;
      for (size_t j = 0; j < n; ++j) {
        // A stretched dimension (extent 1) reads its only element.
        mlir::Value one = intConst(1, it, l);
        mlir::Value stretched = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq,
                                                            s.shape[j], one);
        own.push_back(mlir::arith::SelectOp::create(b_, l, stretched, intConst(0, it, l),
                                                    idx[ndim - n + j]));
      }
      elements.push_back(s.at(own));
    }
    return scalarOp(elements);
  };
  // Operands that are all 0-d arrays give a number, as in NumPy and Numba
  // (ufuncs of 0-d arrays return scalars): their one element, computed now.
  if (ndim == 0)
    return expression->at({});
  Val out{resultType, {}};
  out.expression = expression;
  return out;
}

void Generator::copyInto(const ArrayHandle &target, const Val &source, ast::Location at) {
  mlir::Location l = loc(at);
  ArrayExpression src = elementsOfValue(source, at);
  mlir::Type it = indexType();
  // The source's dimensions align with the target's last ones; each must
  // match or be 1 (ValueError otherwise, as NumPy).
  const size_t n = target.shape.size(), k = src.shape.size();
  mlir::Value bad;
  for (size_t j = 0; j < k; ++j) {
    using P = mlir::arith::CmpIPredicate;
    mlir::Value e = src.shape[j], t = target.shape[n - k + j];
    if (e == t)
      continue; // the view's own extent (out[i, :] *= 2): nothing to check
    mlir::Value ok = mlir::arith::OrIOp::create(
        b_, l, mlir::arith::CmpIOp::create(b_, l, P::eq, e, t),
        mlir::arith::CmpIOp::create(b_, l, P::eq, e, intConst(1, it, l)));
    mlir::Value notOk = mlir::arith::XOrIOp::create(b_, l, ok, intConst(1, b_.getI1Type(), l));
    bad = bad ? mlir::Value(mlir::arith::OrIOp::create(b_, l, bad, notOk)) : notOk;
  }
  if (bad)
    raiseIf(bad,
            errorSite("ValueError", "could not broadcast the value into the view it is assigned "
                                    "to",
                      0, at),
            {}, at);
  forEachElement(target, l, [&](const std::vector<mlir::Value> &idx, mlir::Value linear) {
    std::vector<mlir::Value> own;
    for (size_t j = 0; j < k; ++j) {
      mlir::Value stretched = mlir::arith::CmpIOp::create(
          b_, l, mlir::arith::CmpIPredicate::eq, src.shape[j], intConst(1, it, l));
      own.push_back(
          mlir::arith::SelectOp::create(b_, l, stretched, intConst(0, it, l), idx[n - k + j]));
    }
    storeElement(target, linear, convert(src.at(own), target.type.element(), at), at);
  });
}

Val Generator::expressionItem(const Val &e, const ast::Subscript &s) {
  mlir::Location l = loc(s.getLoc());
  const ArrayExpression &x = *e.expression;
  std::vector<mlir::Value> idx;
  for (const ast::Expr *i : subscriptIndices(*s.index)) {
    size_t d = idx.size();
    mlir::Value v = convert(expr(*i), Type::integer(indexBits_), i->getLoc()).scalar();
    mlir::Value neg = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, v,
                                                  intConst(0, indexType(), l));
    v = mlir::arith::SelectOp::create(b_, l, neg,
                                      mlir::arith::AddIOp::create(b_, l, v, x.shape[d]), v);
    if (k_.boundscheck) {
      mlir::Value outside = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::uge,
                                                        v, x.shape[d]);
      raiseIf(outside,
              errorSite("IndexError",
                        fmt::format("index {{0}} is out of bounds for axis {} with size {{1}}", d),
                        2, i->getLoc()),
              {v, x.shape[d]}, i->getLoc());
    }
    idx.push_back(v);
  }
  if (idx.size() == x.shape.size())
    return x.at(idx);
  auto sub = std::make_shared<ArrayExpression>();
  sub->dtype = x.dtype;
  sub->shape.assign(x.shape.begin() + idx.size(), x.shape.end());
  ArrayExpression whole = x;
  sub->at = [whole, idx](const std::vector<mlir::Value> &rest) {
    std::vector<mlir::Value> all = idx;
    all.insert(all.end(), rest.begin(), rest.end());
    return whole.at(all);
  };
  Val out{typeOf(s), {}};
  out.expression = sub;
  return out;
}

} // namespace nvc::mlirgen
