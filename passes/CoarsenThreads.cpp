//===- CoarsenThreads.cpp - Each invocation computes C outputs of its grid ===//
//
// The workshop's Optimisation 6 (000, "Optimisation"): every pixel of the
// imaging kernel reads the same visibilities, so an invocation that computes
// C pixels reads them once for C. This pass does it for kernels that use
// the invocation only through the global index (cuda.grid(1), cuda.grid(2)):
//  1. Eligibility: the only gpu-dialect operations are gpu.global_id x and
//     y at the kernel's top level (no thread/workgroup ids or sizes, grid
//     size, barriers, subgroup operations), no workgroup memory, no
//     atomics, no calls but the math library's (MathLibraryCalls.h: pure).
//     A 1-D kernel is coarsened along x, a 2-D one along
//     y (kMinSharedArraysY says why); "the index" below is the global id
//     along that axis, and values that depend only on the other one are the
//     same for every copy. Ops of the kernel's body that do not depend on
//     the index must not write memory (they would run once for C
//     invocations). Ops that do are pure (without regions), scf.if
//     (guards: they keep their effects per copy), or loops whose trip count
//     and read addresses do not depend on the index and that write nothing
//     (LoopVariance.h; SplitKernelGuard.cpp takes a bounds-guarded loop out
//     of its guard into this form).
//  2. The factor C: the kernel's decorator `coarsen=C`, else --coarsen=C,
//     else the cost model: 4 when the kernel has a loop to jam that reads
//     arrays at addresses the copies share (two along x, one along y), fewer
//     when the loop carries many per-output values (4 copies each; at most
//     32 32-bit registers), else 1.
//  3. The grid shrinks: the launcher dispatches ceil(groups / C) workgroups
//     along the axis (manifest: `coarsen`, or `coarsen_y`). Copy k of an
//     invocation computes the output of original index g_k = g + k * G, G =
//     invocations of the dispatched grid along the axis (strided, so
//     neighbouring invocations still access neighbouring elements). The
//     original grid size N travels as a hidden last scalar argument
//     (manifest: `original_grid_offset`, or `original_grid_offset_y`); a
//     copy whose g_k >= N did not exist, and its guards (each scf.if that
//     depends on the index gets `and g_k < N`; one with an else branch, such
//     as an early `return`, runs inside `if g_k < N`) skip all its effects. Copy 0
//     always exists (g < G <= N), so ops that run once per invocation still
//     run in an invocation that existed.
//  4. Index-dependent pure ops and guards are cloned per copy (in copy
//     order; each copy's memory effects stay in program order, and copies of
//     different outputs touch different elements by the kernel's contract,
//     as invocations of the original grid do). The copies' loops are jammed
//     into one loop with the index-independent loop values once and the
//     others C times; ops that depend on no copy's values (the shared reads)
//     are emitted once. A guard whose loop reads at addresses that depend on
//     the index (the naive matmul's `if i < m and j < n: for k ...`, or
//     `if i >= m or j >= n: return` before it) is
//     jammed whole (JammedGuard): one `if` for the copies, in which a copy
//     whose own guard fails computes on the values of one that passes, its
//     writes skipped. Each copy performs the same float operations in the
//     same order as its original invocation: results are bit-identical.
//
//===----------------------------------------------------------------------===//
#include "passes/LoopVariance.h"
#include "passes/MathLibraryCalls.h"
#include "passes/Passes.h"
#include "passes/WorkgroupMemory.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/Interfaces/CallInterfaces.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#include <llvm/ADT/SetVector.h>

#include <algorithm>
#include <map>

#define DEBUG_TYPE "nvc-coarsen-threads"

