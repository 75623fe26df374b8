//===- GenConversions.cpp - Generator: conversions --------------------------===//
//
// Types and conversions: the lowered type of each nvc type (values, memory,
// storage, parameter-block fields), constants, and Numba's conversions between
// numbers and to truth values.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

unsigned Generator::intBits(const Type &t) const {
  return t.bits() == 64 && intBits_ == 32 ? 32 : t.bits();
}

mlir::Type Generator::lowerScalar(const Type &t) {
  if (t.isBoolean())
    return b_.getI1Type();
  if (t.isInteger())
    return b_.getIntegerType(intBits(t));
  if (t.isFloat()) // float16 is computed in float32 (GenFloat16.cpp)
    return t.bits() <= 32 || narrowFloats_ ? mlir::Type(b_.getF32Type())
                                             : mlir::Type(b_.getF64Type());
  throw CompileError({}, "internal error: no MLIR type for " + t.str());
}

mlir::Type Generator::memoryType(const Type &t) {
  if (t.isFloat16() || t.isBfloat16())
    return b_.getI16Type(); // a half's (a bfloat16's) bits
  if (t.isFloat())
    return t.bits() == 32 ? mlir::Type(b_.getF32Type()) : mlir::Type(b_.getF64Type());
  if (t.isBoolean())
    return b_.getI8Type();
  return b_.getIntegerType(t.bits());
}

mlir::Value Generator::toWidth(mlir::Value v, mlir::Type want, mlir::Location l) {
  if (v.getType() == want || !llvm::isa<mlir::FloatType>(want))
    return v;
  if (v.getType().getIntOrFloatBitWidth() < want.getIntOrFloatBitWidth())
    return mlir::arith::ExtFOp::create(b_, l, want, v);
  return mlir::arith::TruncFOp::create(b_, l, want, v);
}

Type Generator::storageType(const Type &dtype) const {
  if (dtype.isInteger() && dtype.bits() == 64 && intBits_ == 32)
    return Type::integer(32, dtype.isSigned());
  if (float32Storage_ && dtype.isFloat() && dtype.bits() == 64)
    return Type::floating(32);
  if (float32Storage_ && dtype.isComplex() && dtype.bits() == 128)
    return Type::complex(64);
  return dtype;
}

Type Generator::paramFieldType(const Type &t) const {
  if (t.isFloat16())
    return Type::floating(32); // the launcher widens the half (exact)
  if (t.isFloat())
    return storageType(t);
  if (t.isBoolean() || t.bits() < 32)
    return Type::integer(32, !t.isInteger() || t.isSigned());
  return storageType(t);
}

mlir::MemRefType Generator::bufferMemRefType(const Type &dtype) {
  if (dtype.isRecord()) // records: bytes in 32-bit words (GenRecords.cpp)
    return mlir::MemRefType::get(
        {mlir::ShapedType::kDynamic}, b_.getI32Type(), mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::StorageBuffer));
  Type st = storageType(dtype);
  if (st.isComplex())
    st = st.complexPart(); // interleaved (real, imaginary) pairs, as NumPy
  mlir::Type elem = memoryType(st);
  return mlir::MemRefType::get(
      {mlir::ShapedType::kDynamic}, elem, mlir::MemRefLayoutAttrInterface(),
      mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::StorageBuffer));
}

mlir::Value Generator::fromParamField(mlir::Value v, const Type &t, mlir::Location l) {
  if (t.isBoolean())
    return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                          intConst(0, v.getType(), l));
  mlir::Type want = lowerScalar(t);
  if (t.isFloat())
    return toWidth(v, want, l);
  if (want != v.getType())
    return mlir::arith::TruncIOp::create(b_, l, want, v);
  return v;
}

const Type &Generator::typeOf(const ast::Expr &e) {
  const Type &t = k_.typeOf(&e);
  if (t.isUnknown())
    fail(e.getLoc(), "cannot determine the type of this expression (is a variable used "
                     "before it is assigned?)");
  return t;
}

