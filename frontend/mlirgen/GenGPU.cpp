//===- GenGPU.cpp - Generator: gpu ------------------------------------------===//
//
// GPU builtins: atomics, subgroup (warp) operations, shuffles, ballots and
// scans, barrier reductions.
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

Val Generator::atomicCall(const ast::Call &c, const BuiltinInfo &b, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  const std::string f = b.name;
  using Op = AtomicOp;
  const Op op = b.atomicOp();
  const ArrayHandle &a = arrayValue(*c.args[0]);
  if (a.reinterpreted())
    fail(c.args[0]->getLoc(), fmt::format("{}() on a view with another dtype (view()) is not "
                                          "supported: an atomic needs the array's own dtype",
                                          f));
  // compare_and_swap has no index: element 0, at the array's offset.
  const size_t first = b.has(kFirstElement) ? 1 : 2;
  mlir::Value linear =
      first == 1 ? a.offset : elementLinear(a, *c.args[1], c.args[1]->getLoc());
  mlir::Value idx = bufferIndex(a, linear, 0, l);
  std::vector<mlir::Value> operands;
  for (size_t i = first; i < c.args.size(); ++i)
    operands.push_back(convert(expr(*c.args[i]), rt, c.args[i]->getLoc()).scalar());
  mlir::Type memTy = llvm::cast<mlir::MemRefType>(a.buffer.getType()).getElementType();
  if (memTy.isF64() && !lowerScalar(rt).isF64()) // a narrow= device function, an exact kernel
    fail(c.args[0]->getLoc(), fmt::format("{}() on a float64 array in a device function with "
                                          "narrow= floats: its float atomics are float32; call "
                                          "it from a narrowed kernel",
                                          f));
  if (memTy != lowerScalar(rt))
    fail(c.getLoc(), fmt::format("internal error: {}() on memory of another width", f));
  bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
  auto rmw = mlir::memref::GenericAtomicRMWOp::create(b_, l, a.buffer, mlir::ValueRange{idx});
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(rmw.getBody());
    mlir::Value cur = rmw.getCurrentValue(), v = operands.front(), next;
    using P = mlir::arith::CmpIPredicate;
    if (op == Op::Add)
      next = isFloat ? mlir::Value(mlir::arith::AddFOp::create(b_, l, cur, v))
                     : mlir::Value(mlir::arith::AddIOp::create(b_, l, cur, v));
    else if (op == Op::Sub)
      next = isFloat ? mlir::Value(mlir::arith::SubFOp::create(b_, l, cur, v))
                     : mlir::Value(mlir::arith::SubIOp::create(b_, l, cur, v));
    else if ((op == Op::Max || op == Op::Min) && isFloat) {
      // numba-cuda (nvvm.py's ir_numba_atomic_minmax_template): the value
      // replaces the element only when ordered and larger (smaller), so a
      // NaN element stays and a NaN value changes nothing.
      using F = mlir::arith::CmpFPredicate;
      mlir::Value take = mlir::arith::CmpFOp::create(b_, l, op == Op::Max ? F::OLT : F::OGT,
                                                     cur, v);
      next = mlir::arith::SelectOp::create(b_, l, take, v, cur);
    } else if ((op == Op::NanMax || op == Op::NanMin) && isFloat) {
      // NaN is a missing value, as np.fmax: a NaN value changes nothing, a
      // NaN element is replaced; otherwise as max (min).
      using F = mlir::arith::CmpFPredicate;
      mlir::Value take = mlir::arith::CmpFOp::create(b_, l, op == Op::NanMax ? F::ULT : F::UGT,
                                                     cur, v);
      mlir::Value valueIsNan = mlir::arith::CmpFOp::create(b_, l, F::UNO, v, v);
      take = mlir::arith::AndIOp::create(
          b_, l, take,
          mlir::arith::XOrIOp::create(b_, l, valueIsNan, intConst(1, b_.getI1Type(), l)));
      next = mlir::arith::SelectOp::create(b_, l, take, v, cur);
    }
    else if (op == Op::Max || op == Op::NanMax) // integers have no NaN: nanmax is max
      next = isSigned ? mlir::Value(mlir::arith::MaxSIOp::create(b_, l, cur, v))
                      : mlir::Value(mlir::arith::MaxUIOp::create(b_, l, cur, v));
    else if (op == Op::Min || op == Op::NanMin)
      next = isSigned ? mlir::Value(mlir::arith::MinSIOp::create(b_, l, cur, v))
                      : mlir::Value(mlir::arith::MinUIOp::create(b_, l, cur, v));
    else if (op == Op::Exch)
      next = v;
    else if (op == Op::And)
      next = mlir::arith::AndIOp::create(b_, l, cur, v);
    else if (op == Op::Or)
      next = mlir::arith::OrIOp::create(b_, l, cur, v);
    else if (op == Op::Xor)
      next = mlir::arith::XOrIOp::create(b_, l, cur, v);
    else if (op == Op::Inc) { // numba.cuda: old >= val ? 0 : old + 1
      mlir::Value wrap = mlir::arith::CmpIOp::create(b_, l, P::uge, cur, v);
      mlir::Value one = intConst(1, memTy, l), zero = intConst(0, memTy, l);
      next = mlir::arith::SelectOp::create(b_, l, wrap, zero,
                                              mlir::arith::AddIOp::create(b_, l, cur, one));
    } else if (op == Op::Dec) { // numba.cuda: old == 0 || old > val ? val : old - 1
      mlir::Value one = intConst(1, memTy, l), zero = intConst(0, memTy, l);
      mlir::Value reset = mlir::arith::OrIOp::create(b_, 
          l, mlir::arith::CmpIOp::create(b_, l, P::eq, cur, zero),
          mlir::arith::CmpIOp::create(b_, l, P::ugt, cur, v));
      next = mlir::arith::SelectOp::create(b_, l, reset, v,
                                              mlir::arith::SubIOp::create(b_, l, cur, one));
    } else if (op == Op::Cas) { // cas(ary, idx, old, val): old is operands[0]
      mlir::Value same = mlir::arith::CmpIOp::create(b_, l, P::eq, cur, v);
      next = mlir::arith::SelectOp::create(b_, l, same, operands[1], cur);
    } else {
      fail(c.getLoc(), fmt::format("internal error: unknown atomic {}", f));
    }
    mlir::memref::AtomicYieldOp::create(b_, l, next);
  }
  return Val{rt, {rmw.getResult()}};
}

