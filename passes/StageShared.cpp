//===- StageShared.cpp - Stage a uniform loop's array reads in workgroup memory ===//
//
// The workshop's Optimisation 5 (000; examples/imaging/v6_shared_cache.py is
// the hand-written form): when every invocation of a workgroup runs the same
// loop over `j` and reads `us[j]`, `vis[j]`, ... at addresses that do not
// depend on the invocation, the workgroup can load each element once,
// cooperatively, into workgroup (shared) memory, and every invocation then
// reads it from there. On each kernel, for each scf.while W
//  1. at the top level of the kernel body (so every invocation reaches it,
//     in uniform control flow), whose condition region is only
//     `counter < N` (signed) forwarding the loop values unchanged, with the
//     counter starting at a constant >= 0 and advancing by 1, and N defined
//     before the loop from values that are the same for every invocation of
//     a workgroup (constants, scalar arguments, workgroup ids and sizes);
//     W contains no barrier;
//  2. find the loads to stage: memref.loads directly in W's body (run in
//     every iteration) of an array argument that the kernel never writes
//     (every use of it is a load), at an index computed by operations
//     without memory effects from the counter and uniform values only;
//  3. cost model: stage when there is at least one such load, tiles of
//     kMaxTile iterations, halved down to kMinTile if needed, fit
//     kMaxTileBytes of workgroup memory and keep the kernel's whole
//     workgroup memory (its own shared arrays, the tiles of loops staged
//     before) within Vulkan's guaranteed kGuaranteedSharedBytes, and the
//     loop does not provably run fewer than one tile of iterations (a
//     constant N - start < tile);
//  4. rewrite W as a loop over tiles of that many iterations: the invocations
//     of the workgroup load the tile's elements of each staged array into a
//     workgroup array (invocation t of the workgroup's L loads elements t,
//     t + L, ...: any workgroup size works, as nvc's is a specialization
//     constant), barrier, then a copy of W runs the tile's iterations with
//     the staged loads reading the workgroup array, barrier (before the next
//     tile overwrites it).
// Each invocation computes exactly what it did, in the same order, from the
// same values: results are bit-identical. The values are read before the
// iterations that use them, which is exact as long as nothing writes the
// staged array during the loop: the kernel never writes it, and other array
// arguments may not share its memory (nvc's no-alias rule, docs/language.md);
// a kernel that writes any array argument is marked `nvc.assumes_no_alias`
// and the launcher enforces it. The workgroup memory the pass adds is
// recorded as `nvc.staged_shared_bytes` for the manifest.
//
//===----------------------------------------------------------------------===//
#include "passes/DynamicSharedMemory.h"
#include "passes/Passes.h"
#include "passes/Uniformity.h"

#include <mlir/Analysis/SliceAnalysis.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#define DEBUG_TYPE "nvc-stage-shared"

