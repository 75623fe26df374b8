//===- CoarsenBarrierKernels.cpp - Merge Cx×Cy workgroups of a barrier kernel ===//
//
// Thread coarsening for kernels with shared memory and workgroup barriers
// (issue 25; CoarsenThreads.cpp handles the 1-D kernels without them). One
// dispatched workgroup (bx, by) does the work of the Cx × Cy neighbouring
// workgroups (Cx·bx + kx, Cy·by + ky): each invocation (local id t) runs the
// invocations t of them ("copies" k = kx + Cx·ky), the workgroup's shape
// unchanged. For fast_matmul (16×16 tiles, `x, y = cuda.grid(2)`) merged
// 4 × 4, A's tile sA is the same for the copies along x and each sA[ty, j]
// load serves four of them, sB's likewise along y: a 4×4 register block.
//  1. Eligibility (else the kernel is left alone, coarsen= ignored): a
//     single-block kernel with at least one gpu.barrier, not split at grid
//     barriers, not coarsened already, without dynamic shared memory; only
//     arith/math/complex/ub operations, scf.if/scf.while, memref.load/store,
//     memref.alloca, static workgroup arrays (memref.alloc at the top level,
//     used only as the array of loads and stores) and the gpu ids, sizes and
//     barrier (no subgroup or lane operations, atomics, calls or SPIR-V ops:
//     their meaning would change, or they are not worth the analysis). Every
//     barrier runs under control flow that is the same for all invocations
//     of the merged workgroup and all copies along x: no enclosing condition
//     or loop test depends on a local/global id, blockIdx.x, a load from
//     shared or private memory or from a buffer the kernel writes (a
//     divergent barrier is left alone, it is undefined behaviour before and
//     after). A barrier under control that depends on blockIdx.y rules out
//     merging along y only.
//  2. Copy variance along x and along y (two fixpoints over the kernel): a
//     value differs along x when it depends on blockIdx.x or cuda.grid's x,
//     on a private array, on a load from a buffer the kernel writes, on a
//     load from a shared array replicated along x, or is computed under such
//     control; along y the same with y's ids. A shared array is replicated
//     along an axis when some store to it differs along it (index, value or
//     control); otherwise the copies along it would store the same values at
//     the same places and one array serves them (fast_matmul's sA along x).
//     A value exists once per distinct copy along the axes it differs along:
//     along neither once, along x once per kx, along both once per copy.
//  3. The factors: the decorator's coarsen=, else --coarsen= (along x only),
//     else the cost model (analyse(); docs/optimisation.md has the
//     argument): merging along an axis pays when a loop loads a value that
//     is the same for the copies along it (a shared-array or read-only
//     buffer element) and feeds arithmetic that differs along it — the reuse
//     that saves shared-memory bandwidth; up to 4 along each such axis, the
//     most copies for which the loops' per-copy values (once per distinct
//     copy) fit 40 32-bit registers and the arrays 16 KiB (Vulkan's
//     guaranteed maxComputeSharedMemorySize), the wider merge along x among
//     equals; with no such reuse, 1.
//  4. The launch (manifest `coarsen` = Cx as CoarsenThreads, `coarsen_y` =
//     Cy): the launcher dispatches ceil(W / C) workgroups along each merged
//     axis and passes N = W × blockDim (the requested invocations along it)
//     as hidden last arguments, x's before y's. Along each merged axis, copy
//     index c of dispatched workgroup b is original workgroup C·b + c when
//     that is below W = N / blockDim; blockIdx, cuda.grid and gridDim (W)
//     along it are remapped per copy. Copy 0 always exists (C·b ≤
//     C·ceil(W/C) − C < W). A copy index that does not exist runs as copy 0
//     along that axis (same ids, so its loads read what an existing copy
//     reads and its loops run as long) with every store to a kernel argument
//     guarded by its existence along both axes: it has no effect outside its
//     own replicated arrays.
//  5. The rewrite: operations that no copy's values reach are emitted once
//     (the barriers, the ids, the shared arrays' stores and loads, read-only
//     loads at the same index); the others once per distinct copy of what
//     they touch, in copy order (a store that differs along one axis only is
//     made by the copies whose index along the other axis is 0: the others
//     would store the same values at the same places); ifs and loops whose
//     condition is the same for all copies are emitted once with their
//     results and loop values once per distinct copy (jammed) and their
//     bodies rewritten recursively; an if or loop whose condition differs
//     (no barrier inside, by 1.) is emitted whole once per distinct copy.
//     A replicated shared array's copies become one array with the copy
//     index innermost (interleave()).
// Why results are bit-identical: every copy executes the float operations
// of its original invocation on the same values in the same order (shared
// values are, by 2., the values each copy would have computed or loaded);
// only the interleaving of different original workgroups' memory accesses
// changes, which were unordered before (no synchronisation between
// workgroups), and each copy keeps its own program order. Barriers run once
// where each original workgroup ran one, at the same point of every copy.
//
//===----------------------------------------------------------------------===//
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
#include <mlir/Transforms/RegionUtils.h>