Val Generator::subgroupCall(const ast::Call &c, const BuiltinInfo &b, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  using Op = SubgroupOp;
  const Op op = b.subgroupOp();
  std::vector<Val> args;
  for (size_t i = b.has(kMaskFirst) ? 1 : 0; i < c.args.size(); ++i)
    args.push_back(expr(*c.args[i]));
  Type i64 = Type::integer(64), idxT = Type::integer(indexBits_);
  auto fromIndex = [&](mlir::Value v) {
    return Val{i64, {convertScalar(mlir::arith::IndexCastOp::create(b_, l, indexType(), v), idxT,
                                   i64, c.getLoc())}};
  };
  using K = mlir::gpu::AllReduceOperation;
  const bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
  switch (op) {
  case Op::Size:
    return fromIndex(mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
  case Op::Lane:
    return fromIndex(mlir::gpu::LaneIdOp::create(b_, l, nullptr));
  case Op::Id:
    return fromIndex(mlir::gpu::SubgroupIdOp::create(b_, l, nullptr));
  case Op::Count:
    return fromIndex(mlir::gpu::NumSubgroupsOp::create(b_, l, nullptr));
  case Op::Sum:
  case Op::Prod:
  case Op::Min:
  case Op::Max: {
    mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
    K kind = op == Op::Sum   ? K::ADD
             : op == Op::Prod ? K::MUL
             : op == Op::Min  ? (isFloat ? K::MINNUMF : isSigned ? K::MINSI : K::MINUI)
                              : (isFloat ? K::MAXNUMF : isSigned ? K::MAXSI : K::MAXUI);
    return Val{rt, {mlir::gpu::SubgroupReduceOp::create(b_, l, v, kind, /*uniform=*/false)}};
  }
  case Op::InclusiveSum: case Op::InclusiveProd: case Op::InclusiveMin: case Op::InclusiveMax:
  case Op::ExclusiveSum: case Op::ExclusiveProd: case Op::ExclusiveMin: case Op::ExclusiveMax:
    return subgroupScan(c, op, convert(args[0], rt, c.getLoc()).scalar(), rt);
  case Op::Elect:
    return Val{Type::boolean(),
               {mlir::spirv::GroupNonUniformElectOp::create(b_, l, mlir::spirv::Scope::Subgroup)}};
  case Op::Ballot:
  case Op::ActiveMask:
  case Op::BallotCount: {
    // OpGroupNonUniformBallot: a uvec4 with bit i % 32 of word i / 32 set
    // for each active lane i whose predicate holds.
    mlir::Value p = op == Op::ActiveMask ? mlir::Value(mlir::arith::ConstantOp::create(b_, 
                                               l, b_.getBoolAttr(true)))
                                         : truthOf(args[0], c.getLoc());
    mlir::Value words = ballot(p, l);
    if (op == Op::BallotCount) {
      mlir::Value n = mlir::spirv::GroupNonUniformBallotBitCountOp::create(b_, 
          l, b_.getI32Type(), mlir::spirv::Scope::Subgroup, mlir::spirv::GroupOperation::Reduce,
          words);
      return Val{rt, {convertScalar(n, Type::integer(32), rt, c.getLoc())}};
    }
    Val out{rt, {}};
    for (int32_t w = 0; w < (rt.isTuple() ? 4 : 1); ++w)
      out.parts.push_back(mlir::spirv::CompositeExtractOp::create(b_, l, words, w));
    return out;
  }
  case Op::BroadcastFirst: {
    // SPIR-V 1.3 (Vulkan 1.1) has OpGroupNonUniformBroadcastFirst, but
    // MLIR's SPIR-V dialect does not: shuffle from the lowest active lane,
    // found with OpGroupNonUniformBallotFindLSB.
    mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
    mlir::Value all = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
    mlir::Value first = mlir::spirv::GroupNonUniformBallotFindLSBOp::create(b_, 
        l, b_.getI32Type(), mlir::spirv::Scope::Subgroup, ballot(all, l));
    return Val{rt, {shuffle32(v, first, mlir::gpu::ShuffleMode::IDX, l)}};
  }
  case Op::LanemaskLt: {
    // The lanes below this one: (1 << lane) - 1 (lanes of the first 32).
    mlir::Type i32 = b_.getI32Type();
    mlir::Value lane = mlir::arith::IndexCastOp::create(
        b_, l, i32, mlir::gpu::LaneIdOp::create(b_, l, nullptr));
    mlir::Value bit = mlir::arith::ShLIOp::create(b_, l, intConst(1, i32, l), lane);
    mlir::Value below = mlir::arith::SubIOp::create(b_, l, bit, intConst(1, i32, l));
    mlir::Value wide = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::uge, lane,
                                                   intConst(32, i32, l));
    return Val{rt, {mlir::arith::SelectOp::create(b_, l, wide, intConst(-1, i32, l), below)}};
  }
  case Op::AllEqual: {
    // numba-cuda's eq_sync: every lane's predicate is true, or none is.
    mlir::Value p = mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(),
                                                 truthOf(args[0], c.getLoc()));
    mlir::Value all = mlir::gpu::SubgroupReduceOp::create(b_, l, p, K::MINUI, false);
    mlir::Value any = mlir::gpu::SubgroupReduceOp::create(b_, l, p, K::MAXUI, false);
    return Val{Type::boolean(), {mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq,
                                                             all, any)}};
  }
  case Op::MatchAny:
  case Op::MatchAll: {
    // CUDA's __match_*_sync compare the values' bits. match_any: bit k for
    // each lane k (of the first 32) whose value equals this lane's, from
    // one shuffle per lane; match_all: every lane's value equals the first
    // active lane's, then the active lanes, else 0.
    const Type &vt = args[0].type;
    mlir::Value v = args[0].scalar();
    unsigned bits = vt.isBoolean() ? 8 : vt.bits() < 32 ? 32 : vt.bits();
    mlir::Type it = b_.getIntegerType(bits);
    if (vt.isFloat())
      v = mlir::arith::BitcastOp::create(b_, l, b_.getIntegerType(vt.bits()), v);
    if (v.getType().getIntOrFloatBitWidth() < bits)
      v = mlir::arith::ExtUIOp::create(b_, l, it, v);
    mlir::Type i32 = b_.getI32Type();
    using P = mlir::arith::CmpIPredicate;
    if (op == Op::MatchAny) {
      mlir::Value size = mlir::arith::IndexCastOp::create(
          b_, l, i32, mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
      mlir::Value acc = intConst(0, i32, l);
      for (int k = 0; k < 32; ++k) {
        mlir::Value lane = intConst(k, i32, l);
        mlir::Value other = shuffle32(v, lane, mlir::gpu::ShuffleMode::IDX, l);
        mlir::Value same = mlir::arith::AndIOp::create(
            b_, l, mlir::arith::CmpIOp::create(b_, l, P::ult, lane, size),
            mlir::arith::CmpIOp::create(b_, l, P::eq, other, v));
        mlir::Value bit = mlir::arith::ShLIOp::create(
            b_, l, mlir::arith::ExtUIOp::create(b_, l, i32, same), lane);
        acc = mlir::arith::OrIOp::create(b_, l, acc, bit);
      }
      // Inactive lanes (past a partial last subgroup) shuffle undefined
      // values: only active lanes count.
      mlir::Value yes = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
      mlir::Value active = mlir::spirv::CompositeExtractOp::create(b_, l, ballot(yes, l), 0);
      return Val{rt, {mlir::arith::AndIOp::create(b_, l, acc, active)}};
    }
    mlir::Value yes = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
    mlir::Value words = ballot(yes, l);
    mlir::Value first = mlir::spirv::GroupNonUniformBallotFindLSBOp::create(
        b_, l, i32, mlir::spirv::Scope::Subgroup, words);
    mlir::Value same = mlir::arith::ExtUIOp::create(
        b_, l, i32,
        mlir::arith::CmpIOp::create(b_, l, P::eq, shuffle32(v, first, mlir::gpu::ShuffleMode::IDX, l),
                                    v));
    mlir::Value all = mlir::arith::CmpIOp::create(
        b_, l, P::ne, mlir::gpu::SubgroupReduceOp::create(b_, l, same, K::MINUI, false),
        intConst(0, i32, l));
    mlir::Value lanes = mlir::spirv::CompositeExtractOp::create(b_, l, words, 0);
    return Val{rt, {mlir::arith::SelectOp::create(b_, l, all, lanes, intConst(0, i32, l)), all}};
  }
  case Op::Any:
  case Op::All: {
    // any = max over the lanes' 0/1, all = min.
    mlir::Value p = truthOf(args[0], c.getLoc());
    mlir::Value asInt = mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), p);
    mlir::Value r = mlir::gpu::SubgroupReduceOp::create(b_, 
        l, asInt, op == Op::Any ? K::MAXUI : K::MINUI, /*uniform=*/false);
    return Val{Type::boolean(), {mlir::arith::CmpIOp::create(b_, 
                                    l, mlir::arith::CmpIPredicate::ne, r,
                                    intConst(0, b_.getI32Type(), l))}};
  }
  case Op::Shuffle:
  case Op::ShuffleXor:
  case Op::ShuffleUp:
  case Op::ShuffleDown:
  case Op::None:
    break;
  }
  // Shuffles: value, then lane / mask / delta.
  mlir::Value v = convert(args[0], rt, c.getLoc()).scalar();
  mlir::Value operand =
      convert(args[1], Type::integer(32, true), c.getLoc()).scalar();
  mlir::gpu::ShuffleMode mode = mlir::gpu::ShuffleMode::IDX;
  if (op == Op::ShuffleXor)
    mode = mlir::gpu::ShuffleMode::XOR;
  else if (op == Op::ShuffleUp)
    mode = mlir::gpu::ShuffleMode::UP;
  else if (op == Op::ShuffleDown)
    mode = mlir::gpu::ShuffleMode::DOWN;
  return Val{rt, {cudaShuffle(v, operand, mode, l)}};
}

