//===- InferGPU.cpp - Inferrer: gpu -----------------------------------------===//
//
// GPU builtins: subgroup (warp) operations and their masks, atomics, barrier
// reductions.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/ComplexMath.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/TypeRules.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <llvm/Support/Casting.h>

#include <array>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace nvc::sema {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

bool Inferrer::isActiveMask(const ast::Expr &mask) {
  auto it = result_.constants.find(&mask);
  if (it != result_.constants.end())
    return it->second.type.isInteger() &&
           (static_cast<uint64_t>(it->second.i) & 0xffffffffu) == 0xffffffffu;
  if (auto *lit = dyn_cast<ast::IntLiteral>(&mask))
    return (static_cast<uint64_t>(lit->value) & 0xffffffffu) == 0xffffffffu;
  if (auto *call = dyn_cast<ast::Call>(&mask))
    return isActiveMaskCall(*call);
  auto *name = dyn_cast<ast::Name>(&mask);
  if (!name || paramIndex_.count(name->id))
    return false;
  bool assigned = false, onlyActiveMask = true;
  std::function<void(const ast::Block &)> scan = [&](const ast::Block &block) {
    for (auto &st : block) {
      if (auto *a = dyn_cast<ast::Assign>(st.get())) {
        for (auto &t : a->targets)
          if (auto *n = dyn_cast<ast::Name>(t.get()); n && n->id == name->id) {
            assigned = true;
            auto *c = dyn_cast<ast::Call>(a->value.get());
            onlyActiveMask &= c && isActiveMaskCall(*c);
          } else if (isa<ast::Tuple>(t.get())) {
            onlyActiveMask = false; // tuple targets: not followed
          }
      } else if (auto *a = dyn_cast<ast::AugAssign>(st.get())) {
        if (auto *n = dyn_cast<ast::Name>(a->target.get()); n && n->id == name->id)
          onlyActiveMask = false;
      } else if (auto *i = dyn_cast<ast::If>(st.get())) {
        scan(i->body);
        scan(i->orelse);
      } else if (auto *w = dyn_cast<ast::While>(st.get())) {
        scan(w->body);
        scan(w->orelse);
      } else if (auto *f = dyn_cast<ast::For>(st.get())) {
        if (auto *n = dyn_cast<ast::Name>(f->target.get()); n && n->id == name->id)
          onlyActiveMask = false;
        scan(f->body);
        scan(f->orelse);
      } else if (auto *u = dyn_cast<ast::UnrolledFor>(st.get())) {
        for (auto &copy : u->copies)
          scan(copy);
        scan(u->orelse);
      }
    }
  };
  scan(fn_.def->body);
  return assigned && onlyActiveMask;
}


bool Inferrer::isActiveMaskCall(const ast::Call &c) {
  auto it = result_.exprTypes.find(c.func.get());
  if (it != result_.exprTypes.end() && it->second.kind() == Type::Kind::Function)
    return isOneOf(calleeBuiltin(it->second), {Builtin::CudaActivemask}) && c.args.empty();
  auto *a = dyn_cast<ast::Attribute>(c.func.get());
  return a && a->attr == "activemask" && c.args.empty();
}