#include <algorithm>

#define DEBUG_TYPE "nvc-coarsen-barrier-kernels"

namespace nvc {
namespace {

using namespace mlir;

/// The cost model's largest factor along an axis whose copies reuse a loaded
/// value (docs/optimisation.md: for fast_matmul, shared-memory loads per
/// multiply-add fall from 2 to (Cx + Cy) / (Cx·Cy): 0.5 at 4 × 4; along x
/// alone 1.25 at 4, only 1.125 at 8 for twice the registers).
constexpr unsigned kDefaultFactor = 4;
/// 32-bit registers the C copies of the jammed loops' per-copy values (those
/// carried and those read from outside the loop) may take. Calibrated on the
/// H200 (2026-12-05, docs/benchmarks.md): imaging v6, 10 words per copy, ran
/// 1.4 times faster merged by 4 (40 words); v7 and v8, 21 words, 1.6 and 1.5
/// times slower.
constexpr unsigned kLoopValueRegisterBudget = 40;
/// Workgroup memory the coarsened kernel may take: Vulkan's guaranteed
/// minimum of maxComputeSharedMemorySize, so the cost model's choice runs on
/// every device (a coarsen= request may ask for more).
constexpr uint64_t kSharedMemoryBudget = 16384;

/// 32-bit registers (or 4-byte words) a value of `type` takes.
unsigned words(Type type) {
  if (type.isIntOrFloat())
    return std::max(1u, (type.getIntOrFloatBitWidth() + 31) / 32);
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * words(complex.getElementType());
  return 1;
}

/// Bytes of a static workgroup array.
uint64_t arrayBytes(MemRefType type) {
  Type element = type.getElementType();
  uint64_t itemBytes = element.isIntOrFloat() ? std::max(1u, element.getIntOrFloatBitWidth() / 8)
                                              : 4 * words(element);
  return itemBytes * type.getNumElements();
}

/// The ids whose value differs between the copies along `dim`: remapped per
/// copy when the kernel is merged along `dim`.
bool isRemappedId(Operation *op, gpu::Dimension dim) {
  if (auto id = dyn_cast<gpu::BlockIdOp>(op))
    return id.getDimension() == dim;
  if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
    return id.getDimension() == dim;
  if (auto size = dyn_cast<gpu::GridDimOp>(op))
    return size.getDimension() == dim;
  return false;
}

/// The ids that seed the variance along `dim`: the block and global ids
/// (gridDim is the same for all copies: the original grid's).
bool isCopyId(Operation *op, gpu::Dimension dim) {
  return isa<gpu::BlockIdOp, gpu::GlobalIdOp>(op) && isRemappedId(op, dim);
}

/// Step 1's list of operations the pass understands.
bool isSupported(Operation *op, func::FuncOp func) {
  if (Dialect *d = op->getDialect()) {
    StringRef ns = d->getNamespace();
    if (ns == "arith" || ns == "math" || ns == "complex" || ns == "ub")
      return true;
  }
  if (isa<scf::IfOp, scf::WhileOp, scf::YieldOp, scf::ConditionOp, func::ReturnOp,
          memref::LoadOp, memref::StoreOp, memref::AllocaOp>(op))
    return true;
  if (isa<gpu::ThreadIdOp, gpu::BlockDimOp, gpu::BlockIdOp, gpu::GridDimOp, gpu::GlobalIdOp,
          gpu::BarrierOp>(op))
    return true;
  if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
    if (!isWorkgroupMemory(alloc.getType()) || !alloc.getType().hasStaticShape() ||
        op->getParentOp() != func)
      return false;
    // Only as the array of a load or store: the copies' arrays are then
    // told apart by the rewrite's value maps.
    for (OpOperand &use : alloc->getUses()) {
      auto load = dyn_cast<memref::LoadOp>(use.getOwner());
      auto store = dyn_cast<memref::StoreOp>(use.getOwner());
      if (!(load && use.get() == load.getMemRef()) &&
          !(store && use.getOperandNumber() == store.getMemrefMutable().getOperandNumber()))
        return false;
    }
    return true;
  }
  return false;
}

/// Step 2: the values that may differ between copies (or, with `seed`
/// naming every invocation id, between invocations of a merged workgroup).
class Variance {
public:
  /// `seed(op)`: op's results vary by themselves. `storesReplicate`: a
  /// workgroup array stored to with a varying index or value, or under
  /// varying control, varies (is replicated) and so do its loads.
  Variance(func::FuncOp func, llvm::function_ref<bool(Operation *)> seed,
           ArrayRef<Value> initial, bool storesReplicate)
      : funcOp(func.getOperation()) {
    varying.insert(initial.begin(), initial.end());
    bool changed = true;
    auto mark = [&](Value v) { changed |= varying.insert(v).second; };
    while (changed) {
      changed = false;
      func.walk([&](Operation *op) {
        if (isa<scf::YieldOp, scf::ConditionOp, func::ReturnOp>(op))
          return;
        bool control = underVaryingControl(op);
        if (seed(op) || (control && !isa<memref::StoreOp>(op))) {
          for (Value r : op->getResults())
            mark(r);
          for (Region &region : op->getRegions())
            for (Block &block : region)
              for (BlockArgument a : block.getArguments())
                mark(a);
          return;
        }
        if (auto store = dyn_cast<memref::StoreOp>(op)) {
          if (storesReplicate && isWorkgroupMemory(store.getMemRef().getType()) &&
              (control || anyVarying(store->getOperands())))
            mark(store.getMemRef());
          return;
        }
        if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
          bool cond = isVarying(ifOp.getCondition());
          for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
            bool v = cond || isVarying(ifOp.thenYield().getOperand(i)) ||
                     (!ifOp.getElseRegion().empty() && isVarying(ifOp.elseYield().getOperand(i)));
            if (v)
              mark(ifOp.getResult(i));
          }
          return;
        }
        if (auto loop = dyn_cast<scf::WhileOp>(op)) {
          scf::ConditionOp condition = loop.getConditionOp();
          bool cond = isVarying(condition.getCondition());
          Block &before = loop.getBefore().front(), &after = loop.getAfter().front();
          for (unsigned i = 0; i < before.getNumArguments(); ++i)
            if (cond || isVarying(loop.getInits()[i]) ||
                isVarying(loop.getYieldOp().getOperand(i)))
              mark(before.getArgument(i));
          for (unsigned j = 0; j < after.getNumArguments(); ++j)
            if (cond || isVarying(condition.getArgs()[j])) {
              mark(after.getArgument(j));
              mark(loop.getResult(j));
            }
          return;
        }
        if (anyVarying(op->getOperands()))
          for (Value r : op->getResults())
            mark(r);
      });
    }
  }

  bool isVarying(Value v) const { return varying.contains(v); }

  bool anyVarying(ValueRange values) const {
    return llvm::any_of(values, [&](Value v) { return isVarying(v); });
  }

  /// Whether the condition of an if or loop is varying.
  bool hasVaryingControl(Operation *op) const {
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return isVarying(ifOp.getCondition());
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      return isVarying(loop.getConditionOp().getCondition());
    return false;
  }

  /// Whether some enclosing if or loop (up to the kernel) has a varying condition.
  bool underVaryingControl(Operation *op) const {
    for (Operation *p = op->getParentOp(); p && p != funcOp; p = p->getParentOp())
      if (hasVaryingControl(p))
        return true;
    return false;
  }

  /// Whether `op` or an operation nested in it uses or defines a varying value.
  bool touchesVarying(Operation *op) const {
    bool found = false;
    op->walk([&](Operation *inner) {
      found |= anyVarying(inner->getOperands()) || anyVarying(inner->getResults());
      for (Region &region : inner->getRegions())
        for (Block &block : region)
          for (BlockArgument a : block.getArguments())
            found |= isVarying(a);
    });
    return found;
  }