namespace nvc {
namespace {

using namespace mlir;

/// Register budget of the cost model: 32-bit registers the C copies of a
/// jammed loop's per-output values may take.
constexpr unsigned kLoopValueRegisterBudget = 32;
/// The cost model's factor for a kernel whose loop reads shared data.
constexpr unsigned kDefaultFactor = 4;
/// Arrays a loop must read at addresses the copies share for the cost model
/// to coarsen along x: measured on an NVIDIA H200
/// (bench/results/2026-11-30-h200-after-issue6.json), the naive DFT, whose
/// loop reads one array, ran 2x slower coarsened by 4 (its grid of 32K
/// invocations then no longer fills the GPU), while the imaging kernels,
/// whose loop reads four, ran 1.3-2.4x faster.
constexpr unsigned kMinSharedArraysX = 2;
/// The same along y (2-D kernels): one, read at an address that depends on
/// the global id along x. A subgroup's invocations lie along x, so such a
/// read is one that a whole subgroup makes at as many addresses as it has
/// invocations (the naive matmul's A[i, k]: a row per invocation, a cache
/// line each), now read once for C outputs; a read the copies along x would
/// share is one the subgroup already shares (B[k, j]: one address).
constexpr unsigned kMinSharedArraysY = 1;

/// Whether `v` is computed from a gpu.global_id along `dim`: its backward
/// slice through defining ops (and the values their regions use) and
/// around scf.while loops.
bool derivesFromGlobalId(Value v, gpu::Dimension dim) {
  SmallVector<Value> work{v};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(cur)) {
      auto loop = dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp());
      if (!loop)
        continue; // a kernel argument
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() == &loop.getBefore().front()) {
        work.push_back(loop.getInits()[i]);
        work.push_back(loop.getYieldOp().getOperand(i));
      } else {
        work.push_back(loop.getConditionOp().getArgs()[i]);
      }
      continue;
    }
    Operation *def = cur.getDefiningOp();
    if (auto id = dyn_cast<gpu::GlobalIdOp>(def); id && id.getDimension() == dim)
      return true;
    if (auto loop = dyn_cast<scf::WhileOp>(def)) {
      work.push_back(loop.getConditionOp().getArgs()[cast<OpResult>(cur).getResultNumber()]);
      continue;
    }
    def->walk([&](Operation *inner) { work.append(inner->getOperands().begin(), inner->getOperands().end()); });
  }
  return false;
}

/// Whether `op` only reads memory (possibly nothing), its nested ops too.
bool onlyReads(Operation *op) {
  bool ok = true;
  op->walk([&](Operation *inner) {
    if (isMathLibraryCall(inner))
      return;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(inner)) {
      SmallVector<MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (auto &e : list)
        if (!isa<MemoryEffects::Read>(e.getEffect()))
          ok = false;
    } else if (!inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      ok = false;
    }
  });
  return ok;
}

/// Whether the else branch of `guard` reads or writes memory (an early
/// `return`'s body, an `else:` that stores): then `and g_k < N` on the
/// condition would run it for a copy that did not exist. (Guard splitting's
/// prologues have an else that only yields zeros.)
bool elseHasEffects(scf::IfOp guard) {
  if (guard.getElseRegion().empty())
    return false;
  return llvm::any_of(guard.elseBlock()->without_terminator(),
                      [](Operation &op) { return !isMemoryEffectFree(&op); });
}

/// 32-bit registers a value of `type` takes (index: 32-bit, as nvc's default).
unsigned registers(Type type) {
  if (type.isIntOrFloat())
    return std::max(1u, type.getIntOrFloatBitWidth() / 32);
  return 1;
}

/// A guard (an scf.if without results or else) holding a loop whose copies
/// can be jammed although its reads depend on the output: the copies' guards
/// become one `if`, taken when any copy's condition holds. Inside it, each
/// copy's values from outside the guard (`liveIns`) are its own where its
/// condition holds, else those of the first copy whose condition holds (the
/// anchor), so every copy computes, and reads, as an invocation that passes
/// the guard; only its memory writes are kept under its own condition.
struct JammedGuard {
  /// The guarded block: the then block, or for `if c {} else {B}` (an early
  /// `return`) the else block, guarded by `not c` (`negated`).
  Block *body = nullptr;
  bool negated = false;
  /// Values that depend on the output, defined outside the guard and used
  /// in it, in first-use order.
  SmallVector<Value> liveIns;
  /// Ops of the then block that depend on no output's values and only
  /// read: run once for all copies.
  llvm::DenseSet<Operation *> once;
  /// Ops of the then block that write memory (they have no results): each
  /// copy's runs under its condition.
  llvm::DenseSet<Operation *> writes;
};

