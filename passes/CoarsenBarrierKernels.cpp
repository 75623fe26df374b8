//===- CoarsenBarrierKernels.cpp - Merge C workgroups of a barrier kernel ===//
//
// Thread coarsening for kernels with shared memory and workgroup barriers
// (issue 25; CoarsenThreads.cpp handles the 1-D kernels without them). One
// dispatched workgroup does the work of C neighbouring workgroups along x:
// each invocation (local id t) runs the invocations t of the original
// workgroups C·b, C·b+1, …, C·b+C−1 ("copies" 0 … C−1), the workgroup's
// shape unchanged. For fast_matmul (16×16 tiles, `x, y = cuda.grid(2)`) the
// copies share y, so A's tile (sA) and each sA[ty, j] load serve C outputs,
// while sB is replicated per copy: a 1×C register block along a row of C.
//  1. Eligibility (else the kernel is left alone, coarsen= ignored): a
//     single-block kernel with at least one gpu.barrier, not split at grid
//     barriers, not coarsened already, without dynamic shared memory; only
//     arith/math/complex/ub operations, scf.if/scf.while, memref.load/store,
//     memref.alloca, static workgroup arrays (memref.alloc at the top level,
//     used only as the array of loads and stores) and the gpu ids, sizes and
//     barrier (no subgroup or lane operations, atomics, calls or SPIR-V ops:
//     their meaning would change, or they are not worth the analysis). Every
//     barrier runs under control flow that is the same for all invocations
//     of the merged workgroup and all copies: no enclosing condition or loop
//     test depends on a local/global id, blockIdx.x, a load from shared or
//     private memory or from a buffer the kernel writes (a divergent barrier
//     is left alone, it is undefined behaviour before and after).
//  2. Copy variance (a fixpoint over the kernel): a value is per copy when
//     it depends on blockIdx.x or cuda.grid's x, on a private array, on a
//     load from a buffer the kernel writes, on a load from a replicated
//     shared array, or is computed under per-copy control. A shared array is
//     replicated (C arrays) when some store to it is per copy (index, value
//     or control); otherwise the copies would store the same values at the
//     same places and one array serves them all (fast_matmul's sA).
//  3. The factor C: the decorator's coarsen=, else --coarsen=, else the cost
//     model (below; docs/optimisation.md has the argument): 4 when a loop
//     loads a value that is the same for all copies (a shared-array or
//     read-only-buffer element) and feeds per-copy arithmetic — the reuse
//     that saves shared-memory bandwidth — reduced so that the C copies of
//     the loops' per-copy values fit 40 32-bit registers and the arrays fit
//     16 KiB (Vulkan's guaranteed maxComputeSharedMemorySize); else 1.
//  4. The launch (manifest `coarsen` = C, as CoarsenThreads): the launcher
//     dispatches ceil(W / C) workgroups along x and passes N = W × blockDim.x
//     (the requested invocations along x) as a hidden last argument. Copy k
//     of dispatched workgroup b is original workgroup C·b + k when that is
//     below W = N / blockDim.x; blockIdx.x, cuda.grid's x and gridDim.x (W)
//     are remapped per copy. Copy 0 always exists (C·b ≤ C·ceil(W/C) − C <
//     W). A copy that does not exist runs as a duplicate of copy 0 (same ids,
//     so its loads read what copy 0 reads and its loops run as long) with
//     every store to a kernel argument guarded by `C·b + k < W`: it has no
//     effect outside its own replicated arrays.
//  5. The rewrite: operations that no copy's values reach are emitted once
//     (the barriers, the ids, the shared arrays' stores and loads, read-only
//     loads at the same index); per-copy operations C times in copy order;
//     ifs and loops whose condition is the same for all copies are emitted
//     once with their per-copy results and loop values C times (jammed) and
//     their bodies rewritten recursively; an if or loop whose condition is
//     per copy (no barrier inside, by 1.) is emitted C times whole.
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

/// The cost model's factor for a kernel whose loops reuse a value across
/// copies (docs/optimisation.md: for fast_matmul, shared-memory loads per
/// multiply-add fall from 2 to (1 + C) / C; 4 gives 1.25, 8 only 1.125 for
/// twice the registers and a quarter of the workgroups).
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

