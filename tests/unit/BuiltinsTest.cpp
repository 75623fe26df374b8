// Unit tests of the builtin registry (frontend/sema/Builtins.h): every row
// of Builtins.def is found by its name and its flags agree with its family,
// since BarrierDivergence and the dispatchers rely on them.
#include "frontend/sema/Builtins.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

using namespace nvc;

namespace {

/// Every row of Builtins.def, in declaration order.
std::vector<const BuiltinInfo *> allBuiltins() {
  std::vector<const BuiltinInfo *> out;
#define NVC_BUILTIN(Id, Name, Family, Op, Flags) out.push_back(&builtinInfo(Builtin::Id));
#include "frontend/sema/Builtins.def"
#undef NVC_BUILTIN
  return out;
}

} // namespace

TEST_CASE("every builtin is found by its name, once", "[builtins]") {
  std::set<std::string> names;
  for (const BuiltinInfo *b : allBuiltins()) {
    INFO(b->name);
    CHECK(names.insert(b->name).second);
    const BuiltinInfo *found = lookupBuiltin(b->name);
    REQUIRE(found != nullptr);
    CHECK(found->id == b->id);
    CHECK(&builtinInfo(b->id) == b);
  }
  CHECK(names.size() > 100);
  CHECK(lookupBuiltin("cuda.atomic.mul") == nullptr);
  CHECK(lookupBuiltin("math.sqrt") == nullptr); // MathBuiltins' table
  CHECK(lookupBuiltin("") == nullptr);
}

TEST_CASE("builtin flags agree with their families", "[builtins]") {
  for (const BuiltinInfo *b : allBuiltins()) {
    INFO(b->name);
    const bool barrierFamily =
        b->family == BuiltinFamily::Barrier || b->family == BuiltinFamily::BarrierReduction;
    CHECK(b->has(kBarrier) == barrierFamily);
    // Subgroup, atomic and reduction builtins name their operation; no other has one.
    if (b->family == BuiltinFamily::Subgroup)
      CHECK(b->subgroupOp() != SubgroupOp::None);
    else if (b->family == BuiltinFamily::Atomic)
      CHECK(b->atomicOp() != AtomicOp::None);
    else if (b->family == BuiltinFamily::ArrayReduction)
      CHECK(b->reductionOp() != ReductionOp::None);
    else
      CHECK(b->op == 0);
    if (b->family == BuiltinFamily::Atomic)
      CHECK(b->has(kDivergentResult)); // the old value differs per invocation
    if (b->has(kMaskFirst)) // the *_sync functions and cuda.syncwarp(mask)
      CHECK((b->family == BuiltinFamily::Subgroup || b->family == BuiltinFamily::Fence));
    if (b->has(kSharedArray))
      CHECK(b->family == BuiltinFamily::PrivateArray);
  }
}

TEST_CASE("both spellings of an operation share it", "[builtins]") {
  CHECK(lookupBuiltin("cuda.shfl_xor_sync")->subgroupOp() ==
        lookupBuiltin("nv.subgroup.shuffle_xor")->subgroupOp());
  CHECK(lookupBuiltin("cuda.shfl_xor_sync")->has(kMaskFirst));
  CHECK(!lookupBuiltin("nv.subgroup.shuffle_xor")->has(kMaskFirst));
  CHECK(lookupBuiltin("cuda.atomic.and_")->atomicOp() == AtomicOp::And);
  CHECK(lookupBuiltin("nv.atomic.and_")->atomicOp() == AtomicOp::And);
  // Uniform within a workgroup: sizes and counts; per invocation: ids.
  CHECK(!lookupBuiltin("nv.subgroup.size")->has(kDivergentResult));
  CHECK(lookupBuiltin("nv.subgroup.lane")->has(kDivergentResult));
  CHECK(lookupBuiltin("cuda.grid")->has(kDivergentResult));
  CHECK(!lookupBuiltin("cuda.gridsize")->has(kDivergentResult));
  CHECK(!lookupBuiltin("nv.group_id")->has(kDivergentResult));
}

TEST_CASE("unknown names are placed by their module", "[builtins]") {
  CHECK(isInAtomicModule("cuda.atomic.mul"));
  CHECK(isInAtomicModule("nv.atomic.mul"));
  CHECK(!isInAtomicModule("cuda.atomicadd"));
  CHECK(isInCmathModule("cmath.gamma"));
  CHECK(isInGPUModule("nv.foo"));
  CHECK(!isInGPUModule("numpy.foo"));
}
