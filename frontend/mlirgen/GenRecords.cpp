//===- GenRecords.cpp - Generator: records of structured dtypes ------------===//
//
// Arrays of records (004_…txt "Structured arrays", numba's Record types):
// the launcher passes them as bytes (docs/manifest.md "Arrays of records"),
// and the kernel sees a buffer of 32-bit words addressed by byte: a
// record's address is offset + Σ index·stride, in bytes, and a field is
// read from (written to) the bytes at the record's address plus its offset.
//
// Vulkan only guarantees 32-bit storage accesses, and a field may be
// narrower than a word or not start at a multiple of four bytes (packed
// dtypes), so fields are read as the words that hold them and shifted out,
// and written by merging their bytes into those words: atomically (a
// compare-and-swap of the word) in memory that other invocations see, so
// that invocations writing different fields of neighbouring records at once
// never lose each other's writes. A whole aligned word is written directly.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;

/// The largest power of two, at most 4, that divides `bytes` (4 for 0).
static unsigned alignmentOf(uint64_t bytes) {
  if (bytes == 0)
    return 4;
  return static_cast<unsigned>(std::min<uint64_t>(4, bytes & (~bytes + 1)));
}

unsigned Generator::recordAlignment(const Type &record) {
  return alignmentOf(record.record().itemsize);
}

Val Generator::recordAt(const ArrayHandle &base, mlir::Value address) {
  Val v{base.type.element(), {address}};
  v.recordBase = &base;
  return v;
}

/// Whether writes to `buffer` may race with other invocations' writes:
/// storage buffers and shared memory (private arrays are the invocation's).
static bool sharedWithOtherInvocations(mlir::Value buffer) {
  auto type = cast<mlir::MemRefType>(buffer.getType());
  auto storage = llvm::dyn_cast_or_null<mlir::spirv::StorageClassAttr>(type.getMemorySpace());
  return !storage || storage.getValue() != mlir::spirv::StorageClass::Function;
}

mlir::Value Generator::wordOfByte(mlir::Value byte, mlir::Location l) {
  mlir::Value w = mlir::arith::ShRUIOp::create(b_, l, byte, intConst(2, indexType(), l));
  return mlir::arith::IndexCastOp::create(b_, l, b_.getIndexType(), w);
}

mlir::Value Generator::bitOfByte(mlir::Value byte, mlir::Location l) {
  mlir::Value s = mlir::arith::AndIOp::create(b_, l, byte, intConst(3, indexType(), l));
  s = mlir::arith::ShLIOp::create(b_, l, s, intConst(3, indexType(), l));
  if (indexBits_ > 32)
    return mlir::arith::TruncIOp::create(b_, l, b_.getI32Type(), s);
  return s;
}

mlir::Value Generator::loadChunk(mlir::Value buffer, mlir::Value address, unsigned n,
                                 unsigned align, mlir::Location l) {
  mlir::Type i32 = b_.getI32Type();
  auto wordAt = [&](mlir::Value byte) {
    return mlir::Value(
        mlir::memref::LoadOp::create(b_, l, buffer, mlir::ValueRange{wordOfByte(byte, l)}));
  };
  auto lowBytes = [&](mlir::Value v) {
    if (n == 4)
      return v;
    return mlir::Value(mlir::arith::AndIOp::create(
        b_, l, v, intConst(static_cast<int64_t>((uint64_t{1} << (8 * n)) - 1), i32, l)));
  };
  mlir::Value first = wordAt(address);
  if (align >= 4)
    return lowBytes(first);
  if (align >= n) // the bytes lie in one word
    return lowBytes(mlir::arith::ShRUIOp::create(b_, l, first, bitOfByte(address, l)));
  // The bytes may continue in the next word: both words (the last one the
  // field touches, so never past the buffer), as (first >> s) | (last <<
  // (32 - s)), the second shift made in two steps since a shift by 32 is
  // undefined (s = 0: the bytes lie in the first word, and it gives 0).
  mlir::Value lastByte =
      mlir::arith::AddIOp::create(b_, l, address, intConst(n - 1, indexType(), l));
  mlir::Value last = wordAt(lastByte);
  mlir::Value s = bitOfByte(address, l);
  mlir::Value low = mlir::arith::ShRUIOp::create(b_, l, first, s);
  mlir::Value high = mlir::arith::ShLIOp::create(
      b_, l, mlir::arith::ShLIOp::create(b_, l, last, intConst(1, i32, l)),
      mlir::arith::SubIOp::create(b_, l, intConst(31, i32, l), s));
  return lowBytes(mlir::arith::OrIOp::create(b_, l, low, high));
}