/// The ids whose value differs between the copies: remapped per copy.
bool isRemappedId(Operation *op) {
  if (auto id = dyn_cast<gpu::BlockIdOp>(op))
    return id.getDimension() == gpu::Dimension::x;
  if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
    return id.getDimension() == gpu::Dimension::x;
  if (auto dim = dyn_cast<gpu::GridDimOp>(op))
    return dim.getDimension() == gpu::Dimension::x;
  return false;
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

/// Steps 1-3: the copy variance and the cost model's factor, or nullopt
/// when the kernel must be left alone.
struct Plan {
  std::unique_ptr<Variance> copies;
  unsigned costModelFactor = 1;
  uint64_t sharedBytes = 0;     // arrays the copies share
  uint64_t replicatedBytes = 0; // per copy
};

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
               (isa<gpu::BlockIdOp>(op) && isRemappedId(op));
      },
      written, /*storesReplicate=*/false);
  bool divergentBarrier = false;
  func.walk([&](gpu::BarrierOp barrier) {
    divergentBarrier |= divergence.underVaryingControl(barrier);
  });
  if (divergentBarrier)
    return std::nullopt;

  Plan plan;
  plan.copies = std::make_unique<Variance>(
      func,
      [](Operation *op) {
        // gridDim.x is the same for all copies (the original grid's).
        return isa<memref::AllocaOp>(op) ||
               ((isa<gpu::BlockIdOp>(op) || isa<gpu::GlobalIdOp>(op)) && isRemappedId(op));
      },
      written, /*storesReplicate=*/true);
  const Variance &v = *plan.copies;
  // A barrier under per-copy control would run C times: excluded above, as
  // per-copy control is divergent control. Checked again for safety.
  bool perCopyBarrier = false;
  func.walk([&](gpu::BarrierOp barrier) { perCopyBarrier |= v.underVaryingControl(barrier); });
  if (perCopyBarrier)
    return std::nullopt;

  for (Operation &op : func.getBody().front())
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      (v.isVarying(alloc) ? plan.replicatedBytes : plan.sharedBytes) += arrayBytes(alloc.getType());

  // Step 3: reuse across copies, and the registers of the jammed loops.
  bool reuse = false;
  unsigned loopRegisters = 0;
  func.walk([&](scf::WhileOp loop) {
    if (v.hasVaryingControl(loop) || v.underVaryingControl(loop))
      return;
    // The per-copy values the loop carries, their initial values, and the
    // values it reads from outside (live throughout it, as the promoted
    // private arrays of a kernel that already computes several outputs per
    // invocation: imaging v7 and v8, which ran 1.6 and 1.5 times slower
    // merged by 4 on the H200). The budget was calibrated with the initial
    // values counted too; without them v7 and v8 would get 2, not measured.
    unsigned regs = 0;
    for (BlockArgument arg : loop.getBefore().front().getArguments())
      if (v.isVarying(arg))
        regs += words(arg.getType());
    llvm::SetVector<Value> outside(loop->operand_begin(), loop->operand_end());
    getUsedValuesDefinedAbove(loop->getRegions(), outside);
    for (Value value : outside)
      if (v.isVarying(value))
        regs += words(value.getType());
    loopRegisters = std::max(loopRegisters, regs);
    loop.getAfter().walk([&](memref::LoadOp load) {
      if (v.isVarying(load.getResult()) || v.underVaryingControl(load))
        return;
      // Through conversions and other shared arithmetic (int32 products
      // computed in int64) to the first per-copy use.
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
  });
  if (reuse) {
    unsigned factor =
        std::clamp(kLoopValueRegisterBudget / std::max(1u, loopRegisters), 1u, kDefaultFactor);
    while (factor > 1 && plan.sharedBytes + factor * plan.replicatedBytes > kSharedMemoryBudget)
      --factor;
    plan.costModelFactor = factor;
  }
  return plan;
}

/// Steps 4 and 5 for one kernel.
class Rewriter {
public:
  Rewriter(const Variance &variance, unsigned copies)
      : v(variance), copies(copies), maps(copies), exists(copies) {}

  /// Rewrites `func`; `replicatedBytes`: bytes of the arrays replicated per
  /// copy, whose C - 1 further copies the manifest's shared_memory_bytes
  /// must count.
  void run(func::FuncOp func, uint64_t replicatedBytes) {
    Block &body = func.getBody().front();
    Location loc = func.getLoc();
    // The requested invocations along x: a hidden last argument.
    unsigned gridArg = func.getNumArguments();
    (void)func.insertArgument(gridArg, IndexType::get(func.getContext()), {}, loc);
    Value requested = body.getArgument(gridArg);

    // The ids remapped per copy may sit in nested regions: they move to the
    // entry (they have no operands), so that an if or loop cloned whole for
    // a copy uses the copy's value through the value maps.
    SmallVector<Operation *> ids;
    func.walk([&](Operation *op) {
      if (isRemappedId(op))
        ids.push_back(op);
    });
    for (Operation *op : ids)
      op->moveBefore(&body, body.begin());
    SmallVector<Operation *> originals;
    for (Operation &op : body.without_terminator())
      originals.push_back(&op);

    OpBuilder b = OpBuilder::atBlockBegin(&body);
    Value blockDim = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
    Value groups = arith::DivUIOp::create(b, loc, requested, blockDim);
    Value first = arith::MulIOp::create(b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                                        arith::ConstantIndexOp::create(b, loc, copies));
    bool needsGlobalId = llvm::any_of(ids, [](Operation *op) { return isa<gpu::GlobalIdOp>(op); });
    Value threadId;
    if (needsGlobalId)
      threadId = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    SmallVector<Value> blockIds(copies), globalIds(copies);
    for (unsigned k = 0; k < copies; ++k) {
      blockIds[k] = first;
      if (k) {
        Value id = arith::AddIOp::create(b, loc, first, arith::ConstantIndexOp::create(b, loc, k));
        exists[k] = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, groups);
        // A copy past the grid runs as copy 0 (its stores are guarded).
        blockIds[k] = arith::SelectOp::create(b, loc, exists[k], id, first);
      }
      if (needsGlobalId)
        globalIds[k] = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, blockIds[k], blockDim), threadId);
    }
    for (Operation *op : ids)
      for (unsigned k = 0; k < copies; ++k) {
        Value to = isa<gpu::BlockIdOp>(op)    ? blockIds[k]
                   : isa<gpu::GlobalIdOp>(op) ? globalIds[k]
                                              : groups;
        maps[k].map(op->getResult(0), to);
        remapped.insert(op);
      }

    b.setInsertionPoint(body.getTerminator());
    for (Operation *op : originals)
      emit(*op, b);
    for (Operation *op : llvm::reverse(originals))
      op->erase();
    func->setAttr(abi::kCoarsenAttr, b.getI32IntegerAttr(copies));
    if (uint64_t added = (copies - 1) * replicatedBytes) {
      if (auto earlier = func->getAttrOfType<IntegerAttr>(abi::kStagedSharedBytesAttr))
        added += earlier.getInt();
      func->setAttr(abi::kStagedSharedBytesAttr, b.getI64IntegerAttr(added));
    }
  }

