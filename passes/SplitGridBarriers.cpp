//===- SplitGridBarriers.cpp - Kernels resumable at grid barriers ---------===//
//
// A grid barrier (`g.sync()` of cuda.cg.this_grid(), docs/language.md "Grid
// synchronisation") makes every invocation of the launch wait for all
// others. Vulkan has no such barrier inside a dispatch, but the end of a
// dispatch is one: the launcher dispatches such a kernel several times in a
// row (frontend/sema/GridSchedule.h says how many), and this pass makes the
// kernel resumable, so that each dispatch runs every invocation from where
// it stopped to its next grid barrier or to its end:
//
//   entry:   state = buffer[gid]          (0 before the launch's first dispatch)
//            switch state: 0 -> the kernel's code; k -> resume_k; else -> return
//   at barrier k:  save the locals live after it; buffer[gid] = k;
//                  (dynamic schedules: buffer[words * N] = 1); return
//   resume_k:      restore them; continue after barrier k
//   at the end:    buffer[gid] = finished; return
//
// The hidden buffer (abi::kGridSyncArgAttr) holds, per invocation, its state
// in slot 0 and the values it carries in further 32-bit slots, slot s of
// invocation gid at word s * N + gid (N = the launch's invocations, gid their
// linear index) so that neighbouring invocations touch neighbouring words.
//
// Runs on the kernel after inlining, on MLIR generation's form: control flow
// as cf blocks, every Python variable a Function-storage memref.alloca. So:
//  1. each marker splits its block: the part before it suspends, the part
//     after it becomes the target of resume_k;
//  2. SSA values used outside the block that defines them are recomputed
//     where used when they are cheap pure functions of the arguments and ids
//     (cuda.grid(1), a constant, an extent), else kept in a new local — the
//     resume edges would otherwise break dominance;
//  3. a local is carried across barrier k when a load may read it after k
//     before any store, or the next barrier carries it (a backward dataflow
//     over the blocks, each suspend block reading what it saves); private arrays
//     are carried whole when read after k; a local stored once with a value
//     step 2 would recompute is recomputed on resume instead of saved;
//  4. a shared array read after a barrier before the phase writes it is an
//     error: workgroup memory does not survive a dispatch.
// The CFG this makes is irreducible where a barrier is in a loop (resume_k
// enters the loop in the middle); lifting to SCF (Bahmann et al.) handles it.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"
#include "passes/WorkgroupMemory.h"

#include "abi/Attributes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlowOps.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/SetVector.h>

#define DEBUG_TYPE "nvc-split-grid-barriers"

namespace nvc {
namespace {

using namespace mlir;

/// The state of an invocation that has run to its end.
constexpr int32_t kFinished = -1;

/// The source location of an inlined operation: the callee's position.
Location sourceLoc(Location loc) {
  while (auto cs = dyn_cast<CallSiteLoc>(loc))
    loc = cs.getCallee();
  return loc;
}

/// The words of a scalar of type `t` in the buffer (0: cannot be carried).
unsigned wordsOf(Type t) {
  if (t.isIndex())
    return 2;
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth() > 32 ? 2 : 1;
  return 0;
}

/// The ancestor of `op` that is in a block of the function's body.
Operation *topLevelAncestor(Operation *op, Region &body) {
  while (op->getParentRegion() != &body)
    op = op->getParentOp();
  return op;
}

/// Per block: the values (locals, shared arrays) an operation may read
/// before the block stores them (`gen`), and those it stores whole (`kill`).
struct BlockUses {
  llvm::DenseSet<Value> gen, kill;
};

/// How an operation uses one of its operands, for the dataflow.
enum class UseKind { None, Read, Overwrite };

struct Barrier {
  int32_t phase;
  Location loc;
  Block *suspend = nullptr; ///< saves the live locals, then returns
  Block *after = nullptr;   ///< the code after the barrier
  Block *resume = nullptr;  ///< restores them, then branches to `after`
  llvm::SetVector<Value> live; ///< the locals (allocas) carried
};

class Splitter {
public:
  Splitter(func::FuncOp func, unsigned bufferArg, bool dynamic)
      : func_(func), body_(func.getBody()), buffer_(func.getArgument(bufferArg)),
        dynamic_(dynamic) {}