mlir::Value Generator::cudaShuffle(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                                   mlir::Location l) {
  using P = mlir::arith::CmpIPredicate;
  mlir::Type i32 = b_.getI32Type();
  mlir::Value size = mlir::arith::IndexCastOp::create(
      b_, l, i32, mlir::gpu::SubgroupSizeOp::create(b_, l, nullptr));
  if (mode == mlir::gpu::ShuffleMode::IDX) {
    // Subgroup sizes are powers of two (Vulkan 1.1, VkPhysicalDeviceSubgroupProperties).
    mlir::Value mask = mlir::arith::SubIOp::create(b_, l, size, intConst(1, i32, l));
    return shuffle32(v, mlir::arith::AndIOp::create(b_, l, operand, mask), mode, l);
  }
  mlir::Value lane = mlir::arith::IndexCastOp::create(
      b_, l, i32, mlir::gpu::LaneIdOp::create(b_, l, nullptr));
  mlir::Value inside;
  switch (mode) {
  case mlir::gpu::ShuffleMode::DOWN: {
    // lane + delta < size without wrapping: delta < size - lane
    mlir::Value room = mlir::arith::SubIOp::create(b_, l, size, lane);
    inside = mlir::arith::CmpIOp::create(b_, l, P::ult, operand, room);
    break;
  }
  case mlir::gpu::ShuffleMode::UP:
    inside = mlir::arith::CmpIOp::create(b_, l, P::ule, operand, lane);
    break;
  default:
    inside = mlir::arith::CmpIOp::create(
        b_, l, P::ult, mlir::arith::XOrIOp::create(b_, l, lane, operand), size);
    break;
  }
  mlir::Value shuffled = shuffle32(v, operand, mode, l);
  return mlir::arith::SelectOp::create(b_, l, inside, shuffled, v);
}

