//===- TypeRules.cpp - Numba's typing rules for operators ------------------===//
#include "frontend/sema/TypeRules.h"

#include "frontend/syntax/Diagnostics.h"

#include <llvm/Support/Casting.h>

#include <algorithm>

namespace nvc {

const char *binOpSymbol(ast::BinOpKind op) {
  switch (op) {
  case ast::BinOpKind::Add: return "+";
  case ast::BinOpKind::Sub: return "-";
  case ast::BinOpKind::Mult: return "*";
  case ast::BinOpKind::MatMult: return "@";
  case ast::BinOpKind::Div: return "/";
  case ast::BinOpKind::FloorDiv: return "//";
  case ast::BinOpKind::Mod: return "%";
  case ast::BinOpKind::Pow: return "**";
  case ast::BinOpKind::LShift: return "<<";
  case ast::BinOpKind::RShift: return ">>";
  case ast::BinOpKind::BitOr: return "|";
  case ast::BinOpKind::BitXor: return "^";
  case ast::BinOpKind::BitAnd: return "&";
  }
  return "?";
}

Type binaryResultType(ast::BinOpKind op, const Type &lhs, const Type &rhs) {
  if (!lhs.isScalar() || !rhs.isScalar())
    return Type();
  if (lhs.isComplex() || rhs.isComplex()) {
    switch (op) {
    case ast::BinOpKind::Add:
    case ast::BinOpKind::Sub:
    case ast::BinOpKind::Mult:
    case ast::BinOpKind::Div:
    case ast::BinOpKind::Pow:
      return unifyTypes(lhs, rhs);
    default:
      return Type();
    }
  }
  bool anyFloat = lhs.isFloat() || rhs.isFloat();
  switch (op) {
  case ast::BinOpKind::Pow:
    // BinOpPower: float32(float32, int32|int64|uint64) and the float64
    // equivalents, so a float raised to an integer keeps its width.
    if (lhs.isFloat() && (rhs.isInteger() || rhs.isBoolean()))
      return lhs;
    [[fallthrough]];
  case ast::BinOpKind::Add:
  case ast::BinOpKind::Sub:
  case ast::BinOpKind::Mult:
  case ast::BinOpKind::FloorDiv:
  case ast::BinOpKind::Mod:
    return anyFloat ? unifyTypes(lhs, rhs) : promoteIntegers(lhs, rhs);
  case ast::BinOpKind::Div:
    return anyFloat ? unifyTypes(lhs, rhs) : Type::floating(64);
  case ast::BinOpKind::LShift:
  case ast::BinOpKind::RShift:
    // BitwiseShiftOperation: "only the first operand's signedness matters";
    // the result is the wider of it and (u)intp.
    if (anyFloat)
      return Type();
    if (lhs.isInteger())
      return Type::integer(std::max(64u, lhs.bits()), lhs.isSigned());
    return promoteIntegers(lhs, rhs);
  case ast::BinOpKind::BitAnd:
  case ast::BinOpKind::BitOr:
  case ast::BinOpKind::BitXor:
    if (anyFloat)
      return Type();
    if (lhs.isBoolean() && rhs.isBoolean() && op != ast::BinOpKind::LShift &&
        op != ast::BinOpKind::RShift)
      return Type::boolean();
    return promoteIntegers(lhs, rhs);
  case ast::BinOpKind::MatMult:
    return Type();
  }
  return Type();
}

Type unaryResultType(ast::UnaryOpKind op, const Type &t) {
  if (!t.isScalar())
    return Type();
  switch (op) {
  case ast::UnaryOpKind::Not:
    return Type::boolean();
  case ast::UnaryOpKind::Invert:
    if (t.isFloat() || t.isComplex())
      return Type();
    return t.isBoolean() ? Type::boolean() : promoteIntegers(t, t);
  case ast::UnaryOpKind::UAdd:
  case ast::UnaryOpKind::USub:
    return t.isFloat() || t.isComplex() ? t : promoteIntegers(t, t);
  }
  return Type();
}

Type viewType(const Type &array, unsigned leadingIndices) {
  return Type::array(array.element(), array.ndim() - leadingIndices,
                     array.layout() == 'C' ? 'C' : 'A');
}

Type elementTypeOf(const Type &t) { return t.isArrayLike() ? t.element() : t; }

Type elementwiseType(const Type &scalarResult, const std::vector<Type> &operands) {
  unsigned ndim = 0;
  for (const Type &t : operands)
    if (t.isArrayLike())
      ndim = std::max(ndim, t.ndim());
  if (scalarResult.isUnknown() || ndim == 0)
    return scalarResult;
  return Type::arrayExpr(scalarResult, ndim);
}

Type reductionResultType(ReductionOp op, const Type &dtype) {
  switch (op) {
  case ReductionOp::Sum:
  case ReductionOp::Prod:
    if (dtype.isBoolean() || (dtype.isInteger() && dtype.isSigned()))
      return Type::integer(64);
    if (dtype.isInteger())
      return Type::integer(64, false);
    return dtype;
  case ReductionOp::Mean:
    return dtype.isBoolean() || dtype.isInteger() ? Type::floating(64) : dtype;
  case ReductionOp::Min:
  case ReductionOp::Max:
    return dtype; // complex numbers: NumPy's lexicographic order
  case ReductionOp::ArgMin:
  case ReductionOp::ArgMax:
    return Type::integer(64);
  case ReductionOp::Any:
  case ReductionOp::All:
    return Type::boolean();
  case ReductionOp::NanSum:
  case ReductionOp::NanProd:
    return dtype.isComplex() ? Type() : reductionResultType(ReductionOp::Sum, dtype);
  case ReductionOp::NanMean:
    return dtype.isComplex() ? Type() : reductionResultType(ReductionOp::Mean, dtype);
  case ReductionOp::NanMin:
  case ReductionOp::NanMax:
    return dtype;
  case ReductionOp::Var:
  case ReductionOp::Std:
    // NumPy's _var: the mean of |x - mean|², real (a complex array's part
    // type), float64 for booleans and integers.
    return dtype.isComplex() ? dtype.complexPart()
           : dtype.isFloat() ? dtype
                             : Type::floating(64);
  case ReductionOp::CountNonzero:
    return Type::integer(64);
  default:
    return Type();
  }
}

Type viewTypeOfSlices(const Type &array, const std::vector<SliceItem> &items,
                      const std::vector<bool> &plain, const std::vector<bool> &stepless) {
  unsigned consumed = 0, dims = 0;
  bool contiguous = array.layout() == 'C';
  bool sawSlice = false;
  size_t slice = 0;
  for (SliceItem item : items) {
    if (item == SliceItem::NewAxis) {
      ++dims;
      contiguous = false;
      continue;
    }
    ++consumed;
    if (item == SliceItem::Index) {
      if (sawSlice)
        contiguous = false; // a[:, j]
      continue;
    }
    ++dims;
    if (sawSlice ? !plain[slice] : !stepless[slice])
      contiguous = false;
    sawSlice = true;
    ++slice;
  }
  dims += array.ndim() - std::min<unsigned>(consumed, array.ndim());
  return Type::array(array.element(), dims, contiguous ? 'C' : 'A');
}

std::vector<const ast::Expr *> subscriptIndices(const ast::Expr &index) {
  std::vector<const ast::Expr *> out;
  if (auto *t = llvm::dyn_cast<ast::Tuple>(&index))
    for (auto &e : t->elts)
      out.push_back(e.get());
  else
    out.push_back(&index);
  return out;
}

bool isCompileTimeValue(const Type &t) {
  return t.kind() == Type::Kind::Function || t.kind() == Type::Kind::UserFunction ||
         t.kind() == Type::Kind::DType;
}

std::vector<const ast::Expr *> expandEllipsis(const std::vector<const ast::Expr *> &items,
                                              unsigned ndim) {
  const ast::Slice *ellipsis = nullptr;
  unsigned consumed = 0;
  for (const ast::Expr *i : items) {
    auto *sl = llvm::dyn_cast<ast::Slice>(i);
    if (sl && sl->ellipsis) {
      if (ellipsis)
        throw CompileError(i->getLoc(), "an index can only have a single ellipsis ('...')");
      ellipsis = sl;
    } else if (!llvm::isa<ast::NoneLiteral>(*i)) {
      ++consumed;
    }
  }
  if (!ellipsis)
    return items;
  std::vector<const ast::Expr *> out;
  for (const ast::Expr *i : items) {
    if (i != ellipsis) {
      out.push_back(i);
      continue;
    }
    for (unsigned d = consumed; d < ndim; ++d)
      out.push_back(i); // the ellipsis item is a full slice `:`
  }
  return out;
}

} // namespace nvc
