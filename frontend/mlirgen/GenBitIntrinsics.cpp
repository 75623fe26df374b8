//===- GenBitIntrinsics.cpp - Generator: numba.cuda's integer intrinsics ---===//
//
// cuda.popc, cuda.clz, cuda.ffs, cuda.brev, cuda.selp and int.bit_count(),
// with numba-cuda's results (cudaimpl.py: llvm.ctpop, llvm.ctlz with zero
// defined, __nv_ffs, __nv_brev). They are built from shifts, masks, adds and
// one multiply in 32 or 64 bits: Vulkan allows OpBitCount and OpBitReverse
// only on 32-bit integers (VUID-StandaloneSpirv-Base-04781), both backends
// lower arith alike, and 8- and 16-bit values are widened first because
// NVIDIA's driver does not wrap narrow arithmetic (tests/difftest/FOUND.md
// #25).
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;

namespace {

/// The constant with every byte equal to `byte`, in `bits` bits.
uint64_t repeatedByte(uint8_t byte, unsigned bits) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bits / 8; ++i)
    v |= uint64_t(byte) << (8 * i);
  return v;
}

} // namespace

mlir::Value Generator::widenedBits(mlir::Value v, mlir::Location l) {
  if (v.getType().getIntOrFloatBitWidth() < 32)
    return mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), v);
  return v;
}

mlir::Value Generator::populationCount(mlir::Value v, mlir::Location l) {
  // The SWAR count (Hacker's Delight 5-1): pairs, nibbles, bytes, then a
  // multiply sums the bytes into the top one.
  mlir::Type t = v.getType();
  const unsigned bits = t.getIntOrFloatBitWidth();
  auto c = [&](uint64_t x) { return intConst(static_cast<int64_t>(x), t, l); };
  auto shr = [&](mlir::Value x, unsigned n) { return mlir::arith::ShRUIOp::create(b_, l, x, c(n)); };
  auto band = [&](mlir::Value x, mlir::Value y) { return mlir::arith::AndIOp::create(b_, l, x, y); };
  auto add = [&](mlir::Value x, mlir::Value y) { return mlir::arith::AddIOp::create(b_, l, x, y); };
  mlir::Value m1 = c(repeatedByte(0x55, bits)), m2 = c(repeatedByte(0x33, bits)),
              m4 = c(repeatedByte(0x0F, bits));
  v = mlir::arith::SubIOp::create(b_, l, v, band(shr(v, 1), m1));
  v = add(band(v, m2), band(shr(v, 2), m2));
  v = band(add(v, shr(v, 4)), m4);
  v = mlir::arith::MulIOp::create(b_, l, v, c(repeatedByte(0x01, bits)));
  return shr(v, bits - 8);
}

Val Generator::bitIntrinsic(const BuiltinInfo &b, const std::vector<Val> &args, const Type &rt,
                            ast::Location at) {
  mlir::Location l = loc(at);
  if (b.id == Builtin::CudaSelp) {
    mlir::Value test = convert(args[0], Type::boolean(), at).scalar();
    mlir::Value x = convert(args[1], rt, at).scalar(), y = convert(args[2], rt, at).scalar();
    return Val{rt, {mlir::arith::SelectOp::create(b_, l, test, x, y)}};
  }
  const Type &xt = args[0].type;
  mlir::Value x = args[0].scalar();
  const unsigned width = xt.bits();
  mlir::Value v = widenedBits(x, l);
  mlir::Type wide = v.getType();
  const unsigned wideBits = wide.getIntOrFloatBitWidth();
  auto c = [&](int64_t n) { return intConst(n, wide, l); };
  auto toResult = [&](mlir::Value r) {
    mlir::Type want = lowerScalar(rt);
    unsigned have = r.getType().getIntOrFloatBitWidth(), need = want.getIntOrFloatBitWidth();
    if (have > need)
      return mlir::arith::TruncIOp::create(b_, l, want, r).getResult();
    if (have < need)
      return mlir::arith::ExtUIOp::create(b_, l, want, r).getResult();
    return r;
  };
  switch (b.id) {
  case Builtin::CudaPopc:
    return Val{rt, {toResult(populationCount(v, l))}};
  case Builtin::CudaClz: {
    // The bit length is the population count of x with every bit below its
    // highest set; clz is the width less it (llvm.ctlz, 0 defined: width).
    mlir::Value s = v;
    for (unsigned shift = 1; shift < wideBits; shift *= 2)
      s = mlir::arith::OrIOp::create(b_, l, s, mlir::arith::ShRUIOp::create(b_, l, s, c(shift)));
    mlir::Value clz = mlir::arith::SubIOp::create(b_, l, c(width), populationCount(s, l));
    return Val{rt, {toResult(clz)}};
  }
  case Builtin::CudaFfs: {
    // __nv_ffs: the 1-based position of the lowest set bit, 0 for 0. x ^
    // (x - 1) sets exactly the bits up to and including the lowest set one.
    mlir::Value below = mlir::arith::XOrIOp::create(
        b_, l, v, mlir::arith::SubIOp::create(b_, l, v, c(1)));
    mlir::Value pos = populationCount(below, l);
    mlir::Value isZero =
        mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, v, c(0));
    mlir::Value r = mlir::arith::SelectOp::create(b_, l, isZero, c(0), pos);
    return Val{rt, {toResult(r)}};
  }
  case Builtin::CudaBrev: {
    // __nv_brev / __nv_brevll on the uint32 or uint64 the argument converts
    // to: swap adjacent bits, pairs, nibbles, bytes, then halves.
    mlir::Value r = convert(args[0], rt, at).scalar();
    mlir::Type t = r.getType();
    const unsigned bits = t.getIntOrFloatBitWidth();
    auto k = [&](uint64_t n) { return intConst(static_cast<int64_t>(n), t, l); };
    auto swap = [&](mlir::Value x, unsigned shift, uint64_t mask) {
      mlir::Value hi = mlir::arith::AndIOp::create(
          b_, l, mlir::arith::ShRUIOp::create(b_, l, x, k(shift)), k(mask));
      mlir::Value lo = mlir::arith::ShLIOp::create(
          b_, l, mlir::arith::AndIOp::create(b_, l, x, k(mask)), k(shift));
      return mlir::arith::OrIOp::create(b_, l, hi, lo).getResult();
    };
    r = swap(r, 1, repeatedByte(0x55, bits));
    r = swap(r, 2, repeatedByte(0x33, bits));
    r = swap(r, 4, repeatedByte(0x0F, bits));
    for (unsigned shift = 8; shift < bits; shift *= 2) {
      uint64_t mask = 0;
      for (unsigned i = 0; i < bits; i += 2 * shift)
        mask |= ((uint64_t(1) << shift) - 1) << i;
      r = swap(r, shift, mask);
    }
    return Val{rt, {r}};
  }
  default:
    fail(at, fmt::format("{}() is not an integer intrinsic", b.name));
  }
}

} // namespace nvc::mlirgen
