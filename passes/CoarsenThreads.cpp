//===- CoarsenThreads.cpp - Each invocation computes C outputs of a 1-D grid ===//
//
// The workshop's Optimisation 6 (000, "Optimisation"): every pixel of the
// imaging kernel reads the same visibilities, so an invocation that computes
// C pixels reads them once for C. This pass does it for kernels that use
// the invocation only through the 1-D global index (cuda.grid(1)):
//  1. Eligibility: the only gpu-dialect operation is gpu.global_id x (no
//     thread/workgroup ids or sizes, grid size, barriers, subgroup
//     operations), no workgroup memory, no atomics, no calls. Ops of the
//     kernel's body that do not depend on the global id must not write
//     memory (they would run once for C invocations). Ops that do are
//     pure (without regions), scf.if (guards: they keep their effects per
//     copy), or loops whose trip count and read addresses do not depend on
//     the index and that write nothing (LoopVariance.h; SplitKernelGuard.cpp
//     takes a bounds-guarded loop out of its guard into this form).
//  2. The factor C: the kernel's decorator `coarsen=C`, else --coarsen=C,
//     else the cost model: 4 when the kernel has such a loop that reads
//     at least two arrays (the reads are shared), fewer when the loop carries many
//     per-output values (4 copies each; at most 32 32-bit registers), else 1.
//  3. The grid shrinks: the launcher dispatches ceil(groups / C) workgroups
//     on x (manifest: `coarsen`). Copy k of an invocation computes the output
//     of original index g_k = g + k * G, G = invocations of the dispatched
//     grid (strided, so neighbouring invocations still access neighbouring
//     elements). The original grid size N travels as a hidden last scalar
//     argument (manifest: `original_grid_offset`); a copy whose g_k >= N did
//     not exist, and its guards (each scf.if that depends on the index gets
//     `and g_k < N`) skip all its effects. Copy 0 always exists (g < G <= N),
//     so ops that run once per invocation still run in an invocation that
//     existed.
//  4. Index-dependent pure ops and guards are cloned per copy (in copy
//     order; each copy's memory effects stay in program order, and copies of
//     different outputs touch different elements by the 1-D kernel's
//     contract, as invocations of the original grid do). The copies' loops
//     are jammed into one loop with the index-independent loop values once
//     and the others C times; ops that depend on no copy's values (the
//     shared reads) are emitted once. Each copy performs the same float
//     operations in the same order as its original invocation: results are
//     bit-identical.
//
//===----------------------------------------------------------------------===//
#include "passes/LoopVariance.h"
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
/// Arrays a loop must read for the cost model to coarsen: measured on an
/// NVIDIA H200 (bench/results/2026-11-30-h200-after-issue6.json), the naive DFT,
/// whose loop reads one array, ran 2x slower coarsened by 4 (its grid of
/// 32K invocations then no longer fills the GPU), while the imaging
/// kernels, whose loop reads four, ran 1.3-2.4x faster.
constexpr unsigned kMinSharedArrays = 2;

/// Whether `op` only reads memory (possibly nothing), its nested ops too.
bool onlyReads(Operation *op) {
  bool ok = true;
  op->walk([&](Operation *inner) {
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

/// 32-bit registers a value of `type` takes (index: 32-bit, as nvc's default).
unsigned registers(Type type) {
  if (type.isIntOrFloat())
    return std::max(1u, type.getIntOrFloatBitWidth() / 32);
  return 1;
}

/// The plan for one kernel: which top-level ops depend on the global id, and
/// the analysis of each loop to jam.
struct Plan {
  SmallVector<gpu::GlobalIdOp> globalIds;
  llvm::DenseSet<Operation *> dependent;
  std::map<Operation *, LoopVariance> loops;
  unsigned costModelFactor = 1;
};

/// Step 1: the plan, or nullopt when the kernel must be left alone.
std::optional<Plan> analyse(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return std::nullopt;
  Plan plan;
  bool ok = true;
  func.walk([&](Operation *op) {
    if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      if (id.getDimension() != gpu::Dimension::x || op->getParentOp() != func)
        ok = false;
      plan.globalIds.push_back(id);
      return;
    }
    if (op->getDialect() && op->getDialect()->getNamespace() == "gpu")
      ok = false; // ids, sizes, barriers, subgroup operations
    if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp, CallOpInterface>(op))
      ok = false;
    for (Value v : op->getOperands())
      ok &= !isWorkgroupMemory(v.getType());
    for (Value v : op->getResults())
      ok &= !isWorkgroupMemory(v.getType());
  });
  if (!ok || plan.globalIds.empty())
    return std::nullopt;

  Block &body = func.getBody().front();
  llvm::DenseSet<Value> dependentValues;
  for (gpu::GlobalIdOp id : plan.globalIds)
    dependentValues.insert(id.getResult());
  auto usesDependent = [&](Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        found |= dependentValues.contains(v);
    });
    return found;
  };
  unsigned readingLoopRegisters = 0;
  bool hasReadingLoop = false;
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
    if (isa<scf::IfOp>(op) || (isMemoryEffectFree(&op) && !op.getNumRegions()))
      continue;
    // A loop runs for every output, those that did not exist too: its trip
    // count must not depend on the output (a loop that ends only for some
    // indices could hang), and it must only read.
    auto loop = dyn_cast<scf::WhileOp>(op);
    if (!loop)
      return std::nullopt;
    LoopVariance variance =
        analyseLoopVariance(loop, [&](Value v) { return dependentValues.contains(v); });
    if (!variance.invariantControlAndReads)
      return std::nullopt;
    // The arrays the loop reads: what the copies would share.
    llvm::SmallPtrSet<void *, 4> readArrays;
    loop->walk([&](memref::LoadOp load) { readArrays.insert(load.getMemRef().getAsOpaquePointer()); });
    if (readArrays.size() >= kMinSharedArrays) {
      hasReadingLoop = true;
      unsigned regs = 0;
      for (BlockArgument arg : loop.getBefore().front().getArguments())
        if (variance.varying.contains(arg))
          regs += registers(arg.getType());
      readingLoopRegisters = std::max(readingLoopRegisters, regs);
    }
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
  Value g = gpu::GlobalIdOp::create(b, loc, gpu::Dimension::x);
  Value invocations = arith::MulIOp::create(b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::x),
                                              gpu::BlockDimOp::create(b, loc, gpu::Dimension::x));
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
    for (unsigned k = 0; k < copies; ++k) {
      auto guard = dyn_cast<scf::IfOp>(op);
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
  func->setAttr(abi::kCoarsenAttr, b.getI32IntegerAttr(copies));
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