private:
  Operation *funcOp;
  llvm::DenseSet<Value> varying;
};

/// The kernel's array arguments that some store writes.
SmallVector<Value> writtenArguments(func::FuncOp func) {
  SmallVector<Value> written;
  func.walk([&](memref::StoreOp store) {
    if (auto arg = dyn_cast<BlockArgument>(store.getMemRef());
        arg && arg.getOwner()->getParentOp() == func && !llvm::is_contained(written, arg))
      written.push_back(arg);
  });
  return written;
}

/// Whether `store` writes a kernel argument (global memory).
bool storesArgument(memref::StoreOp store) {
  auto arg = dyn_cast<BlockArgument>(store.getMemRef());
  return arg && isa<func::FuncOp>(arg.getOwner()->getParentOp());
}

/// The merge: `x` × `y` original workgroups per dispatched workgroup.
struct Factors {
  unsigned x = 1, y = 1;
};

/// Along which axes a value (or operation) differs between copies.
struct CopyClass {
  bool x = false, y = false;
};

/// The class of `value` under the merge `f`: the merged axes (factor above
/// 1) along which it differs between copies.
CopyClass classOf(Value value, const Variance &vx, const Variance &vy, Factors f) {
  return {f.x > 1 && vx.isVarying(value), f.y > 1 && vy.isVarying(value)};
}

/// How many distinct copies of something of class `c` the merge `f` makes.
unsigned instances(CopyClass c, Factors f) { return (c.x ? f.x : 1) * (c.y ? f.y : 1); }

/// Steps 1-3: the copy variance along x and y and the cost model's factors,
/// or nullopt when the kernel must be left alone.
struct Plan {
  std::unique_ptr<Variance> alongX, alongY;
  Factors costModel;
  bool mayMergeY = true; // no barrier under control that differs along y
};

