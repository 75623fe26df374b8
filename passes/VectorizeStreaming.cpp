//===- VectorizeStreaming.cpp - 16-byte loads and stores for streaming kernels ===//
//
// A streaming kernel (`i = cuda.grid(1); if i < n: y[i] = a * x[i] + y[i]`)
// moves one 4-byte element per array per invocation. On an NVIDIA H200 that
// reaches 63 % of the device-to-device copy bandwidth, while the same copy
// with one 16-byte vector per invocation reaches 105 % (more bytes in flight
// per memory instruction; bench/results/2026-11-30-h200.json, "probe-vector-copy").
// This pass makes each invocation do the work of four consecutive
// invocations of the grid the launch asks for, as one vector<4> operation
// per scalar one:
//  1. Recognise the kernel: one `gpu.global_id x` (no other invocation
//     builtins, barriers, atomics, loops or calls), an integer `i` derived
//     from it by at most one index_cast, and a body that is a single
//     `scf.if i < N` (slt or ult, N independent of the invocation) whose
//     region is straight-line: loads and stores of 1-D storage-buffer
//     arguments with 32-bit elements at `off + i` (off independent of the
//     invocation: the array's element offset), arith operations and
//     math.fma, and the negative-index wrap-around `j < 0 ? j + n : j`
//     that Python indexing produces for j = i + c. Anything else leaves the
//     kernel alone.
//  2. The invocation with global id g now stands for the four invocations
//     4g … 4g+3 of the requested grid, of which only those below the
//     requested number of invocations (a hidden last parameter; `nvc.coarsen`
//     = 4 tells the manifest and the launcher, as for CoarsenThreads.cpp) exist.
//  3. Vector path, taken when all four are in range (4g+3 below the
//     requested count, i+3 < N, no lane takes a wrap-around: 0 ≤ j and
//     j+3 without overflow) and every accessed element offset `off + i` is a
//     multiple of 4: each load becomes one load of a vector<4> through a
//     second view of the same binding typed as an array of vector<4>
//     (the function gets one extra argument per such array, listed in
//     `nvc.buffer_aliases` so that LowerKernelABI gives it the array's
//     binding), each operation its elementwise vector form, each store one
//     vector store. Lane k computes exactly what invocation 4g+k computed:
//     the same operations on the same values in the same order.
//  4. Otherwise (the tail of the grid, an unaligned view, i beyond 2^31):
//     the original body four times, for i = 4g, …, 4g+3, each under its own
//     guard and the requested-count test.
// Within one invocation only one path runs, so a buffer is accessed through
// one of its two views; invocations touch disjoint elements, as before.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/Vector/IR/VectorOps.h>
#include <mlir/IR/IRMapping.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

#include <map>

#define DEBUG_TYPE "nvc-vectorize-streaming"

namespace nvc {
namespace {

using namespace mlir;

constexpr int64_t kLanes = 4; // 16-byte vectors of 32-bit elements

/// The cost model's bound on the body's per-lane (Vector) arithmetic
/// operations per array access. The pass pays off only while the kernel is
/// bound by memory: on an NVIDIA H200 (about 65 TFLOP/s of fp32 FMA against
/// 4.8 TB/s) the balance is near 14 FMAs per 4-byte element, so a body of
/// more than 64 operations per element it loads or stores is bound by its
/// arithmetic several times over, and the rewrite would only copy that
/// arithmetic five times (the vector path and the four-fold tail): longer
/// compiles (issue 25: a generated 2000-statement kernel), a larger module,
/// no faster run.
constexpr unsigned kMaxOperationsPerAccess = 64;

/// What a value of the guarded body is, seen from the vector path.
enum class Kind {
  Uniform, ///< the same in all four lanes (defined outside, or from such values)
  Lane,    ///< base + lane for a scalar base: `i` and `off + i`
  Vector,  ///< one value per lane: loaded data and what is computed from it
  False,   ///< a wrap-around test `L < 0` of a Lane value, false in the vector path
};

/// The recognised kernel (step 1).
struct StreamingKernel {
  func::FuncOp func;
  gpu::GlobalIdOp globalId;
  arith::IndexCastOp toInt; ///< i = index_cast(global id), or null when i is the id
  arith::CmpIOp guard;      ///< i < N
  scf::IfOp body;
  Value i;                  ///< index_cast result, or the id itself
  Block *bodyBlock = nullptr;
  Value index() const { return i; }
};

bool isStorageBufferArray(Value v, func::FuncOp func) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != &func.getBody().front())
    return false;
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != 1 || !type.getLayout().isIdentity())
    return false;
  auto storage = dyn_cast_or_null<spirv::StorageClassAttr>(type.getMemorySpace());
  Type elem = type.getElementType();
  return storage && storage.getValue() == spirv::StorageClass::StorageBuffer &&
         elem.isIntOrFloat() && elem.getIntOrFloatBitWidth() == 32;
}