mlir::Value Generator::shuffle32(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                                 mlir::Location l) {
  namespace sp = mlir::spirv;
  auto scope = sp::ScopeAttr::get(&ctx_, sp::Scope::Subgroup);
  auto one = [&](mlir::Value w) -> mlir::Value {
    mlir::Type t = w.getType();
    switch (mode) {
    case mlir::gpu::ShuffleMode::XOR:
      return sp::GroupNonUniformShuffleXorOp::create(b_, l, t, scope, w, operand);
    case mlir::gpu::ShuffleMode::UP:
      return sp::GroupNonUniformShuffleUpOp::create(b_, l, t, scope, w, operand);
    case mlir::gpu::ShuffleMode::DOWN:
      return sp::GroupNonUniformShuffleDownOp::create(b_, l, t, scope, w, operand);
    case mlir::gpu::ShuffleMode::IDX:
      break;
    }
    return sp::GroupNonUniformShuffleOp::create(b_, l, t, scope, w, operand);
  };
  mlir::Type vt = v.getType();
  if (vt.getIntOrFloatBitWidth() == 64) {
    mlir::Type i64 = b_.getI64Type(), i32 = b_.getI32Type();
    mlir::Value bits = vt.isF64() ? mlir::Value(mlir::arith::BitcastOp::create(b_, l, i64, v)) : v;
    mlir::Value lo = mlir::arith::TruncIOp::create(b_, l, i32, bits);
    mlir::Value hi = mlir::arith::TruncIOp::create(b_, 
        l, i32, mlir::arith::ShRUIOp::create(b_, l, bits, intConst(32, i64, l)));
    lo = one(lo);
    hi = one(hi);
    mlir::Value r = mlir::arith::OrIOp::create(b_, 
        l, mlir::arith::ExtUIOp::create(b_, l, i64, lo),
        mlir::arith::ShLIOp::create(b_, l, mlir::arith::ExtUIOp::create(b_, l, i64, hi),
                                       intConst(32, i64, l)));
    return vt.isF64() ? mlir::Value(mlir::arith::BitcastOp::create(b_, l, vt, r)) : r;
  }
  if (vt.isInteger(1) || (vt.isIntOrIndex() && vt.getIntOrFloatBitWidth() < 32))
    v = mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), v);
  mlir::Value r = one(v);
  if (r.getType() != vt)
    r = mlir::arith::TruncIOp::create(b_, l, vt, r);
  return r;
}