/// The 32-bit registers of one loop's per-copy values, by the axes they
/// differ along (step 3).
struct LoopWords {
  unsigned onlyX = 0, onlyY = 0, both = 0;

  /// Registers with `f` copies: a value differing along an axis merged by
  /// a factor above 1 takes one register per distinct copy; values the
  /// merge does not multiply are not counted (as in the 1-D model the
  /// budget was calibrated with).
  unsigned registers(Factors f) const {
    unsigned fx = f.x > 1 ? f.x : 0, fy = f.y > 1 ? f.y : 0;
    unsigned bothCopies = fx && fy ? fx * fy : fx + fy;
    return onlyX * fx + onlyY * fy + both * bothCopies;
  }
};

/// Whether some load in `loop` that is the same for all copies along the
/// axis of `v` reaches arithmetic that differs along it (through
/// conversions and other shared arithmetic: int32 products computed in
/// int64): the reuse that merging along that axis buys.
bool loopReuses(scf::WhileOp loop, const Variance &v) {
  bool reuse = false;
  loop.getAfter().walk([&](memref::LoadOp load) {
    if (v.isVarying(load.getResult()) || v.underVaryingControl(load))
      return;
    SmallVector<Value> work{load.getResult()};
    llvm::DenseSet<Value> seen;
    while (!work.empty() && !reuse) {
      Value value = work.pop_back_val();
      if (!seen.insert(value).second)
        continue;
      for (Operation *user : value.getUsers()) {
        reuse |= v.anyVarying(user->getResults());
        if (user->getNumRegions() == 0)
          work.append(user->result_begin(), user->result_end());
      }
    }
  });
  return reuse;
}

std::optional<Plan> analyse(func::FuncOp func) {
  if (!func.getBody().hasOneBlock() || func->hasAttr(abi::kDynamicSharedArgAttr))
    return std::nullopt;
  bool supported = true, hasBarrier = false;
  func.walk([&](Operation *op) {
    supported &= op == func.getOperation() || isSupported(op, func);
    hasBarrier |= isa<gpu::BarrierOp>(op);
  });
  if (!supported || !hasBarrier)
    return std::nullopt;

  SmallVector<Value> written = writtenArguments(func);
  // Step 1's barrier test: what differs between the invocations of the merged
  // workgroup (any id, every load from memory that invocations write).
  Variance divergence(
      func,
      [](Operation *op) {
        return isa<gpu::ThreadIdOp, gpu::GlobalIdOp, memref::AllocaOp, memref::AllocOp>(op) ||
               (isa<gpu::BlockIdOp>(op) && isRemappedId(op, gpu::Dimension::x));
      },
      written, /*storesReplicate=*/false);
  bool divergentBarrier = false;
  func.walk([&](gpu::BarrierOp barrier) {
    divergentBarrier |= divergence.underVaryingControl(barrier);
  });
  if (divergentBarrier)
    return std::nullopt;

  Plan plan;
  auto copyVariance = [&](gpu::Dimension dim) {
    return std::make_unique<Variance>(
        func,
        [dim](Operation *op) { return isa<memref::AllocaOp>(op) || isCopyId(op, dim); },
        written, /*storesReplicate=*/true);
  };
  plan.alongX = copyVariance(gpu::Dimension::x);
  plan.alongY = copyVariance(gpu::Dimension::y);
  const Variance &vx = *plan.alongX, &vy = *plan.alongY;
  // A barrier under per-copy control would run once per copy: excluded above
  // along x, as per-copy control is divergent control; checked again for
  // safety. Along y (blockIdx.y is the same within a workgroup) it only rules
  // out merging along y.
  bool perCopyBarrier = false;
  func.walk([&](gpu::BarrierOp barrier) {
    perCopyBarrier |= vx.underVaryingControl(barrier);
    plan.mayMergeY &= !vy.underVaryingControl(barrier);
  });
  if (perCopyBarrier)
    return std::nullopt;

  // Step 3: reuse across copies, and the registers of the jammed loops.
  bool reuseX = false, reuseY = false;
  SmallVector<LoopWords> loops;
  func.walk([&](scf::WhileOp loop) {
    if (vx.hasVaryingControl(loop) || vx.underVaryingControl(loop))
      return;
    bool jammedAlongY = !vy.hasVaryingControl(loop) && !vy.underVaryingControl(loop);
    // The per-copy values the loop carries, their initial values, and the
    // values it reads from outside (live throughout it, as the promoted
    // private arrays of a kernel that already computes several outputs per
    // invocation: imaging v7 and v8, which ran 1.6 and 1.5 times slower
    // merged by 4 on the H200). The budget was calibrated with the initial
    // values counted too; without them v7 and v8 would get 2, not measured.
    LoopWords w;
    auto count = [&](Value value) {
      bool x = vx.isVarying(value), y = vy.isVarying(value);
      if (x || y)
        (x && y ? w.both : x ? w.onlyX : w.onlyY) += words(value.getType());
    };
    for (BlockArgument arg : loop.getBefore().front().getArguments())
      count(arg);
    llvm::SetVector<Value> outside(loop->operand_begin(), loop->operand_end());
    getUsedValuesDefinedAbove(loop->getRegions(), outside);
    for (Value value : outside)
      count(value);
    loops.push_back(w);
    reuseX |= loopReuses(loop, vx);
    reuseY |= jammedAlongY && loopReuses(loop, vy);
  });
  if (!plan.mayMergeY)
    reuseY = false;

  // The arrays: shared ones once, replicated ones once per distinct copy.
  auto sharedBytes = [&](Factors f) {
    uint64_t bytes = 0;
    for (Operation &op : func.getBody().front())
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        bytes += instances(classOf(alloc, vx, vy, f), f) * arrayBytes(alloc.getType());
    return bytes;
  };
  // The most copies that fit both budgets; among equals the wider merge
  // along x (the 1-D merge the budget was calibrated with).
  for (unsigned fy = 1; fy <= (reuseY ? kDefaultFactor : 1); ++fy)
    for (unsigned fx = 1; fx <= (reuseX ? kDefaultFactor : 1); ++fx) {
      Factors f{fx, fy};
      bool fits = sharedBytes(f) <= kSharedMemoryBudget &&
                  llvm::all_of(loops, [&](const LoopWords &w) {
                    return w.registers(f) <= kLoopValueRegisterBudget;
                  });
      unsigned best = plan.costModel.x * plan.costModel.y;
      if (fits && (fx * fy > best || (fx * fy == best && fx > plan.costModel.x)))
        plan.costModel = f;
    }
  return plan;
}