private:
  void emitBlock(Block &block, OpBuilder &b) {
    for (Operation &op : block.without_terminator())
      emit(op, b);
  }

  /// Step 5 for one operation, at `b`.
  void emit(Operation &op, OpBuilder &b) {
    if (remapped.contains(&op))
      return;
    if (!v.touchesVarying(&op)) {
      Operation *once = b.clone(op, maps[0]);
      for (unsigned k = 1; k < copies; ++k)
        maps[k].map(op.getResults(), once->getResults());
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && !v.hasVaryingControl(ifOp))
      return jamIf(ifOp, b);
    if (auto loop = dyn_cast<scf::WhileOp>(op); loop && !v.hasVaryingControl(loop))
      return jamWhile(loop, b);
    for (unsigned k = 0; k < copies; ++k) {
      Operation *copy = b.clone(op, maps[k]);
      if (k)
        guardStores(copy, exists[k]);
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

  /// Values in the jammed order: a shared value once, a per-copy one C times.
  SmallVector<Value> jammed(ValueRange original, llvm::function_ref<bool(unsigned)> varying) {
    SmallVector<Value> out;
    for (unsigned i = 0; i < original.size(); ++i) {
      if (!varying(i)) {
        out.push_back(maps[0].lookupOrDefault(original[i]));
        continue;
      }
      for (unsigned k = 0; k < copies; ++k)
        out.push_back(maps[k].lookupOrDefault(original[i]));
    }
    return out;
  }
  SmallVector<Type> jammedTypes(TypeRange types, llvm::function_ref<bool(unsigned)> varying) {
    SmallVector<Type> out;
    for (unsigned i = 0; i < types.size(); ++i)
      out.append(varying(i) ? copies : 1, types[i]);
    return out;
  }
  /// Maps `original` (results or block arguments) to the jammed `values`.
  void mapJammed(ValueRange original, ValueRange values,
                 llvm::function_ref<bool(unsigned)> varying) {
    unsigned pos = 0;
    for (unsigned i = 0; i < original.size(); ++i) {
      if (!varying(i)) {
        for (unsigned k = 0; k < copies; ++k)
          maps[k].map(original[i], values[pos]);
        ++pos;
        continue;
      }
      for (unsigned k = 0; k < copies; ++k)
        maps[k].map(original[i], values[pos++]);
    }
  }

  /// An if whose condition is the same for all copies: once, its per-copy
  /// results C times, its branches rewritten.
  void jamIf(scf::IfOp op, OpBuilder &b) {
    auto varying = [&](unsigned i) { return v.isVarying(op.getResult(i)); };
    bool hasElse = !op.getElseRegion().empty();
    auto jam = scf::IfOp::create(b, op.getLoc(), jammedTypes(op.getResultTypes(), varying),
                                 maps[0].lookupOrDefault(op.getCondition()), hasElse);
    auto branch = [&](Block &from, Block *into) {
      while (!into->empty())
        into->back().erase();
      OpBuilder ib = OpBuilder::atBlockEnd(into);
      emitBlock(from, ib);
      auto yield = cast<scf::YieldOp>(from.getTerminator());
      scf::YieldOp::create(ib, yield.getLoc(), jammed(yield.getOperands(), varying));
    };
    branch(*op.thenBlock(), jam.thenBlock());
    if (hasElse)
      branch(*op.elseBlock(), jam.elseBlock());
    mapJammed(op.getResults(), jam.getResults(), varying);
  }

  /// A loop whose condition is the same for all copies: one loop carrying
  /// the shared values once and the per-copy ones C times.
  void jamWhile(scf::WhileOp loop, OpBuilder &b) {
    Block &before = loop.getBefore().front(), &after = loop.getAfter().front();
    auto beforeVarying = [&](unsigned i) { return v.isVarying(before.getArgument(i)); };
    auto afterVarying = [&](unsigned i) { return v.isVarying(after.getArgument(i)); };
    SmallVector<Value> inits = jammed(loop.getInits(), beforeVarying);
    SmallVector<Type> resultTypes = jammedTypes(after.getArgumentTypes(), afterVarying);
    auto jam = scf::WhileOp::create(b, loop.getLoc(), resultTypes, inits, nullptr, nullptr);

    mapJammed(before.getArguments(), jam.getBeforeBody()->getArguments(), beforeVarying);
    OpBuilder cb = OpBuilder::atBlockEnd(jam.getBeforeBody());
    emitBlock(before, cb);
    scf::ConditionOp cond = loop.getConditionOp();
    scf::ConditionOp::create(cb, cond.getLoc(), maps[0].lookupOrDefault(cond.getCondition()),
                             jammed(cond.getArgs(), afterVarying));

    mapJammed(after.getArguments(), jam.getAfterBody()->getArguments(), afterVarying);
    OpBuilder yb = OpBuilder::atBlockEnd(jam.getAfterBody());
    emitBlock(after, yb);
    scf::YieldOp yield = loop.getYieldOp();
    scf::YieldOp::create(yb, yield.getLoc(), jammed(yield.getOperands(), beforeVarying));

    mapJammed(loop.getResults(), jam.getResults(), afterVarying);
  }

  const Variance &v;
  unsigned copies;
  SmallVector<IRMapping> maps;
  SmallVector<Value> exists;
  llvm::DenseSet<Operation *> remapped;
};

struct CoarsenBarrierKernelsPass
    : public PassWrapper<CoarsenBarrierKernelsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CoarsenBarrierKernelsPass)
  CoarsenBarrierKernelsPass() = default;
  CoarsenBarrierKernelsPass(const CoarsenBarrierKernelsPass &other) : PassWrapper(other) {}
  StringRef getName() const override { return "CoarsenBarrierKernels"; }
  StringRef getArgument() const override { return "nvc-coarsen-barrier-kernels"; }
  StringRef getDescription() const override {
    return "Merge C workgroups of a kernel with shared memory and barriers into one along x";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect, gpu::GPUDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A kernel split at grid barriers keeps one invocation per state slot
    // (SplitGridBarriers.cpp); one coarsened already has its hidden argument.
    if (!func->hasAttr(abi::kKernelAttr) || func->hasAttr(abi::kGridSyncArgAttr) ||
        func->hasAttr(abi::kCoarsenAttr))
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
      Rewriter(*plan->copies, copies).run(func, plan->replicatedBytes);
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