/// The plan for one kernel: the axis, which top-level ops depend on the
/// global id along it, and the analysis of each loop to jam.
struct Plan {
  gpu::Dimension axis = gpu::Dimension::x;
  /// The gpu.global_id ops along `axis` (those along the other axis are the
  /// same for every copy).
  SmallVector<gpu::GlobalIdOp> globalIds;
  llvm::DenseSet<Operation *> dependent;
  /// The loops to jam, at the top level or in a jammed guard.
  std::map<Operation *, LoopVariance> loops;
  std::map<Operation *, JammedGuard> guards;
  unsigned costModelFactor = 1;
};

/// Step 1: the plan, or nullopt when the kernel must be left alone.
std::optional<Plan> analyse(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return std::nullopt;
  Plan plan;
  bool ok = true;
  SmallVector<gpu::GlobalIdOp> ids;
  func.walk([&](Operation *op) {
    if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      if (id.getDimension() == gpu::Dimension::z || op->getParentOp() != func)
        ok = false;
      if (id.getDimension() == gpu::Dimension::y)
        plan.axis = gpu::Dimension::y;
      ids.push_back(id);
      return;
    }
    if (op->getDialect() && op->getDialect()->getNamespace() == "gpu")
      ok = false; // ids, sizes, barriers, subgroup operations
    if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op) ||
        (isa<CallOpInterface>(op) && !isMathLibraryCall(op)))
      ok = false;
    for (Value v : op->getOperands())
      ok &= !isWorkgroupMemory(v.getType());
    for (Value v : op->getResults())
      ok &= !isWorkgroupMemory(v.getType());
  });
  if (!ok || ids.empty())
    return std::nullopt;
  // A 2-D kernel is coarsened along y (kMinSharedArraysY says why); its ids
  // along x are the same for every copy.
  for (gpu::GlobalIdOp id : ids)
    if (id.getDimension() == plan.axis)
      plan.globalIds.push_back(id);

  Block &body = func.getBody().front();
  llvm::DenseSet<Value> dependentValues;
  for (gpu::GlobalIdOp id : plan.globalIds)
    dependentValues.insert(id.getResult());
  auto isDependent = [&](Value v) { return dependentValues.contains(v); };
  auto usesDependent = [&](Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        found |= dependentValues.contains(v);
    });
    return found;
  };
  // The cost model: the loops that share reads, and the registers their
  // per-output values take.
  const unsigned minShared = plan.axis == gpu::Dimension::x ? kMinSharedArraysX : kMinSharedArraysY;
  unsigned readingLoopRegisters = 0;
  bool hasReadingLoop = false;
  auto costLoop = [&](scf::WhileOp loop, const LoopVariance &variance) {
    // The arrays the loop reads at addresses the copies share.
    llvm::SmallPtrSet<void *, 4> sharedArrays;
    loop->walk([&](memref::LoadOp load) {
      Operation *top = load;
      while (top->getParentOp() != loop)
        top = top->getParentOp();
      if (variance.isVarying(top))
        return;
      if (plan.axis == gpu::Dimension::y &&
          llvm::none_of(load.getIndices(),
                        [](Value i) { return derivesFromGlobalId(i, gpu::Dimension::x); }))
        return;
      sharedArrays.insert(load.getMemRef().getAsOpaquePointer());
    });
    if (sharedArrays.size() < minShared)
      return;
    hasReadingLoop = true;
    unsigned regs = 0;
    for (BlockArgument arg : loop.getBefore().front().getArguments())
      if (variance.varying.contains(arg))
        regs += registers(arg.getType());
    readingLoopRegisters = std::max(readingLoopRegisters, regs);
  };
  // A dependent guard whose then block can be jammed (JammedGuard): adds
  // its loops to the plan.
  auto analyseGuard = [&](scf::IfOp guard) -> bool {
    if (guard.getNumResults())
      return false;
    JammedGuard jammed;
    if (guard.getElseRegion().empty()) {
      jammed.body = guard.thenBlock();
    } else if (guard.thenBlock()->without_terminator().empty()) {
      jammed.body = guard.elseBlock(); // `if c: return` before the body
      jammed.negated = true;
    } else {
      return false;
    }
    std::map<Operation *, LoopVariance> loops;
    for (Operation &op : jammed.body->without_terminator()) {
      bool dependent = usesDependent(&op);
      if (dependent)
        for (Value r : op.getResults())
          dependentValues.insert(r);
      if (!onlyReads(&op)) {
        if (op.getNumResults())
          return false;
        jammed.writes.insert(&op);
        continue;
      }
      if (!dependent) {
        jammed.once.insert(&op);
        continue;
      }
      if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        LoopVariance variance = analyseLoopVariance(loop, isDependent);
        if (variance.invariantControl)
          loops.emplace(&op, std::move(variance));
      }
      // Other dependent ops (and loops that cannot be jammed) run per copy,
      // on its values.
    }
    if (loops.empty())
      return false;
    llvm::SetVector<Value> liveIns;
    jammed.body->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        if (dependentValues.contains(v) && !guard->isAncestor(v.getParentBlock()->getParentOp()))
          liveIns.insert(v);
    });
    for (Value v : liveIns)
      if (!isa<IntegerType, IndexType, FloatType>(v.getType()))
        return false; // no arith.select to choose it
    jammed.liveIns.assign(liveIns.begin(), liveIns.end());
    for (auto &[op, variance] : loops)
      costLoop(cast<scf::WhileOp>(op), variance);
    plan.loops.merge(loops);
    plan.guards.emplace(guard, std::move(jammed));
    return true;
  };

  for (Operation &op : body.without_terminator()) {
    if (isa<gpu::GlobalIdOp>(op))
      continue;
    if (!usesDependent(&op)) {
      // Runs once for C invocations: it may read, not write.
      if (!onlyReads(&op))
        return std::nullopt;
      continue;
    }
    plan.dependent.insert(&op);
    for (Value r : op.getResults())
      dependentValues.insert(r);
    if (auto guard = dyn_cast<scf::IfOp>(op)) {
      if (analyseGuard(guard))
        continue;
      // Cloned whole per copy; with an else branch that touches memory,
      // under `if exists`, whose else gives zeros for the results.
      if (elseHasEffects(guard) &&
          !llvm::all_of(guard.getResultTypes(), [](Type t) { return isa<IntegerType, IndexType, FloatType>(t); }))
        return std::nullopt;
      continue;
    }
    if ((isMemoryEffectFree(&op) || isMathLibraryCall(&op)) && !op.getNumRegions())
      continue;
    // A loop runs for every output, those that did not exist too: its trip
    // count must not depend on the output (a loop that ends only for some
    // indices could hang), and it must only read, at addresses every output
    // reads.
    auto loop = dyn_cast<scf::WhileOp>(op);
    if (!loop)
      return std::nullopt;
    LoopVariance variance = analyseLoopVariance(loop, isDependent);
    if (!variance.invariantControlAndReads)
      return std::nullopt;
    costLoop(loop, variance);
    plan.loops.emplace(&op, std::move(variance));
  }
  if (hasReadingLoop)
    plan.costModelFactor =
        std::clamp(kLoopValueRegisterBudget / std::max(1u, readingLoopRegisters), 1u, kDefaultFactor);
  return plan;
}