Type Inferrer::subgroupCall(const ast::Call &c, const BuiltinInfo &b) {
  const std::string f = b.name;
  std::vector<Type> args;
  for (auto &a : c.args)
    args.push_back(expr(*a));
  if (!c.keywords.empty())
    fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
  auto arity = [&](size_t n) {
    if (args.size() != n)
      fail(c.getLoc(), fmt::format("{}() takes {} argument{} ({} given)", f, n,
                                   n == 1 ? "" : "s", args.size()));
  };
  const bool maskFirst = b.has(kMaskFirst);
  // Values are 32- or 64-bit integers or floats (004_…txt), and booleans
  // for the arithmetic ones (counted as integers, as NumPy sums them).
  auto number = [&](size_t i) {
    const Type &t = args[i];
    if (!t.isUnknown() && !((t.isInteger() || t.isFloat() || t.isBoolean()) && t.bits() <= 64))
      fail(c.args[i + (maskFirst ? 1 : 0)]->getLoc(),
           fmt::format("{}() takes a number, not {}", f, t.str()));
  };
  using Op = SubgroupOp;
  const Op op = b.subgroupOp();
  if (op == Op::ActiveMask || op == Op::LanemaskLt) {
    arity(0);
    return record(c, Type::integer(32, false));
  }
  if (maskFirst) {
    if (args.empty())
      fail(c.getLoc(), fmt::format("{}() takes a mask first", f));
    // numba-cuda's typing of the *_sync functions (cudadecl.py).
    if (!args[0].isInteger() && !args[0].isUnknown())
      fail(c.args[0]->getLoc(), fmt::format("{}(): Mask type must be an integer, not {}", f,
                                            args[0].str()));
    if ((op == Op::All || op == Op::Any || op == Op::AllEqual || op == Op::Ballot) &&
        args.size() > 1 && !(args[1].isInteger() || args[1].isBoolean() || args[1].isUnknown()))
      fail(c.args[1]->getLoc(), fmt::format("{}(): Predicate must be an integer or boolean, "
                                            "not {}",
                                            f, args[1].str()));
    if (!isActiveMask(*c.args[0]))
      fail(c.args[0]->getLoc(),
           fmt::format("{}() supports only a mask of all active lanes (0xffffffff or "
                       "cuda.activemask()): Vulkan subgroup operations include every "
                       "active invocation",
                       f));
    args.erase(args.begin());
  }
  switch (op) {
  case Op::Size:
  case Op::Lane:
  case Op::Id:
  case Op::Count:
    arity(0);
    return record(c, Type::integer(64));
  case Op::Elect:
    arity(0);
    return record(c, Type::boolean());
  case Op::Sum: case Op::Prod: case Op::Min: case Op::Max:
  case Op::InclusiveSum: case Op::InclusiveProd: case Op::InclusiveMin: case Op::InclusiveMax:
  case Op::ExclusiveSum: case Op::ExclusiveProd: case Op::ExclusiveMin: case Op::ExclusiveMax:
  case Op::BroadcastFirst:
    arity(1);
    number(0);
    return record(c, args[0].isBoolean() ? Type::integer(64) : args[0]);
  case Op::Any:
  case Op::All:
  case Op::AllEqual: // cuda.eq_sync: whether every lane's predicate is the same
    arity(1);
    return record(c, Type::boolean());
  case Op::MatchAny: // cuda.match_any_sync: the lanes holding the same value
    arity(1);
    number(0);
    return record(c, Type::integer(32, false));
  case Op::MatchAll: // cuda.match_all_sync: (the lanes, whether all hold one value)
    arity(1);
    number(0);
    return record(c, Type::tuple({Type::integer(32, false), Type::boolean()}));
  case Op::Ballot:
    // nv.subgroup.ballot: the four uint32 words of SPIR-V's ballot (lane
    // i is bit i % 32 of word i / 32), as a UniTuple(uint32, 4);
    // cuda.ballot_sync: the first word, a uint32 as in numba.cuda (all
    // lanes for subgroups of up to 32 invocations).
    arity(1);
    if (maskFirst)
      return record(c, Type::integer(32, false));
    return record(c, Type::tuple(std::vector<Type>(4, Type::integer(32, false))));
  case Op::BallotCount:
    arity(1);
    return record(c, Type::integer(64));
  case Op::Shuffle:
  case Op::ShuffleXor:
  case Op::ShuffleUp:
  case Op::ShuffleDown:
    arity(2);
    number(0);
    if (!args[1].isInteger() && !args[1].isUnknown())
      fail(c.args[maskFirst ? 2 : 1]->getLoc(), "the lane, delta or mask must be an integer");
    return record(c, args[0]);
  case Op::ActiveMask:
  case Op::None:
    break;
  }
  fail(c.getLoc(), fmt::format("{}() is not supported yet", f));
}