void Generator::storeChunk(mlir::Value buffer, mlir::Value address, unsigned n, mlir::Value bits,
                           unsigned align, mlir::Location l) {
  mlir::Type i32 = b_.getI32Type();
  const bool atomic = sharedWithOtherInvocations(buffer);
  // word = (word & ~mask) | value, value within mask.
  auto merge = [&](mlir::Value word, mlir::Value mask, mlir::Value value) {
    mlir::Value keep = mlir::arith::XOrIOp::create(b_, l, mask, intConst(-1, i32, l));
    if (!atomic) {
      mlir::Value cur = mlir::memref::LoadOp::create(b_, l, buffer, mlir::ValueRange{word});
      mlir::Value next = mlir::arith::OrIOp::create(
          b_, l, mlir::arith::AndIOp::create(b_, l, cur, keep), value);
      mlir::memref::StoreOp::create(b_, l, next, buffer, mlir::ValueRange{word});
      return;
    }
    // A compare-and-swap loop (passes/AtomicRMWToSPIRV.cpp): the word's
    // other bytes are kept whatever other invocations write to them.
    auto rmw = mlir::memref::GenericAtomicRMWOp::create(b_, l, buffer, mlir::ValueRange{word});
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(rmw.getBody());
    mlir::Value next = mlir::arith::OrIOp::create(
        b_, l, mlir::arith::AndIOp::create(b_, l, rmw.getCurrentValue(), keep), value);
    mlir::memref::AtomicYieldOp::create(b_, l, next);
  };
  if (align >= 4 && n == 4) {
    mlir::memref::StoreOp::create(b_, l, bits, buffer, mlir::ValueRange{wordOfByte(address, l)});
    return;
  }
  const int64_t low = static_cast<int64_t>((uint64_t{1} << (8 * n)) - 1);
  if (align >= n) { // within one word
    mlir::Value s = align >= 4 ? intConst(0, i32, l) : bitOfByte(address, l);
    mlir::Value mask = mlir::arith::ShLIOp::create(b_, l, intConst(low, i32, l), s);
    mlir::Value value = mlir::arith::ShLIOp::create(b_, l, bits, s);
    merge(wordOfByte(address, l), mask, value);
    return;
  }
  // Possibly across two words: what falls in the first word is shifted
  // left by s, what spills into the next right by 32 - s (in two steps, as
  // in loadChunk; nothing when it does not cross).
  mlir::Value s = bitOfByte(address, l);
  mlir::Value rest = mlir::arith::SubIOp::create(b_, l, intConst(31, i32, l), s);
  auto spill = [&](mlir::Value v) {
    return mlir::Value(mlir::arith::ShRUIOp::create(
        b_, l, mlir::arith::ShRUIOp::create(b_, l, v, intConst(1, i32, l)), rest));
  };
  mlir::Value mask = intConst(low, i32, l);
  merge(wordOfByte(address, l), mlir::arith::ShLIOp::create(b_, l, mask, s),
        mlir::arith::ShLIOp::create(b_, l, bits, s));
  mlir::Value lastByte =
      mlir::arith::AddIOp::create(b_, l, address, intConst(n - 1, indexType(), l));
  merge(wordOfByte(lastByte, l), spill(mask), spill(bits));
}