/// Step 4 for one loop: the jammed loop of the C copies of `loop`; maps the
/// results of `loop` in each copy's map.
void jam(OpBuilder &b, scf::WhileOp loop, const LoopVariance &variance,
         SmallVectorImpl<IRMapping> &maps) {
  unsigned copies = maps.size();
  Location loc = loop.getLoc();
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  // Positions of the invariant (shared) and varying (per copy) values of a
  // list of block arguments: shared first, then each copy's varying ones.
  auto layout = [&](Block &block, SmallVectorImpl<unsigned> &shared,
                    SmallVectorImpl<unsigned> &perCopy) {
    for (BlockArgument a : block.getArguments())
      (variance.varying.contains(a) ? perCopy : shared).push_back(a.getArgNumber());
  };
  SmallVector<unsigned> sharedIn, varyingIn, sharedOut, varyingOut;
  layout(before, sharedIn, varyingIn);
  layout(after, sharedOut, varyingOut);
  // Values in the jammed order, picked per copy from `list(k)`.
  auto order = [&](ArrayRef<unsigned> shared, ArrayRef<unsigned> perCopy,
                   llvm::function_ref<Value(unsigned k, unsigned i)> get) {
    SmallVector<Value> out;
    for (unsigned i : shared)
      out.push_back(get(0, i));
    for (unsigned k = 0; k < copies; ++k)
      for (unsigned i : perCopy)
        out.push_back(get(k, i));
    return out;
  };
  auto types = [&](Block &block, ArrayRef<unsigned> shared, ArrayRef<unsigned> perCopy) {
    SmallVector<Type> out;
    for (unsigned i : shared)
      out.push_back(block.getArgument(i).getType());
    for (unsigned k = 0; k < copies; ++k)
      for (unsigned i : perCopy)
        out.push_back(block.getArgument(i).getType());
    return out;
  };
  SmallVector<Value> inits = order(sharedIn, varyingIn, [&](unsigned k, unsigned i) {
    return maps[k].lookupOrDefault(loop.getInits()[i]);
  });
  SmallVector<Type> resultTypes = types(after, sharedOut, varyingOut);
  // The regions' blocks take the types of the inits and of the results.
  auto jammed = scf::WhileOp::create(b, loc, resultTypes, inits, nullptr, nullptr);
  Block *newBefore = jammed.getBeforeBody();
  Block *newAfter = jammed.getAfterBody();

  // Maps block arguments of `block` to those of `jammedBlock` in each copy.
  auto mapArgs = [&](Block &block, Block *jammedBlock, ArrayRef<unsigned> shared,
                     ArrayRef<unsigned> perCopy) {
    unsigned pos = 0;
    for (unsigned i : shared) {
      for (unsigned k = 0; k < copies; ++k)
        maps[k].map(block.getArgument(i), jammedBlock->getArgument(pos));
      ++pos;
    }
    for (unsigned k = 0; k < copies; ++k)
      for (unsigned i : perCopy)
        maps[k].map(block.getArgument(i), jammedBlock->getArgument(pos++));
  };
  // The ops of `block`: shared ones once, varying ones per copy.
  auto cloneBody = [&](Block &block, Block *into) {
    OpBuilder ib = OpBuilder::atBlockEnd(into);
    for (Operation &op : block.without_terminator()) {
      if (variance.isVarying(&op)) {
        for (unsigned k = 0; k < copies; ++k)
          ib.clone(op, maps[k]);
        continue;
      }
      Operation *once = ib.clone(op, maps[0]);
      for (unsigned k = 1; k < copies; ++k)
        maps[k].map(op.getResults(), once->getResults());
    }
    return ib;
  };

  mapArgs(before, newBefore, sharedIn, varyingIn);
  OpBuilder cb = cloneBody(before, newBefore);
  scf::ConditionOp cond = loop.getConditionOp();
  scf::ConditionOp::create(cb, cond.getLoc(), maps[0].lookupOrDefault(cond.getCondition()),
                              order(sharedOut, varyingOut, [&](unsigned k, unsigned i) {
                                return maps[k].lookupOrDefault(cond.getArgs()[i]);
                              }));
  mapArgs(after, newAfter, sharedOut, varyingOut);
  OpBuilder yb = cloneBody(after, newAfter);
  scf::YieldOp yield = loop.getYieldOp();
  scf::YieldOp::create(yb, yield.getLoc(), order(sharedIn, varyingIn, [&](unsigned k, unsigned i) {
                            return maps[k].lookupOrDefault(yield.getOperand(i));
                          }));

  unsigned pos = 0;
  for (unsigned i : sharedOut) {
    for (unsigned k = 0; k < copies; ++k)
      maps[k].map(loop.getResult(i), jammed.getResult(pos));
    ++pos;
  }
  for (unsigned k = 0; k < copies; ++k)
    for (unsigned i : varyingOut)
      maps[k].map(loop.getResult(i), jammed.getResult(pos++));
}