/// Whether `op` may appear in the vectorised body as an elementwise
/// operation: arith's elementwise operations and math.fma (the contracted
/// multiply-add), which all have vector forms with the same per-lane result.
bool isElementwise(Operation *op) {
  if (isa<math::FmaOp>(op))
    return true;
  return op->getDialect() && op->getDialect()->getNamespace() == "arith" &&
         op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
         op->getNumResults() == 1 && isMemoryEffectFree(op);
}

/// Step 1: the kernel's shape, or nullopt.
std::optional<StreamingKernel> match(func::FuncOp func) {
  StreamingKernel k{func, {}, {}, {}, {}};
  bool rejected = false;
  func.walk([&](Operation *op) {
    if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      if (k.globalId || id.getDimension() != gpu::Dimension::x)
        rejected = true;
      k.globalId = id;
      return;
    }
    if (op->getDialect() && op->getDialect()->getNamespace() == "gpu")
      rejected = true; // thread/block ids, sizes, barriers, subgroup operations
    if (isa<LoopLikeOpInterface, CallOpInterface, memref::GenericAtomicRMWOp,
            memref::AllocaOp, memref::AllocOp>(op))
      rejected = true;
  });
  if (rejected || !k.globalId || func.getBody().getBlocks().size() != 1)
    return std::nullopt;

  // The function block: invocation-independent operations, the id, i, the
  // guard and the scf.if, then the return.
  Block &block = func.getBody().front();
  for (Operation &op : block.without_terminator()) {
    if (&op == k.globalId.getOperation())
      continue;
    if (auto cast = dyn_cast<arith::IndexCastOp>(&op);
        cast && cast.getIn() == k.globalId.getResult() && !k.toInt) {
      k.toInt = cast;
      continue;
    }
    Value i = k.toInt ? k.toInt.getResult() : Value(k.globalId.getResult());
    if (auto cmp = dyn_cast<arith::CmpIOp>(&op); cmp && !k.guard && cmp.getLhs() == i &&
                                                 (cmp.getPredicate() == arith::CmpIPredicate::slt ||
                                                  cmp.getPredicate() == arith::CmpIPredicate::ult)) {
      k.guard = cmp;
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(&op); ifOp && !k.body && k.guard &&
                                              ifOp.getCondition() == k.guard.getResult() &&
                                              ifOp.getNumResults() == 0 &&
                                              ifOp.getElseRegion().empty()) {
      k.body = ifOp;
      continue;
    }
    if (k.body)
      return std::nullopt; // something after the guarded body
    for (Value operand : op.getOperands())
      if (operand == k.globalId.getResult() || (k.toInt && operand == k.toInt.getResult()))
        return std::nullopt;
    if (!isMemoryEffectFree(&op) && !isa<memref::LoadOp>(&op))
      return std::nullopt;
  }
  if (!k.guard || !k.body)
    return std::nullopt;
  k.i = k.toInt ? k.toInt.getResult() : Value(k.globalId.getResult());
  k.bodyBlock = &k.body.getThenRegion().front();
  if (!k.i.getType().isSignlessIntOrIndex())
    return std::nullopt;
  // The id may be used only through i, i only by the guard and the body.
  for (Operation *user : k.globalId->getUsers())
    if (user != k.toInt.getOperation() && user != k.guard.getOperation())
      return std::nullopt;
  if (Operation *bound = k.guard.getRhs().getDefiningOp(); bound && !bound->isBeforeInBlock(k.guard))
    return std::nullopt;
  return k;
}