mlir::Value Generator::float64WordsToFloat32(mlir::Value lo, mlir::Value hi, mlir::Location l) {
  using P = mlir::arith::CmpIPredicate;
  mlir::Type i32 = b_.getI32Type();
  auto c = [&](int64_t v) { return intConst(v, i32, l); };
  auto shr = [&](mlir::Value v, int64_t k) {
    return mlir::Value(mlir::arith::ShRUIOp::create(b_, l, v, c(k)));
  };
  auto band = [&](mlir::Value v, int64_t m) {
    return mlir::Value(mlir::arith::AndIOp::create(b_, l, v, c(m)));
  };
  auto cmp = [&](P p, mlir::Value x, mlir::Value y) {
    return mlir::Value(mlir::arith::CmpIOp::create(b_, l, p, x, y));
  };
  auto sel = [&](mlir::Value cond, mlir::Value x, mlir::Value y) {
    return mlir::Value(mlir::arith::SelectOp::create(b_, l, cond, x, y));
  };
  mlir::Value sign = band(hi, static_cast<int64_t>(0x80000000u));
  mlir::Value exp = band(shr(hi, 20), 0x7ff);
  mlir::Value mantHi = band(hi, 0xfffff);
  // The 23 bits float32 keeps and the 29 below them, rounded to nearest even.
  mlir::Value m23 = mlir::arith::OrIOp::create(
      b_, l, mlir::arith::ShLIOp::create(b_, l, mantHi, c(3)), shr(lo, 29));
  mlir::Value rest = band(lo, 0x1fffffff);
  mlir::Value half = c(0x10000000);
  mlir::Value up = mlir::arith::OrIOp::create(
      b_, l, cmp(P::ugt, rest, half),
      mlir::arith::AndIOp::create(b_, l, cmp(P::eq, rest, half),
                                  cmp(P::ne, band(m23, 1), c(0))));
  mlir::Value e32 = mlir::arith::SubIOp::create(b_, l, exp, c(896)); // 1023 - 127
  mlir::Value bits = mlir::arith::OrIOp::create(
      b_, l, mlir::arith::ShLIOp::create(b_, l, e32, c(23)), m23);
  // A carry out of the mantissa moves into the exponent (to infinity at the top).
  bits = mlir::arith::AddIOp::create(b_, l, bits, mlir::arith::ExtUIOp::create(b_, l, i32, up));
  mlir::Value inf = c(0x7f800000);
  bits = sel(cmp(P::sge, e32, c(255)), inf, bits);          // beyond float32's range
  bits = sel(cmp(P::sle, e32, c(0)), c(0), bits);           // float32 subnormals flush to 0
  mlir::Value mantissaNonZero = mlir::arith::OrIOp::create(b_, l, cmp(P::ne, mantHi, c(0)),
                                                           cmp(P::ne, lo, c(0)));
  mlir::Value special = sel(mantissaNonZero, c(0x7fc00000), inf); // NaN (quiet) or infinity
  bits = sel(cmp(P::eq, exp, c(0x7ff)), special, bits);
  bits = mlir::arith::OrIOp::create(b_, l, bits, sign);
  return mlir::arith::BitcastOp::create(b_, l, b_.getF32Type(), bits);
}

std::pair<mlir::Value, mlir::Value> Generator::float32ToFloat64Words(mlir::Value x,
                                                                    mlir::Location l) {
  using P = mlir::arith::CmpIPredicate;
  mlir::Type i32 = b_.getI32Type();
  auto c = [&](int64_t v) { return intConst(v, i32, l); };
  auto sel = [&](mlir::Value cond, mlir::Value a, mlir::Value b) {
    return mlir::Value(mlir::arith::SelectOp::create(b_, l, cond, a, b));
  };
  mlir::Value bits = mlir::arith::BitcastOp::create(b_, l, i32, x);
  mlir::Value sign = mlir::arith::AndIOp::create(b_, l, bits, c(static_cast<int64_t>(0x80000000u)));
  mlir::Value exp = mlir::arith::AndIOp::create(
      b_, l, mlir::arith::ShRUIOp::create(b_, l, bits, c(23)), c(0xff));
  mlir::Value m23 = mlir::arith::AndIOp::create(b_, l, bits, c(0x7fffff));
  // Normal numbers: the exponent rebiased (+896), the mantissa's top 20 bits
  // in the high word and its low 3 at the top of the low word. Infinities and
  // NaN keep their payload with the all-ones exponent; zeros and float32
  // subnormals (flushed, as the device's float32 arithmetic may) give ±0.
  mlir::Value e64 = sel(mlir::arith::CmpIOp::create(b_, l, P::eq, exp, c(0xff)), c(0x7ff),
                        mlir::arith::AddIOp::create(b_, l, exp, c(896)));
  mlir::Value hi = mlir::arith::OrIOp::create(
      b_, l, mlir::arith::ShLIOp::create(b_, l, e64, c(20)),
      mlir::arith::ShRUIOp::create(b_, l, m23, c(3)));
  mlir::Value lo = mlir::arith::ShLIOp::create(b_, l, m23, c(29));
  mlir::Value zero = mlir::arith::CmpIOp::create(b_, l, P::eq, exp, c(0));
  hi = mlir::arith::OrIOp::create(b_, l, sel(zero, c(0), hi), sign);
  lo = sel(zero, c(0), lo);
  return {lo, hi};
}