mlir::Value Generator::ballot(mlir::Value p, mlir::Location l) {
  return mlir::spirv::GroupNonUniformBallotOp::create(b_, 
      l, mlir::VectorType::get({4}, b_.getI32Type()), mlir::spirv::Scope::Subgroup, p);
}

Val Generator::subgroupScan(const ast::Call &c, SubgroupOp scan, mlir::Value v, const Type &rt) {
  mlir::Location l = loc(c.getLoc());
  namespace sp = mlir::spirv;
  using Op = SubgroupOp;
  const bool inclusive = scan == Op::InclusiveSum || scan == Op::InclusiveProd ||
                         scan == Op::InclusiveMin || scan == Op::InclusiveMax;
  auto op = inclusive ? sp::GroupOperation::InclusiveScan : sp::GroupOperation::ExclusiveScan;
  // The reduction of the scan: sum, prod, min or max.
  const Op kind = inclusive ? scan
                            : static_cast<Op>(static_cast<int>(scan) -
                                              (static_cast<int>(Op::ExclusiveSum) -
                                               static_cast<int>(Op::InclusiveSum)));
  bool isFloat = rt.isFloat(), isSigned = rt.isInteger() && rt.isSigned();
  mlir::Type t = v.getType();
  auto scope = sp::Scope::Subgroup;
  mlir::Value r;
  if (kind == Op::InclusiveSum)
    r = isFloat ? mlir::Value(sp::GroupNonUniformFAddOp::create(b_, l, t, scope, op, v, nullptr))
                : mlir::Value(sp::GroupNonUniformIAddOp::create(b_, l, t, scope, op, v, nullptr));
  else if (kind == Op::InclusiveProd)
    r = isFloat ? mlir::Value(sp::GroupNonUniformFMulOp::create(b_, l, t, scope, op, v, nullptr))
                : mlir::Value(sp::GroupNonUniformIMulOp::create(b_, l, t, scope, op, v, nullptr));
  else if (kind == Op::InclusiveMin)
    r = isFloat    ? mlir::Value(sp::GroupNonUniformFMinOp::create(b_, l, t, scope, op, v, nullptr))
        : isSigned ? mlir::Value(sp::GroupNonUniformSMinOp::create(b_, l, t, scope, op, v, nullptr))
                   : mlir::Value(sp::GroupNonUniformUMinOp::create(b_, l, t, scope, op, v, nullptr));
  else
    r = isFloat    ? mlir::Value(sp::GroupNonUniformFMaxOp::create(b_, l, t, scope, op, v, nullptr))
        : isSigned ? mlir::Value(sp::GroupNonUniformSMaxOp::create(b_, l, t, scope, op, v, nullptr))
                   : mlir::Value(sp::GroupNonUniformUMaxOp::create(b_, l, t, scope, op, v, nullptr));
  return Val{rt, {r}};
}

