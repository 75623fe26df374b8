//===- Builtins.h - The registry of builtin functions ----------------------===//
//
// Every builtin function kernels call by name — Python's builtins, numba.cuda
// and numba-vulkan's GPU functions, atomics, array constructors, cmath —
// declared once in Builtins.def, with an id, a family, the operation it
// performs and flags. Type inference resolves a callee's qualified name to
// its BuiltinInfo once; type inference, MLIR generation and the checks on
// typed kernels (BarrierDivergence, LocalIdBounds) switch on the id, family
// and flags instead of comparing names (clspv's BuiltinsEnum.h/BuiltinsMap.inc
// are the model). Scalar math functions (math.*, NumPy's element-wise
// functions, libdevice) have their own table in MathBuiltins.h.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_BUILTINS_H
#define NVC_FRONTEND_SEMA_BUILTINS_H

#include "frontend/sema/Types.h"
#include "frontend/syntax/AST.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace nvc {

/// What kind of builtin a name is; each family has one typing function in
/// sema/ and one code generator in mlirgen/.
enum class BuiltinFamily : uint8_t {
  Python,           ///< len, range, abs, min, max, int, ...
  Method,           ///< methods of numbers: conjugate, bit_count
  BitIntrinsic,     ///< cuda.popc, cuda.clz, cuda.ffs, cuda.brev, cuda.selp
  Operator,         ///< operator.add, operator.lt, ... (operatorKind gives the operator)
  Half,             ///< cuda.fp16.hadd ... (halfOperation gives the operation)
  NumPyScalar,      ///< np.abs, np.minimum, ... (not math-library functions)
  Math,             ///< np.exp, cuda.fma, nv.fma (see MathBuiltins.h)
  GridIndex,        ///< cuda.grid, nv.global_id, ...
  Barrier,          ///< cuda.syncthreads, nv.barrier, nv.syncthreads
  BarrierReduction, ///< cuda.syncthreads_count/_and/_or
  Fence,            ///< cuda.threadfence(_block/_system), cuda.syncwarp
  CacheHint,        ///< cuda.ldca ... cuda.stwt (loads and stores with a cache hint)
  GridSync,         ///< cuda.cg.this_grid
  Subgroup,         ///< nv.subgroup.*, cuda.*_sync, cuda.activemask
  Atomic,           ///< cuda.atomic.*, nv.atomic.*
  PrivateArray,     ///< cuda.local.array, cuda.shared.array, np.zeros, ...
  ComplexMath,      ///< cmath.*
  ArrayReduction,   ///< np.sum, a.sum(), np.argmax, np.dot, ... (reductionOp())
};

/// The operation of an ArrayReduction builtin.
enum class ReductionOp : uint8_t {
  None, Sum, Prod, Mean, Min, Max, ArgMin, ArgMax, Any, All, Dot,
  // NumPy's NaN-ignoring reductions, variance and standard deviation, and
  // np.count_nonzero.
  NanSum, NanProd, NanMean, NanMin, NanMax, Var, Std, CountNonzero,
};

/// The operation of a Subgroup builtin; both spellings of one operation
/// (nv.subgroup.shuffle_xor, cuda.shfl_xor_sync) share it.
enum class SubgroupOp : uint8_t {
  None,
  Size, Lane, Id, Count, Elect,
  Sum, Prod, Min, Max,
  InclusiveSum, InclusiveProd, InclusiveMin, InclusiveMax,
  ExclusiveSum, ExclusiveProd, ExclusiveMin, ExclusiveMax,
  Any, All, Ballot, BallotCount, BroadcastFirst,
  Shuffle, ShuffleXor, ShuffleUp, ShuffleDown,
  ActiveMask,
  AllEqual, MatchAny, MatchAll, LanemaskLt,
};

/// The operation of an Atomic builtin (numba.cuda's cuda.atomic.*).
enum class AtomicOp : uint8_t {
  None, Add, Sub, Max, Min, NanMax, NanMin, Exch, And, Or, Xor, Inc, Dec, Cas,
};