Val Generator::loadBytes(const ArrayHandle &a, mlir::Value address, const Type &t, unsigned align,
                         ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Type i32 = b_.getI32Type(), i64 = b_.getI64Type();
  auto plus = [&](unsigned k) {
    return mlir::Value(mlir::arith::AddIOp::create(b_, l, address, intConst(k, indexType(), l)));
  };
  // A value of up to 8 bytes as an integer of its width (i32 for ≤ 4).
  auto bitsAt = [&](mlir::Value addr, unsigned bytes, unsigned al) -> mlir::Value {
    if (bytes <= 4)
      return loadChunk(a.buffer, addr, bytes, al, l);
    mlir::Value lo = loadChunk(a.buffer, addr, 4, al, l);
    mlir::Value hi = loadChunk(
        a.buffer, mlir::arith::AddIOp::create(b_, l, addr, intConst(4, indexType(), l)), 4, al, l);
    return mlir::arith::OrIOp::create(
        b_, l, mlir::arith::ExtUIOp::create(b_, l, i64, lo),
        mlir::arith::ShLIOp::create(b_, l, mlir::arith::ExtUIOp::create(b_, l, i64, hi),
                                    intConst(32, i64, l)));
  };
  auto floatAt = [&](mlir::Value addr, const Type &ft, unsigned al) -> mlir::Value {
    if (ft.isFloat16())
      return halfBitsToFloat(loadChunk(a.buffer, addr, 2, al, l), l);
    if (ft.bits() == 32)
      return toWidth(mlir::arith::BitcastOp::create(b_, l, b_.getF32Type(), bitsAt(addr, 4, al)),
                     lowerScalar(ft), l);
    if (float32Storage_) {
      // No float64 on the device: the field's two words rounded to float32
      // with integer operations.
      mlir::Value lo = loadChunk(a.buffer, addr, 4, al, l);
      mlir::Value hi = loadChunk(
          a.buffer, mlir::arith::AddIOp::create(b_, l, addr, intConst(4, indexType(), l)), 4, al,
          l);
      return float64WordsToFloat32(lo, hi, l);
    }
    return toWidth(mlir::arith::BitcastOp::create(b_, l, b_.getF64Type(), bitsAt(addr, 8, al)),
                   lowerScalar(ft), l);
  };
  if (t.isBoolean()) {
    mlir::Value b = loadChunk(a.buffer, address, 1, align, l);
    return Val{t, {mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ne, b,
                                               intConst(0, i32, l))}};
  }
  if (t.isInteger()) {
    mlir::Type want = lowerScalar(t);
    unsigned bytes = t.byteSize();
    // An int64 computed in 32 bits (narrowed integers) needs its low word only.
    mlir::Value v = bitsAt(address, want.getIntOrFloatBitWidth() < 8 * bytes ? 4 : bytes, align);
    unsigned have = v.getType().getIntOrFloatBitWidth(), need = want.getIntOrFloatBitWidth();
    if (bytes < 4 && need == 32) { // extend the narrow field's bits in place
      unsigned unused = 32 - 8 * bytes;
      v = mlir::arith::ShLIOp::create(b_, l, v, intConst(unused, i32, l));
      v = t.isSigned() ? mlir::Value(mlir::arith::ShRSIOp::create(b_, l, v, intConst(unused, i32, l)))
                       : mlir::Value(mlir::arith::ShRUIOp::create(b_, l, v, intConst(unused, i32, l)));
    } else if (have > need) {
      v = mlir::arith::TruncIOp::create(b_, l, want, v);
    }
    return Val{t, {v}};
  }
  if (t.isFloat())
    return Val{t, {floatAt(address, t, align)}};
  if (t.isComplex()) {
    Type part = t.complexPart();
    unsigned partAlign = std::min(align, alignmentOf(part.byteSize()));
    return Val{t, {floatAt(address, part, align), floatAt(plus(part.byteSize()), part, partAlign)}};
  }
  fail(at, fmt::format("internal error: a record field of type {}", t.str()));
}