/// Step 4 for a jammed guard (JammedGuard): emits the one `if` of the
/// copies of `guard` and, in it, the copies of its then block.
void jamGuard(OpBuilder &b, scf::IfOp guard, const JammedGuard &jammed, const Plan &plan,
              SmallVectorImpl<IRMapping> &maps, ArrayRef<Value> exists) {
  unsigned copies = maps.size();
  Location loc = guard.getLoc();
  // Whether each copy passes its guard (and existed in the original grid).
  SmallVector<Value> valid(copies);
  Value any;
  Value yes = jammed.negated ? arith::ConstantIntOp::create(b, loc, 1, 1).getResult() : Value();
  for (unsigned k = 0; k < copies; ++k) {
    Value cond = maps[k].lookupOrDefault(guard.getCondition());
    if (yes)
      cond = arith::XOrIOp::create(b, loc, cond, yes);
    valid[k] = arith::AndIOp::create(b, loc, cond, exists[k]);
    any = k ? arith::OrIOp::create(b, loc, any, valid[k]).getResult() : valid[k];
  }
  auto one = scf::IfOp::create(b, loc, TypeRange{}, any, /*withElseRegion=*/false);
  OpBuilder ib(one.thenBlock()->getTerminator());
  // Each copy's values from outside: its own if valid, else the anchor's
  // (the first valid copy's).
  SmallVector<IRMapping> inner(maps.begin(), maps.end());
  for (Value v : jammed.liveIns) {
    Value anchor = maps[copies - 1].lookupOrDefault(v);
    for (unsigned k = copies - 1; k-- > 0;)
      anchor = arith::SelectOp::create(ib, loc, valid[k], maps[k].lookupOrDefault(v), anchor);
    inner[0].map(v, anchor);
    for (unsigned k = 1; k < copies; ++k)
      inner[k].map(v, arith::SelectOp::create(ib, loc, valid[k], maps[k].lookupOrDefault(v), anchor)
                          .getResult());
  }
  for (Operation &op : jammed.body->without_terminator()) {
    if (auto it = plan.loops.find(&op); it != plan.loops.end()) {
      jam(ib, cast<scf::WhileOp>(op), it->second, inner);
      continue;
    }
    if (jammed.once.contains(&op)) {
      Operation *once = ib.clone(op, inner[0]);
      for (unsigned k = 1; k < copies; ++k)
        inner[k].map(op.getResults(), once->getResults());
      continue;
    }
    for (unsigned k = 0; k < copies; ++k) {
      if (!jammed.writes.contains(&op)) {
        ib.clone(op, inner[k]);
        continue;
      }
      auto write = scf::IfOp::create(ib, op.getLoc(), TypeRange{}, valid[k], /*withElseRegion=*/false);
      OpBuilder wb(write.thenBlock()->getTerminator());
      wb.clone(op, inner[k]);
    }
  }
}