  LogicalResult run();
  unsigned words() const { return nextSlot_; }

private:
  void splitAtBarriers();
  void makeEntry();
  LogicalResult carrySSAValues();
  bool rematerializable(Value v, unsigned &budget);
  Value rematerialize(Value v, OpBuilder &b, IRMapping &map);
  /// Per block of the body, how its operations use the values `kind` classifies.
  llvm::DenseMap<Block *, BlockUses>
  blockUses(llvm::function_ref<UseKind(Operation *, Value, bool topLevel)> kind);
  /// The values live into each block (backward dataflow over `uses`); with
  /// `suspendsReadSaved`, each suspend block reads what is live after its barrier.
  llvm::DenseMap<Block *, llvm::DenseSet<Value>>
  liveIn(llvm::DenseMap<Block *, BlockUses> &uses, bool suspendsReadSaved);
  void computeLiveness();
  LogicalResult checkSharedMemory();
  Value recomputable(Value local);
  LogicalResult emitSavesAndRestores();

  Value word(OpBuilder &b, Location l, int64_t slot, Value offset = {});
  void storeWord(OpBuilder &b, Location l, Value slotIndex, Value v);
  Value slotIndex(OpBuilder &b, Location l, Value slot);

  func::FuncOp func_;
  Region &body_;
  Value buffer_;
  bool dynamic_; ///< abi::kGridSyncDynamicAttr: report stops in the word after the slots
  Block *entry_ = nullptr;      ///< the new entry: ids, state, dispatch
  Value gid_, count_;           ///< the invocation's linear index, the launch's invocations
  SmallVector<Barrier> barriers_;
  SmallVector<func::ReturnOp> returns_; ///< the kernel's own ends
  unsigned nextSlot_ = 1;
  llvm::DenseMap<Value, int64_t> slots_; ///< first slot of each carried local
  /// Carried locals recomputed on resume, with the value they hold.
  llvm::DenseMap<Value, Value> recomputed_;
};

void Splitter::splitAtBarriers() {
  SmallVector<gpu::BarrierOp> markers;
  func_.walk([&](gpu::BarrierOp b) {
    if (b->hasAttr(abi::kGridBarrierAttr))
      markers.push_back(b);
  });
  func_.walk([&](func::ReturnOp r) { returns_.push_back(r); });
  for (gpu::BarrierOp marker : markers) {
    Barrier bar{static_cast<int32_t>(
                    marker->getAttrOfType<IntegerAttr>(abi::kGridBarrierAttr).getInt()),
                marker.getLoc()};
    Block *before = marker->getBlock();
    bar.after = before->splitBlock(marker->getNextNode());
    bar.suspend = new Block();
    body_.push_back(bar.suspend);
    OpBuilder b = OpBuilder::atBlockEnd(bar.suspend);
    func::ReturnOp::create(b, bar.loc);
    b.setInsertionPoint(marker);
    cf::BranchOp::create(b, bar.loc, bar.suspend);
    marker.erase();
    barriers_.push_back(std::move(bar));
  }
}

void Splitter::makeEntry() {
  Block *oldEntry = &body_.front();
  Block *rest = oldEntry->splitBlock(oldEntry->begin());
  entry_ = oldEntry;
  // Locals and arrays live in the entry block, which dominates every path,
  // resumed ones too.
  SmallVector<Operation *> allocations;
  for (Block &block : body_)
    for (Operation &op : block)
      if ((isa<memref::AllocaOp>(op) || isa<memref::AllocOp>(op)) && op.getNumOperands() == 0)
        allocations.push_back(&op);
  for (Operation *op : allocations)
    op->moveBefore(entry_, entry_->end());

  OpBuilder b = OpBuilder::atBlockEnd(entry_);
  Location l = func_.getLoc();
  // The linear index over the whole launch and the number of invocations.
  Value sizes[3], ids[3];
  gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
  for (int d = 0; d < 3; ++d) {
    ids[d] = gpu::GlobalIdOp::create(b, l, dims[d]);
    sizes[d] = arith::MulIOp::create(b, l, gpu::GridDimOp::create(b, l, dims[d]),
                                     gpu::BlockDimOp::create(b, l, dims[d]));
  }
  Value plane = arith::MulIOp::create(b, l, sizes[0], sizes[1]);
  count_ = arith::MulIOp::create(b, l, plane, sizes[2]);
  gid_ = arith::AddIOp::create(
      b, l, ids[0],
      arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, ids[1], sizes[0]),
                            arith::MulIOp::create(b, l, ids[2], plane)));
  Value state = memref::LoadOp::create(b, l, buffer_, ValueRange{gid_});