void Generator::storeBytes(const ArrayHandle &a, mlir::Value address, const Type &t, const Val &v,
                           unsigned align, ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Type i32 = b_.getI32Type(), i64 = b_.getI64Type();
  auto plus = [&](mlir::Value addr, unsigned k) {
    return mlir::Value(mlir::arith::AddIOp::create(b_, l, addr, intConst(k, indexType(), l)));
  };
  // Stores the integer `bits` (i32, or i64 for 8 bytes) as `bytes` bytes.
  auto putBits = [&](mlir::Value addr, mlir::Value bits, unsigned bytes, unsigned al) {
    if (bytes <= 4) {
      storeChunk(a.buffer, addr, bytes, bits, al, l);
      return;
    }
    storeChunk(a.buffer, addr, 4, mlir::arith::TruncIOp::create(b_, l, i32, bits), al, l);
    mlir::Value hi = mlir::arith::ShRUIOp::create(b_, l, bits, intConst(32, i64, l));
    storeChunk(a.buffer, plus(addr, 4), 4, mlir::arith::TruncIOp::create(b_, l, i32, hi), al, l);
  };
  auto putFloat = [&](mlir::Value addr, mlir::Value x, const Type &ft, unsigned al) {
    if (ft.isFloat16()) {
      auto it = halfBitsOfRounded_.find(x);
      mlir::Value h = it != halfBitsOfRounded_.end() ? it->second : floatToHalfBits(x, l);
      putBits(addr, mlir::arith::ExtUIOp::create(b_, l, i32, h), 2, al);
      return;
    }
    if (ft.bits() == 32) {
      putBits(addr, mlir::arith::BitcastOp::create(b_, l, i32, toWidth(x, b_.getF32Type(), l)), 4,
              al);
      return;
    }
    if (float32Storage_) { // no float64 on the device: the float32 widened exactly
      auto [lo, hi] = float32ToFloat64Words(toWidth(x, b_.getF32Type(), l), l);
      putBits(addr, lo, 4, al);
      putBits(plus(addr, 4), hi, 4, al);
      return;
    }
    putBits(addr, mlir::arith::BitcastOp::create(b_, l, i64, toWidth(x, b_.getF64Type(), l)), 8,
            al);
  };
  if (t.isBoolean()) {
    putBits(address, mlir::arith::ExtUIOp::create(b_, l, i32, v.scalar()), 1, align);
    return;
  }
  if (t.isInteger()) {
    mlir::Value x = v.scalar();
    unsigned bytes = t.byteSize(), have = x.getType().getIntOrFloatBitWidth();
    if (bytes == 8 && have == 32) {
      // An int64 computed in 32 bits: its value widened as the host reads
      // it, the high word its sign (or zero).
      mlir::Value hi = t.isSigned()
                           ? mlir::Value(mlir::arith::ShRSIOp::create(b_, l, x, intConst(31, i32, l)))
                           : intConst(0, i32, l);
      storeChunk(a.buffer, address, 4, x, align, l);
      storeChunk(a.buffer, plus(address, 4), 4, hi, align, l);
      return;
    }
    if (bytes < 4) {
      x = mlir::arith::ExtUIOp::create(b_, l, i32, x);
    }
    putBits(address, x, bytes, align);
    return;
  }
  if (t.isFloat()) {
    putFloat(address, v.scalar(), t, align);
    return;
  }
  if (t.isComplex()) {
    Type part = t.complexPart();
    unsigned partAlign = std::min(align, alignmentOf(part.byteSize()));
    putFloat(address, v.parts[0], part, align);
    putFloat(plus(address, part.byteSize()), v.parts[1], part, partAlign);
    return;
  }
  fail(at, fmt::format("internal error: a record field of type {}", t.str()));
}