/// Steps 3 and 4: rewrites `func` for `copies` outputs per invocation.
void coarsen(func::FuncOp func, const Plan &plan, unsigned copies) {
  Block &body = func.getBody().front();
  Location loc = func.getLoc();
  Type index = IndexType::get(func.getContext());
  // The original grid size: a hidden last argument.
  unsigned gridArg = func.getNumArguments();
  (void)func.insertArgument(gridArg, index, {}, loc);
  Value originalGrid = body.getArgument(gridArg);

  OpBuilder b = OpBuilder::atBlockBegin(&body);
  Value g = gpu::GlobalIdOp::create(b, loc, plan.axis);
  Value invocations = arith::MulIOp::create(b, loc, gpu::GridDimOp::create(b, loc, plan.axis),
                                              gpu::BlockDimOp::create(b, loc, plan.axis));
  SmallVector<IRMapping> maps(copies);
  SmallVector<Value> exists(copies);
  for (unsigned k = 0; k < copies; ++k) {
    Value gk = g;
    if (k)
      gk = arith::AddIOp::create(b, 
          loc, g,
          arith::MulIOp::create(b, loc, invocations, arith::ConstantIndexOp::create(b, loc, k)));
    exists[k] = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, gk, originalGrid);
    for (gpu::GlobalIdOp id : plan.globalIds)
      maps[k].map(id.getResult(), gk);
  }

  SmallVector<Operation *> replaced;
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    if (isa<gpu::GlobalIdOp>(op) && llvm::is_contained(plan.globalIds, cast<gpu::GlobalIdOp>(op))) {
      replaced.push_back(&op);
      continue;
    }
    if (!plan.dependent.contains(&op))
      continue;
    replaced.push_back(&op);
    b.setInsertionPoint(&op);
    if (auto it = plan.loops.find(&op); it != plan.loops.end()) {
      jam(b, cast<scf::WhileOp>(op), it->second, maps);
      continue;
    }
    if (auto it = plan.guards.find(&op); it != plan.guards.end()) {
      jamGuard(b, cast<scf::IfOp>(op), it->second, plan, maps, exists);
      continue;
    }
    for (unsigned k = 0; k < copies; ++k) {
      auto guard = dyn_cast<scf::IfOp>(op);
      if (guard && elseHasEffects(guard)) {
        // Both branches may have effects: the copy runs only if it exists,
        // its results zeros otherwise (used only by its own skipped work).
        auto wrap = scf::IfOp::create(b, guard.getLoc(), guard.getResultTypes(), exists[k],
                                      /*withElseRegion=*/guard.getNumResults() != 0);
        OpBuilder wb = OpBuilder::atBlockBegin(wrap.thenBlock());
        Operation *copy = wb.clone(op, maps[k]);
        if (guard.getNumResults()) {
          scf::YieldOp::create(wb, guard.getLoc(), copy->getResults());
          OpBuilder eb = OpBuilder::atBlockEnd(wrap.elseBlock());
          SmallVector<Value> zeros;
          for (Type t : guard.getResultTypes())
            zeros.push_back(arith::ConstantOp::create(eb, guard.getLoc(), t, eb.getZeroAttr(t)));
          scf::YieldOp::create(eb, guard.getLoc(), zeros);
          maps[k].map(guard.getResults(), wrap.getResults());
        }
        continue;
      }
      Value cond;
      if (guard)
        cond = arith::AndIOp::create(b, guard.getLoc(),
                                       maps[k].lookupOrDefault(guard.getCondition()), exists[k]);
      Operation *copy = b.clone(op, maps[k]);
      if (guard)
        copy->setOperand(0, cond);
    }
  }
  for (Operation *op : llvm::reverse(replaced))
    op->erase();
  func->setAttr(plan.axis == gpu::Dimension::x ? abi::kCoarsenAttr : abi::kCoarsenYAttr,
                b.getI32IntegerAttr(copies));
}