/// Properties of a builtin, as bits of BuiltinInfo::flags.
enum BuiltinFlag : unsigned {
  /// Every invocation of a workgroup must reach it (BarrierDivergence).
  kBarrier = 1u << 0,
  /// Its result may differ between the invocations of a workgroup (an id,
  /// a lane's value, an atomic's old value): conditions on it diverge.
  kDivergentResult = 1u << 1,
  /// numba-cuda's subgroup spelling: a lane mask comes first (`*_sync`).
  kMaskFirst = 1u << 2,
  /// The array it constructs is shared by the workgroup.
  kSharedArray = 1u << 3,
  /// With a complex first argument it is a complex function (ComplexMath.h).
  kComplexWhenComplexArgument = 1u << 4,
  /// An atomic without an index argument: it works on element 0 of a 1-D
  /// array (cuda.atomic.compare_and_swap).
  kFirstElement = 1u << 5,
  /// A cache-hint builtin that stores (cuda.stcg ...) rather than loads.
  kStore = 1u << 6,
};

/// The Python operator an Operator builtin stands for: a binary operator, or
/// (for the comparisons) a comparison.
struct OperatorKind {
  std::optional<ast::BinOpKind> binary;
  std::optional<ast::CmpOpKind> comparison;
};

/// What a cuda.fp16 intrinsic computes on halves: an operator, or the math
/// function `math` of that name ("sin", "rsqrt", "fma", "neg", "abs",
/// "max", "min", "rcp", ...).
struct HalfOperation {
  OperatorKind op;
  std::string math;
  unsigned arity = 1;
};

/// The id of each builtin of Builtins.def.
enum class Builtin : uint16_t {
#define NVC_BUILTIN(Id, Name, Family, Op, Flags) Id,
#include "frontend/sema/Builtins.def"
#undef NVC_BUILTIN
};

/// One row of Builtins.def.
struct BuiltinInfo {
  Builtin id;
  const char *name; ///< the qualified name: "cuda.atomic.add", "range", ...
  BuiltinFamily family;
  uint8_t op; ///< a SubgroupOp or AtomicOp (0 for other families)
  unsigned flags;

  bool has(BuiltinFlag flag) const { return (flags & flag) != 0; }
  SubgroupOp subgroupOp() const { return static_cast<SubgroupOp>(op); }
  AtomicOp atomicOp() const { return static_cast<AtomicOp>(op); }
  ReductionOp reductionOp() const { return static_cast<ReductionOp>(op); }
};

/// The builtin called `qualifiedName` (the name type inference gives a
/// callee: "range", "cuda.atomic.add", "nv.subgroup.sum", "cmath.exp");
/// null for any other name, math-library functions other than Builtins.def's
/// included.
const BuiltinInfo *lookupBuiltin(std::string_view qualifiedName);

/// The builtin a callee's type names (a Type::function), or null for any
/// other callee (a device function, a dtype, a non-builtin name).
const BuiltinInfo *calleeBuiltin(const Type &callee);

/// The row of `id`.
const BuiltinInfo &builtinInfo(Builtin id);

/// The operator of an Operator-family builtin (operator.add: Add).
OperatorKind operatorKind(Builtin id);
/// The operation of a Half builtin (cuda.fp16.*); numba-cuda's cudadecl.py
/// types each as float16 (bool for the comparisons) of float16 arguments.
HalfOperation halfOperation(Builtin id);

/// Whether `b` (null: not a builtin) belongs to `family`.
inline bool isInFamily(const BuiltinInfo *b, BuiltinFamily family) {
  return b && b->family == family;
}

/// Whether `b` (null: not a builtin) is one of `ids`.
inline bool isOneOf(const BuiltinInfo *b, std::initializer_list<Builtin> ids) {
  return b && std::find(ids.begin(), ids.end(), b->id) != ids.end();
}

/// For a name lookupBuiltin does not know: whether its module makes it an
/// atomic (`cuda.atomic.*`, `nv.atomic.*`: "not an atomic operation"), a
/// cmath function ("not supported in kernels yet") or another GPU function
/// (`cuda.*`, `nv.*`: "not supported yet").
bool isInAtomicModule(std::string_view qualifiedName);
bool isInCmathModule(std::string_view qualifiedName);
bool isInGPUModule(std::string_view qualifiedName);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_BUILTINS_H