Type Inferrer::atomicCall(const ast::Call &c, const BuiltinInfo &b) {
  const std::string f = b.name;
  const AtomicOp op = b.atomicOp();
  if (!c.keywords.empty())
    fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
  // The operands after the array and the index (none: element 0).
  const size_t first = b.has(kFirstElement) ? 1 : 2;
  size_t want = (op == AtomicOp::Cas ? 2 : 1) + first;
  if (c.args.size() != want)
    fail(c.getLoc(), fmt::format("{}() takes {} arguments ({} given)", f, want, c.args.size()));
  Type ary = expr(*c.args[0]);
  std::vector<Type> values;
  for (size_t i = first; i < want; ++i)
    values.push_back(expr(*c.args[i]));
  if (ary.isUnknown())
    return record(c, Type());
  if (!ary.isArray())
    fail(c.args[0]->getLoc(), fmt::format("{}() takes an array first, not {}", f, ary.str()));
  if (b.has(kFirstElement) && ary.ndim() != 1)
    fail(c.args[0]->getLoc(), fmt::format("{}() works on a 1-D array (its first element), not "
                                          "{}",
                                          f, ary.str()));
  // The index: an integer for 1-D arrays, a tuple of ndim integers.
  const ast::Expr &index = *c.args[b.has(kFirstElement) ? 0 : 1];
  if (!b.has(kFirstElement)) {
    size_t count = arrayIndexTypes(index, /*floatsConvert=*/true).size();
    if (count != ary.ndim())
      fail(index.getLoc(), fmt::format("{}() needs one index per dimension: the array has {}, "
                                       "the index {}",
                                       f, ary.ndim(), count));
  }
  const Type &dtype = ary.element();
  // Narrowed kernels keep float64 arrays as float32 on the device, so
  // their atomics are float32 atomics; other float64 atomics are
  // compare-and-swap loops on 64-bit integers (Int64Atomics).
  bool isFloat = dtype.isFloat() && (dtype.bits() == 32 || dtype.bits() == 64);
  bool isInt = dtype.isInteger() && dtype.bits() >= 32;
  if (!isFloat && !isInt)
    fail(c.args[0]->getLoc(), fmt::format("{}() works on arrays of 32- and 64-bit integers "
                                          "and floats, not {}",
                                          f, dtype.str()));
  const bool integerOnly = op == AtomicOp::And || op == AtomicOp::Or || op == AtomicOp::Xor ||
                           op == AtomicOp::Inc || op == AtomicOp::Dec || op == AtomicOp::Cas;
  // nanmax and nanmin take integers too (numba-cuda's Cuda_atomic_maxmin
  // types), where they are max and min.
  if (isFloat && integerOnly)
    fail(c.args[0]->getLoc(),
         fmt::format("{}() works on integer arrays, not {}", f, dtype.str()));
  if ((op == AtomicOp::Inc || op == AtomicOp::Dec) && dtype.isSigned())
    fail(c.args[0]->getLoc(), fmt::format("{}() works on uint32 (and uint64) arrays, as in "
                                          "numba.cuda, not {}",
                                          f, dtype.str()));
  for (size_t i = 0; i < values.size(); ++i)
    if (!values[i].isUnknown() && !values[i].isNumber())
      fail(c.args[first + i]->getLoc(),
           fmt::format("{}() takes a number to combine, not {}", f, values[i].str()));
  checkWritable(*c.args[0], c.args[0]->getLoc());
  auto root = rootOf(*c.args[0]);
  if (root && *root == kPrivateArray && !isSharedArrayExpr(*c.args[0]))
    fail(c.args[0]->getLoc(), fmt::format("{}() on a private array: atomics work on array "
                                          "arguments and shared arrays",
                                          f));
  markAccess(root, true, true);
  return record(c, dtype);
}


Type Inferrer::syncthreadsReduction(const ast::Call &c, const std::string &f) {
  if (c.args.size() != 1 || !c.keywords.empty())
    fail(c.getLoc(), fmt::format("{}() takes 1 argument (the predicate)", f));
  Type p = expr(*c.args[0]);
  if (!p.isUnknown() && !p.isBoolean() && !p.isInteger() && !p.isFloat())
    fail(c.args[0]->getLoc(), fmt::format("{}() takes a predicate, not {}", f, p.str()));
  return record(c, Type::integer(32));
}

} // namespace nvc::sema