namespace nvc {
namespace {

using namespace mlir;

/// Iterations per tile (elements per staged array and tile): the largest,
/// and the smallest worth the two barriers per tile, halving from the largest
/// until the tiles fit kMaxTileBytes (four float64/complex128 arrays, 40
/// bytes an iteration, get tiles of 128).
constexpr int64_t kMaxTile = 256;
constexpr int64_t kMinTile = 64;
/// Most workgroup memory the tiles of one loop may take: half of Vulkan's
/// guaranteed minimum maxComputeSharedMemorySize (16 KiB), leaving the rest
/// to the kernel's own shared arrays.
constexpr int64_t kMaxTileBytes = 8192;
/// Vulkan's guaranteed minimum maxComputeSharedMemorySize: staging never
/// makes a kernel need more workgroup memory than every device has (nor
/// adds to a kernel that already needs more).
constexpr int64_t kGuaranteedSharedBytes = 16384;

/// Bytes of workgroup memory `kernel` allocates itself (cuda.shared.array,
/// the counters of cuda.syncthreads_count and its kin).
int64_t workgroupBytes(func::FuncOp kernel) {
  int64_t bytes = 0;
  kernel.walk([&](memref::AllocOp alloc) {
    MemRefType t = alloc.getType();
    auto space = dyn_cast_or_null<spirv::StorageClassAttr>(t.getMemorySpace());
    if (space && space.getValue() == spirv::StorageClass::Workgroup && t.hasStaticShape())
      bytes += t.getNumElements() * ((t.getElementTypeBitWidth() + 7) / 8);
  });
  return bytes;
}

/// The operations computing `index` in `body` from `counter` and uniform
/// values (defined outside `loop`), in order, if it is so computed and
/// depends on `counter`.
std::optional<SmallVector<Operation *>> indexSlice(Value index, Value counter, Block &body,
                                                   scf::WhileOp loop, func::FuncOp kernel) {
  SmallVector<Operation *> ops;
  bool usesCounter = false;
  SmallVector<Value> work{index};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (v == counter) {
      usesCounter = true;
      continue;
    }
    Operation *def = v.getDefiningOp();
    bool inside = def ? loop->isAncestor(def) : loop->isAncestor(v.getParentBlock()->getParentOp());
    if (!inside) {
      if (!isWorkgroupUniform(v, kernel))
        return std::nullopt;
      continue;
    }
    if (!def || def->getBlock() != &body || def->getNumRegions() || !isMemoryEffectFree(def))
      return std::nullopt;
    if (!seen.insert(def).second)
      continue;
    ops.push_back(def);
    llvm::append_range(work, def->getOperands());
  }
  if (!usesCounter)
    return std::nullopt;
  llvm::sort(ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

/// One load to stage and how its index is computed.
struct StagedLoad {
  mutable memref::LoadOp load;
  SmallVector<Operation *> indexOps;
};

struct StageSharedPass : public PassWrapper<StageSharedPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StageSharedPass)
  StringRef getName() const override { return "StageShared"; }
  StringRef getArgument() const override { return "nvc-stage-shared"; }
  StringRef getDescription() const override {
    return "Stage a uniform loop's reads of invocation-independent array elements in workgroup "
           "memory, tile by tile";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, gpu::GPUDialect, memref::MemRefDialect,
                    scf::SCFDialect, spirv::SPIRVDialect>();
  }

  /// Step 1: the counter's position in `loop`, if the loop qualifies.
  static std::optional<unsigned> countedUniformLoop(scf::WhileOp loop, func::FuncOp kernel) {
    if (loop->getBlock() != &kernel.getBody().front())
      return std::nullopt;
    Block &before = loop.getBefore().front();
    if (before.getOperations().size() != 2)
      return std::nullopt;
    auto cond = loop.getConditionOp();
    auto cmp = cond.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt)
      return std::nullopt;
    if (cond.getArgs().size() != before.getNumArguments())
      return std::nullopt;
    for (auto [a, b] : llvm::zip_equal(cond.getArgs(), before.getArguments()))
      if (a != b)
        return std::nullopt;
    auto counter = dyn_cast<BlockArgument>(cmp.getLhs());
    if (!counter || counter.getOwner() != &before || !isWorkgroupUniform(cmp.getRhs(), kernel))
      return std::nullopt;
    unsigned k = counter.getArgNumber();
    APInt start;
    if (!isa<IntegerType>(counter.getType()) ||
        !matchPattern(loop.getInits()[k], m_ConstantInt(&start)) || start.isNegative())
      return std::nullopt;
    Block &after = loop.getAfter().front();
    auto add = cast<scf::YieldOp>(after.getTerminator()).getOperand(k).getDefiningOp<arith::AddIOp>();
    if (!add)
      return std::nullopt;
    APInt step;
    bool ok = false;
    for (auto [x, c] : {std::pair(add.getLhs(), add.getRhs()), std::pair(add.getRhs(), add.getLhs())})
      if (x == after.getArgument(k) && matchPattern(c, m_ConstantInt(&step)) && step.isOne())
        ok = true;
    if (!ok)
      return std::nullopt;
    bool barrier = false;
    loop.walk([&](gpu::BarrierOp) { barrier = true; });
    if (barrier)
      return std::nullopt;
    return k;
  }

  /// Step 3, first half: whether `loop` (counter k) provably runs fewer than
  /// `tile` iterations, a constant bound minus a constant start.
  static bool fewerIterationsThan(scf::WhileOp loop, unsigned k, int64_t tile) {
    auto cmp = loop.getConditionOp().getCondition().getDefiningOp<arith::CmpIOp>();
    APInt start, stop;
    return matchPattern(loop.getInits()[k], m_ConstantInt(&start)) &&
           matchPattern(cmp.getRhs(), m_ConstantInt(&stop)) &&
           (stop - start.sextOrTrunc(stop.getBitWidth())).slt(tile);
  }