  Block *finished = new Block();
  body_.push_back(finished);
  OpBuilder fb = OpBuilder::atBlockEnd(finished);
  func::ReturnOp::create(fb, l);

  SmallVector<int32_t> cases{0};
  SmallVector<Block *> targets{rest};
  for (Barrier &bar : barriers_) {
    bar.resume = new Block();
    body_.push_back(bar.resume);
    OpBuilder rb = OpBuilder::atBlockEnd(bar.resume);
    cf::BranchOp::create(rb, bar.loc, bar.after);
    cases.push_back(bar.phase);
    targets.push_back(bar.resume);
  }
  SmallVector<ValueRange> operands(cases.size(), ValueRange{});
  cf::SwitchOp::create(b, l, state, finished, ValueRange{}, cases, targets, operands);
}

bool Splitter::rematerializable(Value v, unsigned &budget) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == entry_;
  Operation *op = v.getDefiningOp();
  if (op->getBlock() == entry_)
    return true;
  if (budget == 0 || op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>() ||
      !isMemoryEffectFree(op) || op->getNumResults() != 1)
    return false;
  --budget;
  for (Value operand : op->getOperands())
    if (!rematerializable(operand, budget))
      return false;
  return true;
}

Value Splitter::rematerialize(Value v, OpBuilder &b, IRMapping &map) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg;
  Operation *op = v.getDefiningOp();
  if (op->getBlock() == entry_)
    return v;
  if (Value done = map.lookupOrNull(v))
    return done;
  for (Value operand : op->getOperands())
    map.map(operand, rematerialize(operand, b, map));
  Operation *copy = b.clone(*op, map);
  return copy->getResult(0);
}

LogicalResult Splitter::carrySSAValues() {
  SmallVector<Value> values;
  for (Block &block : body_) {
    if (&block == entry_)
      continue;
    for (BlockArgument arg : block.getArguments())
      values.push_back(arg);
    for (Operation &op : block)
      for (Value r : op.getResults())
        values.push_back(r);
  }
  for (Value v : values) {
    Block *home = v.getParentBlock();
    SmallVector<OpOperand *> outside;
    for (OpOperand &use : v.getUses())
      if (topLevelAncestor(use.getOwner(), body_)->getBlock() != home)
        outside.push_back(&use);
    if (outside.empty())
      continue;
    if (isa<MemRefType>(v.getType())) {
      // An array (a shared or dynamically sized one): its allocation moves
      // to the entry block, with what its size is computed from.
      Operation *op = v.getDefiningOp();
      unsigned budget = 8;
      bool movable = op && op->getNumRegions() == 0 && op->getNumResults() == 1;
      for (Value operand : movable ? op->getOperands() : OperandRange(nullptr, 0))
        movable = movable && rematerializable(operand, budget);
      if (!movable) {
        emitError(v.getLoc()) << "internal error: nvc cannot carry the array " << v.getType()
                              << " across a grid barrier";
        return failure();
      }
      OpBuilder b(entry_->getTerminator());
      IRMapping map;
      for (Value operand : op->getOperands())
        map.map(operand, rematerialize(operand, b, map));
      op->moveBefore(entry_->getTerminator());
      for (OpOperand &operand : op->getOpOperands())
        operand.set(map.lookupOrDefault(operand.get()));
      continue;
    }
    unsigned budget = 8;
    if (rematerializable(v, budget)) {
      for (OpOperand *use : outside) {
        OpBuilder b(topLevelAncestor(use->getOwner(), body_));
        IRMapping map;
        use->set(rematerialize(v, b, map));
      }
      continue;
    }
    // Kept in a new local: stored where it is defined, loaded where used.
    Location l = isa<BlockArgument>(v) ? func_.getLoc() : v.getDefiningOp()->getLoc();
    OpBuilder eb = OpBuilder::atBlockBegin(entry_);
    auto local = memref::AllocaOp::create(
        eb, l,
        MemRefType::get({}, v.getType(), MemRefLayoutAttrInterface(),
                        spirv::StorageClassAttr::get(func_.getContext(),
                                                     spirv::StorageClass::Function)));
    OpBuilder sb = isa<BlockArgument>(v) ? OpBuilder::atBlockBegin(home)
                                         : OpBuilder(v.getDefiningOp()->getNextNode());
    memref::StoreOp::create(sb, l, v, local, ValueRange{});
    for (OpOperand *use : outside) {
      OpBuilder b(topLevelAncestor(use->getOwner(), body_));
      use->set(memref::LoadOp::create(b, l, local, ValueRange{}));
    }
  }
  return success();
}