/// Steps 4 and 5 for one kernel. Copy k is the original workgroup
/// (kx, ky) = (k mod Cx, k div Cx) of the merged block; a value that differs
/// only along x exists once per kx (copies (kx, ·) share it), one that differs
/// only along y once per ky, one that is the same for all once.
class Rewriter {
public:
  Rewriter(const Variance &alongX, const Variance &alongY, Factors factors)
      : vx(alongX), vy(alongY), f(factors), copies(f.x * f.y), maps(copies), exists(copies) {}

  void run(func::FuncOp func) {
    Block &body = func.getBody().front();
    Location loc = func.getLoc();
    // The requested invocations along each merged axis: hidden last
    // arguments, x's before y's.
    Value requestedX, requestedY;
    auto hidden = [&]() {
      unsigned index = func.getNumArguments();
      (void)func.insertArgument(index, IndexType::get(func.getContext()), {}, loc);
      return body.getArgument(index);
    };
    if (f.x > 1)
      requestedX = hidden();
    if (f.y > 1)
      requestedY = hidden();

    // The ids remapped per copy may sit in nested regions: they move to the
    // entry (they have no operands), so that an if or loop cloned whole for
    // a copy uses the copy's value through the value maps.
    SmallVector<Operation *> ids;
    func.walk([&](Operation *op) {
      if (remappedDimension(op))
        ids.push_back(op);
    });
    for (Operation *op : ids)
      op->moveBefore(&body, body.begin());
    SmallVector<Operation *> originals;
    for (Operation &op : body.without_terminator())
      originals.push_back(&op);

    OpBuilder b = OpBuilder::atBlockBegin(&body);
    Axis ax, ay;
    if (f.x > 1)
      ax = axis(b, loc, gpu::Dimension::x, f.x, requestedX, ids);
    if (f.y > 1)
      ay = axis(b, loc, gpu::Dimension::y, f.y, requestedY, ids);
    for (unsigned k = 1; k < copies; ++k) {
      Value ex = f.x > 1 ? ax.exists[k % f.x] : Value();
      Value ey = f.y > 1 ? ay.exists[k / f.x] : Value();
      exists[k] = ex && ey ? arith::AndIOp::create(b, loc, ex, ey).getResult() : ex ? ex : ey;
    }
    for (Operation *op : ids) {
      std::optional<gpu::Dimension> dim = remappedDimension(op);
      const Axis &a = *dim == gpu::Dimension::x ? ax : ay;
      for (unsigned k = 0; k < copies; ++k) {
        unsigned c = *dim == gpu::Dimension::x ? k % f.x : k / f.x;
        Value to = isa<gpu::BlockIdOp>(op)    ? a.blockIds[c]
                   : isa<gpu::GlobalIdOp>(op) ? a.globalIds[c]
                                              : a.groups;
        maps[k].map(op->getResult(0), to);
      }
      remapped.insert(op);
    }

    // The replicated arrays' further copies, for the manifest's
    // shared_memory_bytes.
    uint64_t added = 0;
    for (Operation *op : originals)
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        added += (instances(classOf(alloc.getResult())) - 1) * arrayBytes(alloc.getType());

    b.setInsertionPoint(body.getTerminator());
    for (Operation *op : originals)
      emit(*op, b);
    for (Operation *op : llvm::reverse(originals))
      op->erase();
    for (SmallVector<memref::AllocOp> &arrays : replicatedArrays)
      interleave(arrays);
    if (f.x > 1)
      func->setAttr(abi::kCoarsenAttr, b.getI32IntegerAttr(f.x));
    if (f.y > 1)
      func->setAttr(abi::kCoarsenYAttr, b.getI32IntegerAttr(f.y));
    if (added) {
      if (auto earlier = func->getAttrOfType<IntegerAttr>(abi::kStagedSharedBytesAttr))
        added += earlier.getInt();
      func->setAttr(abi::kStagedSharedBytesAttr, b.getI64IntegerAttr(added));
    }
  }

private:
  /// One merged axis: the original workgroups W along it (N / blockDim),
  /// and per copy index c its workgroup F·b + c (or b·F's where that is at
  /// or past W), global id, and whether it exists.
  struct Axis {
    Value groups;
    SmallVector<Value> blockIds, globalIds, exists;
  };