/// Step 3's analysis: what each value of the guarded body is in the vector
/// path (no IR is built), and whether every operation has a vector form.
class BodyAnalysis {
public:
  explicit BodyAnalysis(const StreamingKernel &k) : k_(k) {}

  /// Classifies the body; false if it does not vectorise, or is bound by
  /// its arithmetic rather than by memory (kMaxOperationsPerAccess).
  bool run() {
    kinds_[k_.index()] = Kind::Lane;
    unsigned accesses = 0, vectorOperations = 0;
    for (Operation &op : body()) {
      if (!classify(op))
        return false;
      if (isa<memref::LoadOp, memref::StoreOp>(op))
        ++accesses;
      else if (op.getNumResults() == 1 && kindOf(op.getResult(0)) == Kind::Vector)
        ++vectorOperations;
    }
    return !arrays_.empty() && vectorOperations <= kMaxOperationsPerAccess * accesses;
  }

  Kind kindOf(Value v) const {
    auto it = kinds_.find(v);
    return it == kinds_.end() ? Kind::Uniform : it->second;
  }
  /// The arrays the body accesses, in first-access order.
  llvm::ArrayRef<Value> arrays() const { return arrays_; }
  llvm::iterator_range<Block::iterator> body() const {
    return k_.bodyBlock->without_terminator();
  }

private:
  bool classify(Operation &op) {
    if (auto load = dyn_cast<memref::LoadOp>(&op)) {
      kinds_[load.getResult()] = Kind::Vector;
      return access(load.getMemRef(), load.getIndices());
    }
    if (auto store = dyn_cast<memref::StoreOp>(&op))
      return access(store.getMemRef(), store.getIndices()) &&
             (kindOf(store.getValue()) == Kind::Vector || kindOf(store.getValue()) == Kind::Uniform);
    if (op.getNumResults() != 1 || op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return false;
    Value result = op.getResult(0);
    if (llvm::all_of(op.getOperands(), [&](Value v) { return kindOf(v) == Kind::Uniform; }))
      return true; // hoisted before the branch
    // L < 0 for a Lane value L (Python's negative-index test on i, i + 1,
    // …): false in every lane; the vector path requires its four values >= 0.
    if (auto cmp = dyn_cast<arith::CmpIOp>(&op))
      if (kindOf(cmp.getLhs()) == Kind::Lane && cmp.getPredicate() == arith::CmpIPredicate::slt &&
          matchPattern(cmp.getRhs(), m_Zero()))
        return kinds_[result] = Kind::False, true;
    if (auto select = dyn_cast<arith::SelectOp>(&op);
        select && kindOf(select.getCondition()) == Kind::False)
      return kinds_[result] = kindOf(select.getFalseValue()), true;
    // off + i, i + off: Lane again.
    if (auto add = dyn_cast<arith::AddIOp>(&op)) {
      Kind l = kindOf(add.getLhs()), r = kindOf(add.getRhs());
      if ((l == Kind::Lane && r == Kind::Uniform) || (l == Kind::Uniform && r == Kind::Lane))
        return kinds_[result] = Kind::Lane, true;
    }
    if (auto cast = dyn_cast<arith::IndexCastOp>(&op); cast && kindOf(cast.getIn()) == Kind::Lane)
      return kinds_[result] = Kind::Lane, true;
    if (!isElementwise(&op) || !result.getType().isIntOrFloat())
      return false;
    for (Value operand : op.getOperands())
      if (kindOf(operand) != Kind::Vector && kindOf(operand) != Kind::Uniform)
        return false; // an index used as data, or the wrap-around test
    kinds_[result] = Kind::Vector;
    return true;
  }

  /// A load or store of `memref[indices]`: a 1-D 32-bit storage buffer at a
  /// Lane index of index type.
  bool access(Value memref, ValueRange indices) {
    if (!isStorageBufferArray(memref, k_.func) || indices.size() != 1 ||
        kindOf(indices[0]) != Kind::Lane || !indices[0].getType().isIndex())
      return false;
    if (!llvm::is_contained(arrays_, memref))
      arrays_.push_back(memref);
    return true;
  }

  const StreamingKernel &k_;
  llvm::DenseMap<Value, Kind> kinds_;
  SmallVector<Value> arrays_;
};

/// Step 3's construction. hoist() builds, before the branch, the body's
/// invocation-uniform operations and the scalar base of each Lane value
/// (all free of memory effects, so safe to run for every invocation);
/// emitVectorPath() builds the vector path inside the branch.
class VectorPathBuilder {
public:
  VectorPathBuilder(const StreamingKernel &k, const BodyAnalysis &a) : k_(k), a_(a) {}