llvm::DenseMap<Block *, BlockUses>
Splitter::blockUses(llvm::function_ref<UseKind(Operation *op, Value operand, bool topLevel)> kind) {
  llvm::DenseMap<Block *, BlockUses> uses;
  for (Block &block : body_) {
    BlockUses &u = uses[&block];
    for (Operation &top : block)
      top.walk([&](Operation *op) {
        for (Value operand : op->getOperands())
          switch (kind(op, operand, op == &top)) {
          case UseKind::None:
            break;
          case UseKind::Overwrite:
            u.kill.insert(operand);
            break;
          case UseKind::Read:
            if (!u.kill.count(operand))
              u.gen.insert(operand);
            break;
          }
      });
  }
  return uses;
}

llvm::DenseMap<Block *, llvm::DenseSet<Value>>
Splitter::liveIn(llvm::DenseMap<Block *, BlockUses> &uses, bool suspendsReadSaved) {
  // Barrier k's suspend block saves what is live after k: when the values
  // are the carried locals, it reads them, as if its successor were the code
  // after k (what the next barrier saves must have been restored at the
  // previous one).
  llvm::DenseMap<Block *, Block *> resumesAt;
  if (suspendsReadSaved)
    for (Barrier &bar : barriers_)
      resumesAt[bar.suspend] = bar.after;
  llvm::DenseMap<Block *, llvm::DenseSet<Value>> in;
  bool changed = true;
  while (changed) {
    changed = false;
    for (Block &block : llvm::reverse(body_)) {
      llvm::DenseSet<Value> live = uses[&block].gen;
      SmallVector<Block *> successors(block.getSuccessors());
      if (Block *after = resumesAt.lookup(&block))
        successors.push_back(after);
      for (Block *succ : successors)
        for (Value v : in[succ])
          if (!uses[&block].kill.count(v))
            live.insert(v);
      if (live.size() != in[&block].size()) {
        in[&block] = std::move(live);
        changed = true;
      }
    }
  }
  return in;
}

void Splitter::computeLiveness() {
  // The locals: Function-storage allocas of the entry block; a store of a
  // whole scalar overwrites it, a store into a private array's element
  // neither reads nor overwrites it.
  llvm::DenseMap<Block *, BlockUses> uses = blockUses([](Operation *op, Value operand,
                                                         bool topLevel) {
    auto alloca = operand.getDefiningOp<memref::AllocaOp>();
    if (!alloca)
      return UseKind::None;
    auto store = dyn_cast<memref::StoreOp>(op);
    if (store && store.getMemRef() == operand)
      return alloca.getType().getRank() == 0 && topLevel ? UseKind::Overwrite : UseKind::None;
    return UseKind::Read;
  });
  llvm::DenseMap<Block *, llvm::DenseSet<Value>> live = liveIn(uses, /*suspendsReadSaved=*/true);
  for (Barrier &bar : barriers_) {
    SmallVector<Value> carried(live[bar.after].begin(), live[bar.after].end());
    // In the entry block's order, so that slots do not depend on hashing.
    llvm::sort(carried, [](Value a, Value b) {
      return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
    });
    bar.live.insert(carried.begin(), carried.end());
  }
}