  /// Step 2.
  static SmallVector<StagedLoad> stagedLoads(scf::WhileOp loop, unsigned k, func::FuncOp kernel) {
    SmallVector<StagedLoad> out;
    Block &after = loop.getAfter().front();
    for (Operation &op : after.without_terminator()) {
      auto load = dyn_cast<memref::LoadOp>(op);
      if (!load || load.getIndices().size() != 1)
        continue;
      auto buffer = dyn_cast<BlockArgument>(load.getMemRef());
      if (!buffer || buffer.getOwner() != &kernel.getBody().front())
        continue;
      Type elem = load.getType();
      if (!elem.isIntOrFloat())
        continue;
      if (!llvm::all_of(buffer.getUsers(), [](Operation *u) { return isa<memref::LoadOp>(u); }))
        continue;
      auto slice = indexSlice(load.getIndices()[0], after.getArgument(k), after, loop, kernel);
      if (!slice)
        continue;
      out.push_back({load, std::move(*slice)});
    }
    return out;
  }

  /// Step 4.
  static void stage(scf::WhileOp loop, unsigned k, ArrayRef<StagedLoad> loads, int64_t tileSize,
                    func::FuncOp kernel) {
    Location loc = loop.getLoc();
    MLIRContext *ctx = loop.getContext();
    Block &entry = kernel.getBody().front();
    auto workgroup = spirv::StorageClassAttr::get(ctx, spirv::StorageClass::Workgroup);
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    SmallVector<Value> tiles;
    for (const StagedLoad &s : loads)
      tiles.push_back(memref::AllocOp::create(b, 
          loc, MemRefType::get({tileSize}, s.load.getType(), MemRefLayoutAttrInterface(), workgroup)));

    b.setInsertionPoint(loop);
    Type ct = loop.getInits()[k].getType();
    auto cmp = loop.getConditionOp().getCondition().getDefiningOp<arith::CmpIOp>();
    Value stop = cmp.getRhs();
    // The invocation's index in its workgroup and the workgroup's size.
    auto dim = [&](auto op, gpu::Dimension d) { return decltype(op)::create(b, loc, d).getResult(); };
    Value tx = dim(gpu::ThreadIdOp(), gpu::Dimension::x), ty = dim(gpu::ThreadIdOp(), gpu::Dimension::y),
          tz = dim(gpu::ThreadIdOp(), gpu::Dimension::z);
    Value bx = dim(gpu::BlockDimOp(), gpu::Dimension::x), by = dim(gpu::BlockDimOp(), gpu::Dimension::y),
          bz = dim(gpu::BlockDimOp(), gpu::Dimension::z);
    Value local = arith::AddIOp::create(b, 
        loc, tx, arith::MulIOp::create(b, loc, bx, arith::AddIOp::create(b, 
                                                      loc, ty, arith::MulIOp::create(b, loc, by, tz))));
    Value size = arith::MulIOp::create(b, loc, bx, arith::MulIOp::create(b, loc, by, bz));
    Value tile = arith::ConstantOp::create(b, loc, IntegerAttr::get(ct, tileSize));

    // The loop over tiles: W's loop values, with the counter at a tile start.
    auto outer = scf::WhileOp::create(b, loc, loop.getResultTypes(), loop.getInits(),
                                        ArrayRef<NamedAttribute>{});
    SmallVector<Location> locs(loop.getNumResults(), loc);
    Block *before = b.createBlock(&outer.getBefore(), {}, loop.getResultTypes(), locs);
    Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, before->getArgument(k), stop);
    scf::ConditionOp::create(b, loc, more, before->getArguments());
    Block *body = b.createBlock(&outer.getAfter(), {}, loop.getResultTypes(), locs);
    Value base = body->getArgument(k);
    Value count = arith::MinSIOp::create(b, loc, arith::SubIOp::create(b, loc, stop, base), tile);
    Value end = arith::AddIOp::create(b, loc, base, count);
    // Cooperative load of the tile.
    Value countIndex = arith::IndexCastOp::create(b, loc, b.getIndexType(), count);
    auto fill = scf::ForOp::create(b, loc, local, countIndex, size);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(fill.getBody()->getTerminator());
      Value j = arith::AddIOp::create(b, 
          loc, base, arith::IndexCastOp::create(b, loc, ct, fill.getInductionVar()));
      for (auto [s, t] : llvm::zip_equal(loads, tiles)) {
        IRMapping map;
        map.map(loop.getAfter().front().getArgument(k), j);
        for (Operation *op : s.indexOps)
          b.clone(*op, map);
        Value index = map.lookupOrDefault(s.load.getIndices()[0]);
        Value v = memref::LoadOp::create(b, loc, s.load.getMemRef(), ValueRange{index});
        memref::StoreOp::create(b, loc, v, t, ValueRange{fill.getInductionVar()});
      }
    }
    gpu::BarrierOp::create(b, loc);
    // W over the tile's iterations, reading the tiles.
    IRMapping map;
    auto inner = cast<scf::WhileOp>(b.clone(*loop, map));
    inner->setOperands(body->getArguments());
    auto innerCmp = cast<arith::CmpIOp>(map.lookup(cmp.getOperation()));
    innerCmp.getRhsMutable().assign(end);
    Value innerCounter = inner.getAfter().front().getArgument(k);
    for (auto [s, t] : llvm::zip_equal(loads, tiles)) {
      auto load = cast<memref::LoadOp>(map.lookup(s.load.getOperation()));
      OpBuilder lb(load);
      Value offset = arith::IndexCastOp::create(lb, 
          loc, lb.getIndexType(), arith::SubIOp::create(lb, loc, innerCounter, base));
      load.replaceAllUsesWith(memref::LoadOp::create(lb, loc, t, ValueRange{offset}).getResult());
      load.erase();
    }
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, inner.getResults());
    loop.replaceAllUsesWith(outer.getResults());
    loop.erase();
  }

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    // A kernel split at grid barriers may run invocations of one workgroup
    // in different phases: no cooperative staging.
    if (!kernel->hasAttr(abi::kKernelAttr) || kernel->hasAttr(abi::kGridSyncArgAttr))
      return;
    // With dynamic shared memory the launch decides how much workgroup
    // memory is left; tiles could make a launch numba-cuda accepts exceed
    // the device's limit, so such kernels are not staged.
    if (kernel->hasAttr(abi::kDynamicSharedArgAttr))
      return;
    SmallVector<scf::WhileOp> loops;
    for (Operation &op : kernel.getBody().front())
      if (auto loop = dyn_cast<scf::WhileOp>(op))
        loops.push_back(loop);
    int64_t added = 0;
    const int64_t own = workgroupBytes(kernel);
    for (scf::WhileOp loop : loops) {
      std::optional<unsigned> k = countedUniformLoop(loop, kernel);
      if (!k)
        continue;
      SmallVector<StagedLoad> loads = stagedLoads(loop, *k, kernel);
      int64_t bytesPerIteration = 0;
      for (const StagedLoad &s : loads)
        bytesPerIteration += s.load.getType().getIntOrFloatBitWidth() / 8;
      int64_t budget = std::min(kMaxTileBytes, kGuaranteedSharedBytes - own - added);
      int64_t tile = kMaxTile;
      while (tile > kMinTile && tile * bytesPerIteration > budget)
        tile /= 2;
      if (loads.empty() || tile * bytesPerIteration > budget || fewerIterationsThan(loop, *k, tile))
        continue;
      stage(loop, *k, loads, tile, kernel);
      added += tile * bytesPerIteration;
    }
    if (!added)
      return;
    Builder b(kernel);
    // CoarsenBarrierKernels, which runs first, may have added its copies' arrays.
    if (auto earlier = kernel->getAttrOfType<IntegerAttr>(abi::kStagedSharedBytesAttr))
      added += earlier.getInt();
    kernel->setAttr(abi::kStagedSharedBytesAttr, b.getI64IntegerAttr(added));
    bool writes = false;
    kernel.walk([&](Operation *op) {
      if (auto store = dyn_cast<memref::StoreOp>(op))
        writes |= isa<BlockArgument>(store.getMemRef());
      if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op))
        writes |= isa<BlockArgument>(rmw.getMemref());
      if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
        writes |= isa<BlockArgument>(rmw.getMemref());
    });
    if (writes)
      kernel->setAttr(abi::kAssumesNoAliasAttr, b.getUnitAttr());
  }
};

} // namespace

std::unique_ptr<Pass> createStageSharedPass() { return std::make_unique<StageSharedPass>(); }

} // namespace nvc