Val Generator::syncthreadsReduction(const ast::Call &c, const BuiltinInfo &b) {
  mlir::Location l = loc(c.getLoc());
  mlir::Value p = truthOf(expr(*c.args[0]), c.getLoc());
  bool isAnd = b.id == Builtin::CudaSyncthreadsAnd;
  if (isAnd)
    p = mlir::arith::XOrIOp::create(b_, l, p, mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true)));
  mlir::Type i32 = b_.getI32Type();
  mlir::Value counter;
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToStart(entry_);
    auto memrefTy = mlir::MemRefType::get(
        {1}, i32, mlir::MemRefLayoutAttrInterface(),
        mlir::spirv::StorageClassAttr::get(&ctx_, mlir::spirv::StorageClass::Workgroup));
    counter = mlir::memref::AllocOp::create(b_, l, memrefTy);
    if (abi_)
      abi_->sharedMemoryBytes += 4;
  }
  mlir::Value zeroIdx = mlir::arith::ConstantIndexOp::create(b_, l, 0);
  mlir::Value zero = intConst(0, i32, l);
  mlir::gpu::BarrierOp::create(b_, l);
  mlir::Value first = mlir::arith::ConstantOp::create(b_, l, b_.getBoolAttr(true));
  for (auto d : {mlir::gpu::Dimension::x, mlir::gpu::Dimension::y, mlir::gpu::Dimension::z}) {
    mlir::Value tid = mlir::gpu::ThreadIdOp::create(b_, l, d);
    mlir::Value isZero = mlir::arith::CmpIOp::create(b_, 
        l, mlir::arith::CmpIPredicate::eq, tid, mlir::arith::ConstantIndexOp::create(b_, l, 0));
    first = mlir::arith::AndIOp::create(b_, l, first, isZero);
  }
  mlir::scf::IfOp::create(b_, l, first, [&](mlir::OpBuilder &b, mlir::Location il) {
    mlir::memref::StoreOp::create(b, il, zero, counter, mlir::ValueRange{zeroIdx});
    mlir::scf::YieldOp::create(b, il);
  });
  mlir::gpu::BarrierOp::create(b_, l);
  mlir::Value one = mlir::arith::ExtUIOp::create(b_, l, i32, p);
  mlir::Value lanes = mlir::gpu::SubgroupReduceOp::create(b_, l, one, mlir::gpu::AllReduceOperation::ADD,
                                                             /*uniform=*/false);
  mlir::Value elected = mlir::spirv::GroupNonUniformElectOp::create(b_, l, mlir::spirv::Scope::Subgroup);
  mlir::scf::IfOp::create(b_, l, elected, [&](mlir::OpBuilder &b, mlir::Location il) {
    mlir::memref::AtomicRMWOp::create(b, il, mlir::arith::AtomicRMWKind::addi, lanes, counter,
                                        mlir::ValueRange{zeroIdx});
    mlir::scf::YieldOp::create(b, il);
  });
  mlir::gpu::BarrierOp::create(b_, l);
  mlir::Value n = mlir::memref::LoadOp::create(b_, l, counter, mlir::ValueRange{zeroIdx});
  Type rt = Type::integer(32);
  if (b.id == Builtin::CudaSyncthreadsCount)
    return Val{rt, {convertScalar(n, rt, typeOf(c), c.getLoc())}};
  mlir::Value holds = mlir::arith::CmpIOp::create(b_, 
      l, isAnd ? mlir::arith::CmpIPredicate::eq : mlir::arith::CmpIPredicate::ne, n, zero);
  return Val{typeOf(c), {convertScalar(mlir::arith::ExtUIOp::create(b_, l, i32, holds), rt,
                                       typeOf(c), c.getLoc())}};
}

} // namespace nvc::mlirgen