LogicalResult Splitter::checkSharedMemory() {
  // A shared array read after a barrier before this phase stores into it
  // would see what another dispatch's workgroup left, i.e. nothing. Any
  // store counts as writing it.
  llvm::DenseMap<Block *, BlockUses> uses = blockUses([](Operation *op, Value operand, bool) {
    auto alloc = operand.getDefiningOp<memref::AllocOp>();
    if (!alloc || !isWorkgroupMemory(alloc.getType()))
      return UseKind::None;
    auto store = dyn_cast<memref::StoreOp>(op);
    return store && store.getMemRef() == operand ? UseKind::Overwrite : UseKind::Read;
  });
  llvm::DenseMap<Block *, llvm::DenseSet<Value>> live = liveIn(uses, /*suspendsReadSaved=*/false);
  bool ok = true;
  for (Barrier &bar : barriers_)
    if (!live[bar.after].empty()) {
      InFlightDiagnostic diag =
          emitError(sourceLoc(bar.loc))
          << "nvc cannot split this kernel at this grid barrier: a shared array is read after "
             "it before being written again, and shared memory does not keep its contents "
             "from one dispatch to the next (docs/language.md \"Grid synchronisation\"); "
             "write the values to a global array before the barrier instead";
      diag.getUnderlyingDiagnostic()->getMetadata().push_back(
          DiagnosticArgument(abi::kSourceErrorTag));
      ok = false;
    }
  return success(ok);
}

Value Splitter::slotIndex(OpBuilder &b, Location l, Value slot) {
  return arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, slot, count_), gid_);
}

void Splitter::storeWord(OpBuilder &b, Location l, Value index, Value v) {
  memref::StoreOp::create(b, l, v, buffer_, ValueRange{index});
}

/// Splits `v` (a scalar) into its 32-bit words, low first.
SmallVector<Value> toWords(OpBuilder &b, Location l, Value v) {
  Type t = v.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (t.isIndex())
    v = arith::IndexCastOp::create(b, l, i64, v), t = i64;
  unsigned bits = t.getIntOrFloatBitWidth();
  if (isa<FloatType>(t))
    v = arith::BitcastOp::create(b, l, b.getIntegerType(bits), v);
  if (bits < 32)
    return {arith::ExtUIOp::create(b, l, i32, v)};
  if (bits == 32)
    return {v};
  Value lo = arith::TruncIOp::create(b, l, i32, v);
  Value hi = arith::TruncIOp::create(
      b, l, i32, arith::ShRUIOp::create(b, l, v, arith::ConstantIntOp::create(b, l, i64, 32)));
  return {lo, hi};
}

/// The scalar of type `t` made of `words` (low first).
Value fromWords(OpBuilder &b, Location l, Type t, ArrayRef<Value> words) {
  Type i64 = b.getI64Type();
  Type bitsType = t.isIndex() ? i64 : b.getIntegerType(t.getIntOrFloatBitWidth());
  unsigned bits = bitsType.getIntOrFloatBitWidth();
  Value v;
  if (bits < 32)
    v = arith::TruncIOp::create(b, l, bitsType, words[0]);
  else if (bits == 32)
    v = words[0];
  else
    v = arith::OrIOp::create(
        b, l, arith::ExtUIOp::create(b, l, i64, words[0]),
        arith::ShLIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, words[1]),
                              arith::ConstantIntOp::create(b, l, i64, 32)));
  if (t.isIndex())
    return arith::IndexCastOp::create(b, l, t, v);
  if (isa<FloatType>(t))
    return arith::BitcastOp::create(b, l, t, v);
  return v;
}

/// The value every store into `local` stores, when there is one store and
/// it stores a cheap pure function of the arguments and ids (`i =
/// cuda.grid(1)`, `rows = M.shape[0]`): such a local is recomputed on resume.
Value Splitter::recomputable(Value local) {
  memref::StoreOp only;
  for (Operation *user : local.getUsers())
    if (auto store = dyn_cast<memref::StoreOp>(user); store && store.getMemRef() == local) {
      if (only || store->getParentRegion() != &body_)
        return {};
      only = store;
    }
  unsigned budget = 8;
  if (!only || !rematerializable(only.getValueToStore(), budget))
    return {};
  return only.getValueToStore();
}