struct CoarsenThreadsPass
    : public PassWrapper<CoarsenThreadsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CoarsenThreadsPass)
  CoarsenThreadsPass() = default;
  CoarsenThreadsPass(const CoarsenThreadsPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "CoarsenThreads"; }
  StringRef getArgument() const override { return "nvc-coarsen-threads"; }
  StringRef getDescription() const override {
    return "Compute several outputs of a 1-D grid per invocation, sharing their loops' reads";
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A kernel split at grid barriers keeps one invocation per state slot
    // (passes/SplitGridBarriers.cpp).
    if (!func->hasAttr(abi::kKernelAttr) || func->hasAttr(abi::kGridSyncArgAttr))
      return;
    unsigned requested = factor;
    if (auto attr = func->getAttrOfType<IntegerAttr>(abi::kCoarsenRequestAttr))
      requested = attr.getInt();
    if (requested == 1)
      return;
    std::optional<Plan> plan = analyse(func);
    if (!plan)
      return;
    unsigned copies = requested ? requested : plan->costModelFactor;
    if (copies > 1)
      coarsen(func, *plan, copies);
  }

  Option<unsigned> factor{*this, "factor",
                          llvm::cl::desc("outputs per invocation for kernels without coarsen= "
                                         "(0: the cost model; 1: off, as --coarsen)"),
                          llvm::cl::init(0)};
};

} // namespace

std::unique_ptr<Pass> createCoarsenThreadsPass(unsigned factor) {
  auto pass = std::make_unique<CoarsenThreadsPass>();
  pass->factor = factor;
  return pass;
}

} // namespace nvc