  Axis axis(OpBuilder &b, Location loc, gpu::Dimension dim, unsigned factor, Value requested,
            ArrayRef<Operation *> ids) {
    Axis a;
    Value blockDim = gpu::BlockDimOp::create(b, loc, dim);
    a.groups = arith::DivUIOp::create(b, loc, requested, blockDim);
    Value first = arith::MulIOp::create(b, loc, gpu::BlockIdOp::create(b, loc, dim),
                                        arith::ConstantIndexOp::create(b, loc, factor));
    bool needsGlobalId = llvm::any_of(ids, [&](Operation *op) {
      auto id = dyn_cast<gpu::GlobalIdOp>(op);
      return id && id.getDimension() == dim;
    });
    Value threadId;
    if (needsGlobalId)
      threadId = gpu::ThreadIdOp::create(b, loc, dim);
    a.blockIds.assign(factor, first);
    a.globalIds.resize(factor);
    a.exists.resize(factor);
    for (unsigned c = 0; c < factor; ++c) {
      if (c) {
        Value id = arith::AddIOp::create(b, loc, first, arith::ConstantIndexOp::create(b, loc, c));
        a.exists[c] = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, a.groups);
        // A copy past the grid runs as copy 0 (its stores are guarded).
        a.blockIds[c] = arith::SelectOp::create(b, loc, a.exists[c], id, first);
      }
      if (needsGlobalId)
        a.globalIds[c] = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, a.blockIds[c], blockDim), threadId);
    }
    return a;
  }

  /// The axis along which `op`, an id, is remapped (none: the same for all).
  std::optional<gpu::Dimension> remappedDimension(Operation *op) const {
    if (f.x > 1 && isRemappedId(op, gpu::Dimension::x))
      return gpu::Dimension::x;
    if (f.y > 1 && isRemappedId(op, gpu::Dimension::y))
      return gpu::Dimension::y;
    return std::nullopt;
  }

  /// Along which merged axes a value differs between copies.
  CopyClass classOf(Value value) const { return nvc::classOf(value, vx, vy, f); }
  /// ... an operation or one nested in it uses or defines such a value.
  CopyClass classOf(Operation *op) const {
    return {f.x > 1 && vx.touchesVarying(op), f.y > 1 && vy.touchesVarying(op)};
  }
  /// ... the condition of an if or loop differs.
  CopyClass controlOf(Operation *op) const {
    return {f.x > 1 && vx.hasVaryingControl(op), f.y > 1 && vy.hasVaryingControl(op)};
  }
  /// The copy whose instance copy k uses for something of class `c`: k's
  /// index along the axes c differs along, 0 along the others.
  unsigned representative(unsigned k, CopyClass c) const {
    return (c.x ? k % f.x : 0) + f.x * (c.y ? k / f.x : 0);
  }
  unsigned instances(CopyClass c) const { return nvc::instances(c, f); }

  void emitBlock(Block &block, OpBuilder &b) {
    for (Operation &op : block.without_terminator())
      emit(op, b);
  }

  /// Step 5 for one operation, at `b`.
  void emit(Operation &op, OpBuilder &b) {
    if (remapped.contains(&op))
      return;
    CopyClass c = classOf(&op);
    if (!c.x && !c.y) {
      Operation *once = b.clone(op, maps[0]);
      for (unsigned k = 1; k < copies; ++k)
        maps[k].map(op.getResults(), once->getResults());
      return;
    }
    CopyClass control = controlOf(&op);
    if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && !control.x && !control.y)
      return jamIf(ifOp, b);
    if (auto loop = dyn_cast<scf::WhileOp>(op); loop && !control.x && !control.y)
      return jamWhile(loop, b);
    // Once per distinct copy; the others use their representative's results
    // (and its stores: those would store the same values at the same places).
    SmallVector<Operation *> clones(copies);
    SmallVector<memref::AllocOp> arrays;
    for (unsigned k = 0; k < copies; ++k) {
      unsigned r = representative(k, c); // r <= k: cloned already
      if (r != k) {
        maps[k].map(op.getResults(), clones[r]->getResults());
        continue;
      }
      clones[k] = b.clone(op, maps[k]);
      if (auto array = dyn_cast<memref::AllocOp>(clones[k]))
        arrays.push_back(array);
      if (exists[k])
        guardStores(clones[k], exists[k]);
    }
    if (!arrays.empty())
      replicatedArrays.push_back(std::move(arrays));
  }

  /// One array for the copies `arrays` of a replicated workgroup array, the
  /// copy index innermost: copy s's element [i...] is element [i..., s].
  /// Where the copies read the same index together (fast_matmul's sB[j, tx]
  /// for the 4 copies along x, each copy's multiply-add following the
  /// other's), their elements are adjacent and the loads can be one vector
  /// load (4 × f32: one ld.shared.v4 for 4 scalar loads); each copy's
  /// elements and order of accesses are unchanged. Measured on the H100
  /// (docs/benchmarks.md, 2026-12-05, third session): fast_matmul 4096²
  /// merged 4 × 4 took 6.90 ms against 7.24 with the copies' arrays apart
  /// (31 % of the fp32 FMA ceiling against 29 %), but 5.42 against 5.22 ms
  /// with --fp-contract=fast.
  static void interleave(MutableArrayRef<memref::AllocOp> arrays) {
    MemRefType type = arrays.front().getType();
    if (!type.getLayout().isIdentity())
      return;
    SmallVector<int64_t> shape(type.getShape());
    shape.push_back(arrays.size());
    auto combinedType = MemRefType::get(shape, type.getElementType(), AffineMap(),
                                        type.getMemorySpace());
    OpBuilder b(arrays.front());
    Location loc = arrays.front().getLoc();
    Value combined = memref::AllocOp::create(b, loc, combinedType).getResult();
    for (auto [slot, array] : llvm::enumerate(arrays)) {
      // Step 1: a workgroup array is used only as the array of loads and
      // stores.
      for (OpOperand &use : llvm::make_early_inc_range(array->getUses())) {
        Operation *user = use.getOwner();
        OpBuilder ub(user);
        Value s = arith::ConstantIndexOp::create(ub, loc, slot);
        use.set(combined);
        if (auto load = dyn_cast<memref::LoadOp>(user))
          load.getIndicesMutable().append(s);
        else
          cast<memref::StoreOp>(user).getIndicesMutable().append(s);
      }
      array->erase();
    }
  }

  /// Wraps each store of `root` to a kernel argument in `if (exists)`.
  void guardStores(Operation *root, Value exists) {
    SmallVector<memref::StoreOp> stores;
    root->walk([&](memref::StoreOp store) {
      if (storesArgument(store))
        stores.push_back(store);
    });
    for (memref::StoreOp store : stores) {
      OpBuilder b(store);
      auto guard = scf::IfOp::create(b, store.getLoc(), exists, /*withElseRegion=*/false);
      store->moveBefore(guard.thenBlock()->getTerminator());
    }
  }

  using ClassOf = llvm::function_ref<CopyClass(unsigned)>;

  /// Values in the jammed order: each of `original` once per distinct copy
  /// of its class `classOf(i)` (the position's result or block argument).
  SmallVector<Value> jammed(ValueRange original, ClassOf classOf) {
    SmallVector<Value> out;
    for (unsigned i = 0; i < original.size(); ++i) {
      CopyClass c = classOf(i);
      for (unsigned k = 0; k < copies; ++k)
        if (representative(k, c) == k)
          out.push_back(maps[k].lookupOrDefault(original[i]));
    }
    return out;
  }
  SmallVector<Type> jammedTypes(TypeRange types, ClassOf classOf) {
    SmallVector<Type> out;
    for (unsigned i = 0; i < types.size(); ++i)
      out.append(instances(classOf(i)), types[i]);
    return out;
  }
  /// Maps `original` (results or block arguments) to the jammed `values`.
  void mapJammed(ValueRange original, ValueRange values, ClassOf classOf) {
    unsigned pos = 0;
    for (unsigned i = 0; i < original.size(); ++i) {
      CopyClass c = classOf(i);
      SmallVector<Value> instance(copies);
      for (unsigned k = 0; k < copies; ++k) {
        unsigned r = representative(k, c);
        if (r == k)
          instance[k] = values[pos++];
        maps[k].map(original[i], instance[r]);
      }
    }
  }

  /// An if whose condition is the same for all copies: once, its per-copy
  /// results once per distinct copy, its branches rewritten.
  void jamIf(scf::IfOp op, OpBuilder &b) {
    auto resultClass = [&](unsigned i) { return classOf(op.getResult(i)); };
    bool hasElse = !op.getElseRegion().empty();
    auto jam = scf::IfOp::create(b, op.getLoc(), jammedTypes(op.getResultTypes(), resultClass),
                                 maps[0].lookupOrDefault(op.getCondition()), hasElse);
    auto branch = [&](Block &from, Block *into) {
      while (!into->empty())
        into->back().erase();
      OpBuilder ib = OpBuilder::atBlockEnd(into);
      emitBlock(from, ib);
      auto yield = cast<scf::YieldOp>(from.getTerminator());
      scf::YieldOp::create(ib, yield.getLoc(), jammed(yield.getOperands(), resultClass));
    };
    branch(*op.thenBlock(), jam.thenBlock());
    if (hasElse)
      branch(*op.elseBlock(), jam.elseBlock());
    mapJammed(op.getResults(), jam.getResults(), resultClass);
  }

  /// A loop whose condition is the same for all copies: one loop carrying
  /// the shared values once and the per-copy ones once per distinct copy.
  void jamWhile(scf::WhileOp loop, OpBuilder &b) {
    Block &before = loop.getBefore().front(), &after = loop.getAfter().front();
    auto beforeClass = [&](unsigned i) { return classOf(before.getArgument(i)); };
    auto afterClass = [&](unsigned i) { return classOf(after.getArgument(i)); };
    SmallVector<Value> inits = jammed(loop.getInits(), beforeClass);
    SmallVector<Type> resultTypes = jammedTypes(after.getArgumentTypes(), afterClass);
    auto jam = scf::WhileOp::create(b, loop.getLoc(), resultTypes, inits, nullptr, nullptr);

    mapJammed(before.getArguments(), jam.getBeforeBody()->getArguments(), beforeClass);
    OpBuilder cb = OpBuilder::atBlockEnd(jam.getBeforeBody());
    emitBlock(before, cb);
    scf::ConditionOp cond = loop.getConditionOp();
    scf::ConditionOp::create(cb, cond.getLoc(), maps[0].lookupOrDefault(cond.getCondition()),
                             jammed(cond.getArgs(), afterClass));

    mapJammed(after.getArguments(), jam.getAfterBody()->getArguments(), afterClass);
    OpBuilder yb = OpBuilder::atBlockEnd(jam.getAfterBody());
    emitBlock(after, yb);
    scf::YieldOp yield = loop.getYieldOp();
    scf::YieldOp::create(yb, yield.getLoc(), jammed(yield.getOperands(), beforeClass));

    mapJammed(loop.getResults(), jam.getResults(), afterClass);
  }

  const Variance &vx, &vy;
  Factors f;
  unsigned copies;
  SmallVector<IRMapping> maps;
  SmallVector<Value> exists; // per copy; null for copies that always exist
  llvm::DenseSet<Operation *> remapped;
  /// Per replicated workgroup array, its copies in copy order.
  SmallVector<SmallVector<memref::AllocOp>> replicatedArrays;
};