  void hoist(OpBuilder &b, Value base) {
    bases_[k_.index()] = base;
    for (Operation &op : a_.body()) {
      if (isa<memref::LoadOp, memref::StoreOp>(&op)) {
        Value index = isa<memref::LoadOp>(&op) ? cast<memref::LoadOp>(&op).getIndices()[0]
                                               : cast<memref::StoreOp>(&op).getIndices()[0];
        accessBases_.push_back(bases_.lookup(index));
        continue;
      }
      Value result = op.getResult(0);
      switch (a_.kindOf(result)) {
      case Kind::Uniform:
        if (auto select = dyn_cast<arith::SelectOp>(&op);
            select && a_.kindOf(select.getCondition()) == Kind::False)
          uniform_.map(result, uniform_.lookupOrDefault(select.getFalseValue()));
        else
          b.clone(op, uniform_);
        break;
      case Kind::Lane:
        if (auto select = dyn_cast<arith::SelectOp>(&op)) {
          bases_[result] = bases_.lookup(select.getFalseValue());
        } else if (auto indexCast = dyn_cast<arith::IndexCastOp>(&op)) {
          bases_[result] = arith::IndexCastOp::create(b, op.getLoc(), indexCast.getType(),
                                                        bases_.lookup(indexCast.getIn()));
        } else {
          auto add = cast<arith::AddIOp>(&op);
          bases_[result] = arith::AddIOp::create(b, op.getLoc(), scalarOf(add.getLhs()),
                                                   scalarOf(add.getRhs()));
        }
        break;
      case Kind::False:
        wrapTestBases_.push_back(bases_.lookup(op.getOperand(0)));
        break;
      case Kind::Vector:
        break;
      }
    }
  }

  /// The scalar base of each load's and store's index, in body order: each
  /// must be a multiple of 4 for the vector path.
  llvm::ArrayRef<Value> accessBases() const { return accessBases_; }
  /// The scalar base of each `L < 0` test taken as false: all four lanes,
  /// base … base + 3, must be non-negative for the vector path.
  llvm::ArrayRef<Value> wrapTestBases() const { return wrapTestBases_; }

  void emitVectorPath(OpBuilder &b, const llvm::DenseMap<Value, Value> &views) {
    for (Operation &op : a_.body()) {
      Location loc = op.getLoc();
      if (auto load = dyn_cast<memref::LoadOp>(&op)) {
        Value idx = vectorIndex(b, load.getIndices()[0], loc);
        vectors_[load.getResult()] =
            memref::LoadOp::create(b, loc, views.lookup(load.getMemRef()), ValueRange{idx});
      } else if (auto store = dyn_cast<memref::StoreOp>(&op)) {
        Value idx = vectorIndex(b, store.getIndices()[0], loc);
        memref::StoreOp::create(b, loc, vectorOf(b, store.getValue(), loc),
                                  views.lookup(store.getMemRef()), ValueRange{idx});
      } else if (auto select = dyn_cast<arith::SelectOp>(&op);
                 select && a_.kindOf(select.getCondition()) == Kind::False) {
        if (a_.kindOf(select.getResult()) == Kind::Vector)
          vectors_[select.getResult()] = vectorOf(b, select.getFalseValue(), loc);
      } else if (a_.kindOf(op.getResult(0)) == Kind::Vector) {
        SmallVector<Value> operands;
        for (Value operand : op.getOperands())
          operands.push_back(vectorOf(b, operand, loc));
        Type type = VectorType::get({kLanes}, op.getResult(0).getType());
        OperationState state(loc, op.getName(), operands, TypeRange{type}, op.getAttrs());
        vectors_[op.getResult(0)] = b.create(state)->getResult(0);
      }
    }
  }

private:
  Value scalarOf(Value v) {
    if (Value base = bases_.lookup(v))
      return base;
    return uniform_.lookupOrDefault(v);
  }