LogicalResult Splitter::emitSavesAndRestores() {
  // Slots: each carried local gets its words once, for every barrier.
  for (Barrier &bar : barriers_)
    for (Value local : bar.live) {
      if (slots_.count(local) || recomputed_.count(local))
        continue;
      if (cast<MemRefType>(local.getType()).getRank() == 0)
        if (Value v = recomputable(local)) {
          recomputed_[local] = v;
          continue;
        }
      auto type = cast<MemRefType>(local.getType());
      unsigned w = wordsOf(type.getElementType());
      if (!w || !type.hasStaticShape()) {
        emitError(local.getLoc()) << "internal error: nvc cannot carry a local of type "
                                  << type << " across a grid barrier";
        return failure();
      }
      slots_[local] = nextSlot_;
      nextSlot_ += w * static_cast<unsigned>(type.getNumElements());
    }
  for (Barrier &bar : barriers_) {
    Location l = bar.loc;
    OpBuilder sb(bar.suspend->getTerminator());
    OpBuilder rb(bar.resume->getTerminator());
    for (Value local : bar.live) {
      if (auto it = recomputed_.find(local); it != recomputed_.end()) {
        IRMapping map;
        memref::StoreOp::create(rb, l, rematerialize(it->second, rb, map), local, ValueRange{});
        continue;
      }
      auto type = cast<MemRefType>(local.getType());
      Type elem = type.getElementType();
      unsigned w = wordsOf(elem);
      int64_t base = slots_[local];
      // Every element, in row-major order; scalars are the rank-0 case.
      int64_t n = type.getNumElements();
      auto indicesOf = [&](OpBuilder &b, int64_t linear) {
        SmallVector<Value> idx;
        int64_t rest = linear;
        SmallVector<int64_t> strides(type.getRank(), 1);
        for (int d = static_cast<int>(type.getRank()) - 2; d >= 0; --d)
          strides[d] = strides[d + 1] * type.getDimSize(d + 1);
        for (int64_t d = 0; d < type.getRank(); ++d) {
          idx.push_back(arith::ConstantIndexOp::create(b, l, rest / strides[d]));
          rest %= strides[d];
        }
        return idx;
      };
      for (int64_t e = 0; e < n; ++e) {
        Value v = memref::LoadOp::create(sb, l, local, indicesOf(sb, e));
        SmallVector<Value> words = toWords(sb, l, v);
        SmallVector<Value> restored;
        for (unsigned k = 0; k < w; ++k) {
          int64_t slot = base + e * w + k;
          storeWord(sb, l, slotIndex(sb, l, arith::ConstantIndexOp::create(sb, l, slot)),
                    words[k]);
          restored.push_back(memref::LoadOp::create(
              rb, l, buffer_,
              ValueRange{slotIndex(rb, l, arith::ConstantIndexOp::create(rb, l, slot))}));
        }
        memref::StoreOp::create(rb, l, fromWords(rb, l, elem, restored), local,
                                indicesOf(rb, e));
      }
    }
    storeWord(sb, l, gid_, arith::ConstantIntOp::create(sb, l, sb.getI32Type(), bar.phase));
    if (dynamic_) {
      // Another dispatch is needed: the word after the slots says so.
      Value flag = arith::MulIOp::create(sb, l, arith::ConstantIndexOp::create(sb, l, nextSlot_),
                                         count_);
      storeWord(sb, l, flag, arith::ConstantIntOp::create(sb, l, sb.getI32Type(), 1));
    }
  }
  for (func::ReturnOp ret : returns_) {
    OpBuilder b(ret);
    storeWord(b, ret.getLoc(), gid_,
              arith::ConstantIntOp::create(b, ret.getLoc(), b.getI32Type(), kFinished));
  }
  return success();
}

LogicalResult Splitter::run() {
  splitAtBarriers();
  makeEntry();
  if (failed(carrySSAValues()))
    return failure();
  computeLiveness();
  if (failed(checkSharedMemory()))
    return failure();
  return emitSavesAndRestores();
}

struct SplitGridBarriersPass
    : public PassWrapper<SplitGridBarriersPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitGridBarriersPass)
  StringRef getArgument() const override { return "nvc-split-grid-barriers"; }
  StringRef getDescription() const override {
    return "Make a kernel with grid barriers resumable: one dispatch per phase";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, cf::ControlFlowDialect, memref::MemRefDialect,
                    gpu::GPUDialect, spirv::SPIRVDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto arg = func->getAttrOfType<IntegerAttr>(abi::kGridSyncArgAttr);
    if (!arg)
      return;
    Splitter splitter(func, static_cast<unsigned>(arg.getInt()),
                      func->hasAttr(abi::kGridSyncDynamicAttr));
    if (failed(splitter.run()))
      return signalPassFailure();
    func->setAttr(abi::kGridSyncWordsAttr,
                  IntegerAttr::get(IntegerType::get(func.getContext(), 32), splitter.words()));
  }
};

} // namespace

std::unique_ptr<Pass> createSplitGridBarriersPass() {
  return std::make_unique<SplitGridBarriersPass>();
}

} // namespace nvc