Val Generator::recordField(const Val &record, const std::string &name, ast::Location at) {
  mlir::Location l = loc(at);
  const RecordField *f = record.type.record().field(name);
  mlir::Value address = record.scalar();
  if (f->offset)
    address = mlir::arith::AddIOp::create(b_, l, address, intConst(f->offset, indexType(), l));
  unsigned align = std::min(recordAlignment(record.type), alignmentOf(f->offset));
  if (f->shape.empty())
    return loadBytes(*record.recordBase, address, f->type, align, at);
  // An array field: a C-contiguous view of its elements, in bytes.
  ArrayHandle &view = views_.emplace_back();
  view.type = Type::array(f->type, static_cast<unsigned>(f->shape.size()), 'C');
  view.buffer = record.recordBase->buffer;
  view.byteAddressed = true;
  view.byteAlign = std::min(align, alignmentOf(f->type.byteSize()));
  view.offset = address;
  int64_t stride = f->type.byteSize();
  view.shape.resize(f->shape.size());
  view.strides.resize(f->shape.size());
  for (size_t d = f->shape.size(); d-- > 0;) {
    view.shape[d] = intConst(f->shape[d], indexType(), l);
    view.strides[d] = intConst(stride, indexType(), l);
    stride *= f->shape[d];
  }
  Val v{view.type, {}};
  v.array = &view;
  return v;
}

void Generator::storeRecordField(const Val &record, const std::string &name, const Val &v,
                                 ast::Location at) {
  mlir::Location l = loc(at);
  const RecordField *f = record.type.record().field(name);
  if (!f->shape.empty()) {
    Val view = recordField(record, name, at);
    storeIntoView(*view.array, v, at);
    return;
  }
  mlir::Value address = record.scalar();
  if (f->offset)
    address = mlir::arith::AddIOp::create(b_, l, address, intConst(f->offset, indexType(), l));
  unsigned align = std::min(recordAlignment(record.type), alignmentOf(f->offset));
  storeBytes(*record.recordBase, address, f->type, convert(v, f->type, at), align, at);
}

void Generator::copyRecord(const Val &target, const Val &source, ast::Location at) {
  // Every field, read before any is written (the two may be one record).
  std::vector<Val> values;
  for (const RecordField &f : source.type.record().fields)
    if (f.shape.empty())
      values.push_back(recordField(source, f.name, at));
  size_t k = 0;
  for (const RecordField &f : target.type.record().fields) {
    if (f.shape.empty()) {
      storeRecordField(target, f.name, values[k++], at);
      continue;
    }
    // An array field, element by element in memory order (the fields of
    // one record type have one shape: nothing to broadcast).
    mlir::Location l = loc(at);
    Val to = recordField(target, f.name, at), from = recordField(source, f.name, at);
    int64_t count = 1;
    for (int64_t e : f.shape)
      count *= e;
    const unsigned size = f.type.byteSize();
    countingLoop(intConst(count, indexType(), l), l, [&](mlir::Value k) {
      mlir::Value bytes = mlir::arith::MulIOp::create(b_, l, k, intConst(size, indexType(), l));
      mlir::Value src = mlir::arith::AddIOp::create(b_, l, from.array->offset, bytes);
      mlir::Value dst = mlir::arith::AddIOp::create(b_, l, to.array->offset, bytes);
      storeBytes(*to.array, dst, f.type,
                 loadBytes(*from.array, src, f.type, from.array->byteAlign, at),
                 to.array->byteAlign, at);
    });
  }
}

std::optional<std::pair<const ast::Expr *, std::string>>
Generator::recordFieldOf(const ast::Expr &e) {
  if (auto *a = dyn_cast<ast::Attribute>(&e); a && k_.typeOf(a->value.get()).isRecord())
    return std::pair{a->value.get(), a->attr};
  if (auto *s = dyn_cast<ast::Subscript>(&e); s && k_.typeOf(s->value.get()).isRecord())
    return std::pair{s->value.get(), k_.recordFieldNames.at(s)};
  return std::nullopt;
}

void Generator::storeRecordLocal(const std::string &name, const Val &record, ast::Location at) {
  auto it = recordLocals_.find(name);
  if (it == recordLocals_.end())
    it = recordLocals_
             .emplace(name, RecordLocal{record.recordBase, localSlot(indexType(), loc(at))})
             .first;
  else if (it->second.base->buffer != record.recordBase->buffer)
    fail(at, fmt::format("variable '{}' refers to records of two different arrays", name));
  mlir::memref::StoreOp::create(b_, loc(at), record.scalar(), it->second.slot);
}

} // namespace nvc::mlirgen