  /// The vector<4> element index of a Lane index: its base / 4.
  Value vectorIndex(OpBuilder &b, Value laneIndex, Location loc) {
    Value four = arith::ConstantIndexOp::create(b, loc, kLanes);
    return arith::DivUIOp::create(b, loc, bases_.lookup(laneIndex), four);
  }

  /// `v` as a vector<4>: the vector path's value, or a broadcast.
  Value vectorOf(OpBuilder &b, Value v, Location loc) {
    if (Value vec = vectors_.lookup(v))
      return vec;
    return vector::BroadcastOp::create(b, loc, VectorType::get({kLanes}, v.getType()),
                                         uniform_.lookupOrDefault(v));
  }

  const StreamingKernel &k_;
  const BodyAnalysis &a_;
  IRMapping uniform_;                    ///< body's uniform values → hoisted clones
  llvm::DenseMap<Value, Value> bases_;   ///< Lane value → its scalar base
  llvm::DenseMap<Value, Value> vectors_; ///< Vector value → its vector<4>
  SmallVector<Value> accessBases_;
  SmallVector<Value> wrapTestBases_;
};

struct VectorizeStreamingPass
    : public PassWrapper<VectorizeStreamingPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VectorizeStreamingPass)
  StringRef getArgument() const override { return "nvc-vectorize-streaming"; }
  StringRef getDescription() const override {
    return "Give each invocation of a streaming kernel four consecutive elements, with 16-byte "
           "loads and stores";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<vector::VectorDialect, arith::ArithDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Not a kernel split at grid barriers (one invocation per state slot),
    // nor one already coarsened.
    if (!func->hasAttr(abi::kKernelAttr) || func->hasAttr(abi::kCoarsenAttr) ||
        func->hasAttr(abi::kCoarsenYAttr) || func->hasAttr(abi::kGridSyncArgAttr))
      return;
    std::optional<StreamingKernel> k = match(func);
    if (!k)
      return;
    rewrite(*k);
  }

  void rewrite(StreamingKernel &k) {
    BodyAnalysis analysis(k);
    if (!analysis.run())
      return;
    func::FuncOp func = k.func;
    Location loc = k.body.getLoc();
    Type intType = k.index().getType();
    OpBuilder b(k.body);

    // The first of this invocation's four requested invocations, 4g, as
    // index and as i (index_cast, as i was computed).
    Value firstId = arith::MulIOp::create(b, loc, k.globalId.getResult(),
                                            arith::ConstantIndexOp::create(b, loc, kLanes));
    Value base = k.toInt ? arith::IndexCastOp::create(b, loc, intType, firstId).getResult() : firstId;
    VectorPathBuilder builder(k, analysis);
    builder.hoist(b, base);


    // The vector<4> views: extra arguments, bound like their arrays.
    llvm::DenseMap<Value, Value> views;
    SmallVector<int32_t> aliasPairs;
    for (Value array : analysis.arrays()) {
      auto type = cast<MemRefType>(array.getType());
      auto viewType = MemRefType::get({ShapedType::kDynamic},
                                      VectorType::get({kLanes}, type.getElementType()),
                                      MemRefLayoutAttrInterface(), type.getMemorySpace());
      unsigned argIndex = func.getNumArguments();
      (void)func.insertArgument(argIndex, viewType, DictionaryAttr(), loc);
      views[array] = func.getArgument(argIndex);
      aliasPairs.push_back(static_cast<int32_t>(argIndex));
      aliasPairs.push_back(static_cast<int32_t>(cast<BlockArgument>(array).getArgNumber()));
    }
    func->setAttr(abi::kBufferAliasesAttr, b.getDenseI32ArrayAttr(aliasPairs));
    func->setAttr(abi::kCoarsenAttr, b.getI32IntegerAttr(kLanes));

    // The number of invocations the launch requested along x (before the
    // division by 4): a hidden last parameter, as for CoarsenThreads.
    unsigned requestedArg = func.getNumArguments();
    (void)func.insertArgument(requestedArg, b.getIndexType(), DictionaryAttr(), loc);
    Value requestedIdx = func.getArgument(requestedArg);

    // The vector path's condition: all four requested, in range, aligned.
    auto constInt = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(b, loc, intType, b.getIntegerAttr(intType, v));
    };
    auto both = [&](Value x, Value y) -> Value { return arith::AndIOp::create(b, loc, x, y); };
    auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
      return arith::CmpIOp::create(b, loc, p, x, y);
    };
    using P = arith::CmpIPredicate;
    Value lastId = arith::AddIOp::create(b, loc, firstId, arith::ConstantIndexOp::create(b, loc, kLanes - 1));
    Value last = arith::AddIOp::create(b, loc, base, constInt(kLanes - 1));
    Value cond = cmp(P::ult, lastId, requestedIdx);
    cond = both(cond, cmp(P::sge, base, constInt(0)));
    cond = both(cond, cmp(P::sge, last, constInt(0))); // base + 3 did not overflow
    cond = both(cond, cmp(k.guard.getPredicate(), last, k.guard.getRhs()));
    for (Value wrapBase : builder.wrapTestBases()) {
      Type t = wrapBase.getType();
      Value zero = arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, 0));
      Value three = arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, kLanes - 1));
      cond = both(cond, cmp(P::sge, wrapBase, zero));
      cond = both(cond, cmp(P::sge, arith::AddIOp::create(b, loc, wrapBase, three), zero));
    }
    Value mask = arith::ConstantIndexOp::create(b, loc, kLanes - 1);
    Value zeroIdx = arith::ConstantIndexOp::create(b, loc, 0);
    for (Value accessBase : builder.accessBases())
      cond = both(cond, cmp(P::eq, arith::AndIOp::create(b, loc, accessBase, mask), zeroIdx));

    auto branch = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/true);
    OpBuilder vb = branch.getThenBodyBuilder();
    builder.emitVectorPath(vb, views);

    // Scalar path: the original guarded body for each of the four.
    OpBuilder sb = branch.getElseBodyBuilder();
    for (int64_t lane = 0; lane < kLanes; ++lane) {
      Value id = arith::AddIOp::create(sb, loc, firstId, arith::ConstantIndexOp::create(sb, loc, lane));
      Value exists = arith::CmpIOp::create(sb, loc, P::ult, id, requestedIdx);
      Value i = k.toInt ? arith::IndexCastOp::create(sb, loc, intType, id).getResult() : id;
      Value inRange = arith::CmpIOp::create(sb, loc, k.guard.getPredicate(), i, k.guard.getRhs());
      auto copy = scf::IfOp::create(sb, loc, arith::AndIOp::create(sb, loc, exists, inRange),
                                       /*withElseRegion=*/false);
      IRMapping map;
      map.map(k.index(), i);
      OpBuilder cb = copy.getThenBodyBuilder();
      for (Operation &op : analysis.body())
        cb.clone(op, map);
    }
    k.body.erase();
    k.guard.erase();
    if (k.toInt && k.toInt->use_empty())
      k.toInt.erase();
  }

};

} // namespace

std::unique_ptr<Pass> createVectorizeStreamingPass() {
  return std::make_unique<VectorizeStreamingPass>();
}

} // namespace nvc