struct CoarsenBarrierKernelsPass
    : public PassWrapper<CoarsenBarrierKernelsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CoarsenBarrierKernelsPass)
  CoarsenBarrierKernelsPass() = default;
  CoarsenBarrierKernelsPass(const CoarsenBarrierKernelsPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "CoarsenBarrierKernels"; }
  StringRef getArgument() const override { return "nvc-coarsen-barrier-kernels"; }
  StringRef getDescription() const override {
    return "Merge Cx x Cy workgroups of a kernel with shared memory and barriers into one";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect, gpu::GPUDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A kernel split at grid barriers keeps one invocation per state slot
    // (SplitGridBarriers.cpp); one coarsened already has its hidden argument.
    if (!func->hasAttr(abi::kKernelAttr) || func->hasAttr(abi::kGridSyncArgAttr) ||
        func->hasAttr(abi::kCoarsenAttr) || func->hasAttr(abi::kCoarsenYAttr))
      return;
    unsigned requested = factor;
    if (auto attr = func->getAttrOfType<IntegerAttr>(abi::kCoarsenRequestAttr))
      requested = attr.getInt();
    if (requested == 1)
      return;
    std::optional<Plan> plan = analyse(func);
    if (!plan)
      return;
    // coarsen= and --coarsen merge along x only.
    Factors factors = requested ? Factors{requested, 1} : plan->costModel;
    if (factors.x * factors.y > 1)
      Rewriter(*plan->alongX, *plan->alongY, factors).run(func);
  }

  Option<unsigned> factor{*this, "factor",
                          llvm::cl::desc("workgroups merged into one for kernels without "
                                         "coarsen= (0: the cost model; 1: off, as --coarsen)"),
                          llvm::cl::init(0)};
};

} // namespace

std::unique_ptr<Pass> createCoarsenBarrierKernelsPass(unsigned factor) {
  auto pass = std::make_unique<CoarsenBarrierKernelsPass>();
  pass->factor = factor;
  return pass;
}

} // namespace nvc