mlir::Value Generator::convertScalar(mlir::Value v, const Type &from, const Type &to, ast::Location at) {
  mlir::Location l = loc(at);
  if (from == to)
    return v;
  mlir::Type target = lowerScalar(to);
  if (to.isBoolean())
    return truth(v, from, at);
  if (to.isFloat16())
    return from.isFloat() ? roundToHalf(v, l) // from float64 too: one rounding
                          : roundToHalf(convertScalar(v, from, Type::floating(32), at), l);
  if (to.isBfloat16())
    return roundToBfloat16(from.isFloat() ? v : convertScalar(v, from, Type::floating(64), at),
                           BfloatRounding::Nearest, l);
  if (from.isBoolean()) {
    if (to.isFloat())
      return mlir::arith::UIToFPOp::create(b_, l, target, v);
    return mlir::arith::ExtUIOp::create(b_, l, target, v);
  }
  if (from.isInteger() && to.isInteger()) {
    unsigned fb = v.getType().getIntOrFloatBitWidth(), tb = target.getIntOrFloatBitWidth();
    if (fb == tb)
      return v;
    if (fb > tb)
      return mlir::arith::TruncIOp::create(b_, l, target, v);
    if (from.isSigned())
      return mlir::arith::ExtSIOp::create(b_, l, target, v);
    return mlir::arith::ExtUIOp::create(b_, l, target, v);
  }
  if (from.isInteger() && to.isFloat()) {
    if (from.isSigned())
      return mlir::arith::SIToFPOp::create(b_, l, target, v);
    return mlir::arith::UIToFPOp::create(b_, l, target, v);
  }
  if (from.isFloat() && to.isInteger()) {
    if (to.isSigned())
      return mlir::arith::FPToSIOp::create(b_, l, target, v);
    return mlir::arith::FPToUIOp::create(b_, l, target, v);
  }
  if (from.isFloat() && to.isFloat())
    return toWidth(v, target, l); // equal widths when float64 is narrowed
  fail(at, fmt::format("cannot convert {} to {}", from.str(), to.str()));
}

Val Generator::convert(const Val &v, const Type &to, ast::Location at) {
  if (v.type == to || v.isArrayLike())
    return v; // arrays and array expressions convert element by element where stored

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
  if (to.isComplex()) {
    Type part = to.complexPart();
    if (v.type.isComplex())
      return Val{to, {convertScalar(v.parts[0], v.type.complexPart(), part, at),
                      convertScalar(v.parts[1], v.type.complexPart(), part, at)}};
    if (v.type.isNumber())
      return Val{to, {convertScalar(v.scalar(), v.type, part, at),
                      floatConst(0, lowerScalar(part), loc(at))}};
  }
  if (!v.type.isNumber() || !to.isNumber())
    fail(at, fmt::format("cannot convert {} to {}", v.type.str(), to.str()));
  return Val{to, {convertScalar(v.scalar(), v.type, to, at)}};
}

mlir::Value Generator::truthOf(const Val &v, ast::Location at) {
  if (!v.type.isComplex())
    return truth(v.scalar(), v.type, at);
  Type part = v.type.complexPart();
  return mlir::arith::OrIOp::create(b_, loc(at), truth(v.parts[0], part, at),
                                       truth(v.parts[1], part, at));
}

mlir::Value Generator::truth(mlir::Value v, const Type &t, ast::Location at) {
  mlir::Location l = loc(at);
  if (t.isBoolean())
    return v;
  if (t.isFloat())
    return mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::UNE, v,
                                          floatConst(0, v.getType(), l));
  if (t.isInteger())
    return mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, v,
                                          intConst(0, v.getType(), l));
  fail(at, fmt::format("{} has no truth value", t.str()));
}

bool Generator::overflowsNarrowedInt(const ConstValue &c) const {
  if (!c.type.isInteger() || c.type.isBoolean() || intBits(c.type) != 32 || c.type.bits() != 64)
    return false;
  return c.type.isSigned() ? (c.i < INT32_MIN || c.i > INT32_MAX)
                           : static_cast<uint64_t>(c.i) > UINT32_MAX;
}

Val Generator::constant(const ConstValue &c, ast::Location at) {
  mlir::Location l = loc(at);
  if (c.type.isArray())
    return constantArray(c, at);
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
    return Val{c.type, {mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(c.i != 0))}};
  if (overflowsNarrowedInt(c))
    fail(at, fmt::format("integer constant {} does not fit in the 32-bit integers kernels "
                         "compute with; use @jit(narrow=False) for 64-bit integers",
                         c.i));
  return Val{c.type, {intConst(c.i, t, l)}};
}

std::optional<int64_t> Generator::constantInteger(const Val &v) {
  if (v.parts.size() != 1)
    return std::nullopt;
  if (auto c = v.parts.front().getDefiningOp<mlir::arith::ConstantOp>())
    if (auto ia = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
      return v.type.isBoolean() ? ia.getValue().getZExtValue() : ia.getInt();
  return std::nullopt;
}

mlir::Value Generator::indexToInt(mlir::Value v, mlir::Location l) {
  return mlir::arith::IndexCastOp::create(b_, l, indexType(), v);
}

} // namespace nvc::mlirgen
