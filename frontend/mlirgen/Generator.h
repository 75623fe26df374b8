//===- Generator.h - MLIR generation of one function -----------------------===//
//
// The internal contract of MLIR generation (frontend/mlirgen/MLIRGen.cpp is
// its public face): one Generator walks one typed kernel, launch chain or
// device function and emits gpu/arith/math/memref/cf operations, tracking
// values as `Val`s (Values.h).
//
// Its methods live in one file per concern, named as type inference's are
// (frontend/sema/Inferrer.h):
//   GenFunction.cpp     entry points, launch chains, device functions
//   GenConversions.cpp  lowered types, constants, Numba's conversions
//   GenStatements.cpp   assignments, locals, control flow, loops
//   GenExpressions.cpp  names, attributes, operators, comparisons
//   GenArrays.cpp       views, element access, private/shared/constant arrays
//   GenCalls.cpp        builtins of Python/math/cmath/NumPy, device functions
//   GenGPU.cpp          atomics, subgroup operations, barrier reductions
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MLIRGEN_GENERATOR_H
#define NVC_FRONTEND_MLIRGEN_GENERATOR_H

#include "frontend/mlirgen/MLIRGen.h"
#include "frontend/mlirgen/Values.h"

#include "frontend/mlirgen/ComplexCodegen.h"
#include "frontend/sema/BFloat16.h"
#include "frontend/sema/Builtins.h"
#include "frontend/sema/ChainTyping.h"
#include "frontend/sema/ComplexMath.h"
#include "frontend/mlirgen/MathCodegen.h"
#include "frontend/sema/TypeRules.h"
#include "frontend/sema/Ufuncs.h"
#include "frontend/sema/VectorTypes.h"
#include "abi/Attributes.h"
#include "passes/DynamicSharedMemory.h"

#include <fmt/format.h>
#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/Support/Casting.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
#include <mlir/Dialect/ControlFlow/IR/ControlFlowOps.h>
#include <mlir/Dialect/Func/Extensions/InlinerExtension.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/Math/IR/Math.h>
#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SCF/IR/SCF.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVAttributes.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVEnums.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>
#include <mlir/Dialect/UB/IR/UBOps.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace nvc::mlirgen {

/// The device-function specializations that generated code calls: a
/// type-inference specialization (its mangled key) together with the memref
/// types of its array arguments. An array in a storage buffer (a kernel's
/// argument) is the default; private and shared arrays live in other
/// storage classes with static shapes, and MLIR cannot convert between
/// those, so each combination gets a func.func of its own (all are inlined).
class DeviceRequests {
public:
  struct Request {
    std::string key;                      ///< InferenceContext::specializations key
    std::vector<mlir::MemRefType> arrays; ///< one per array parameter, in order
  };

  /// The func.func name that calls `key` with arrays of `arrays`' types
  /// (`key` itself when all are storage buffers).
  std::string request(const std::string &key, const std::vector<mlir::MemRefType> &arrays,
                      bool allStorageBuffers) {
    std::string name = key;
    if (!allStorageBuffers) {
      unsigned n = 0;
      for (;; ++n) {
        name = key + "__mem" + std::to_string(n);
        auto it = byName_.find(name);
        if (it == byName_.end() || it->second.arrays == arrays)
          break;
      }
    }
    byName_.emplace(name, Request{key, allStorageBuffers ? std::vector<mlir::MemRefType>{} : arrays});
    return name;
  }

  const std::map<std::string, Request> &all() const { return byName_; }

private:
  std::map<std::string, Request> byName_;
};

/// Generates the MLIR of one function (see the file comment). Errors throw
/// CompileError.
class Generator {
public:
  /// `requested` collects the device-function specializations this
  /// function calls, for generateMLIR to emit.
  /// `sites` collects the module's error and print sites (their ids).
  Generator(mlir::MLIRContext &ctx, const SourceFile &file, const TypedKernel &kernel,
            const ModuleLowering &lowering, const InferenceContext &inference,
            DeviceRequests &requested, ReportSites &sites);

  /// Emits a device-function specialization as a private func.func taking
  /// each scalar leaf, and for each array its buffer and descriptor, and
  /// returning the scalar leaves of its result. The pipeline inlines it.
  /// `arrays`: the memref type of each array parameter, in order (empty:
  /// all storage buffers).
  void generateDevice(mlir::OpBuilder &moduleBuilder, const std::string &name,
                      const std::vector<mlir::MemRefType> &arrays = {});
  mlir::func::FuncOp generate(mlir::OpBuilder &moduleBuilder, const std::string &entryName,
                              EntryPointABI &abi);

  /// Emits the fused entry point of `chain` (docs/language.md, "Launch
  /// chains"): its parameters are the chain's, typed by the kernel
  /// parameters they are passed to; its body calls each launched kernel,
  /// emitted as a private function `__chain_<chain>_<k>_<kernel>` that the
  /// pipeline inlines, in launch order. An intermediate is a StorageBuffer
  /// memref.alloca marked `nvc.chain_intermediate`, which the
  /// ChainIntermediates pass turns into one private scalar after checking
  /// that each invocation touches only its own element. `calls` receives
  /// the (function name, kernel) pairs to emit.
  mlir::func::FuncOp
  generateChain(mlir::OpBuilder &moduleBuilder, const LaunchChain &chain,
                const std::map<std::string, const TypedKernel *> &kernelsByEntry,
                EntryPointABI &abi,
                std::vector<std::pair<std::string, const TypedKernel *>> &calls);

private:
  //===--------------------------------------------------------------------===//
  // Entry points (kernels and chains alike)
  //===--------------------------------------------------------------------===//
  /// One parameter of an entry point.
  struct EntryParameter {
    const std::string &name;
    ast::Location loc;
    const Type &type;
    ArrayAccess access; ///< arrays: how the body uses it (the manifest's access)
  };
  /// The argument list of an entry point's func.func, in the kernel ABI's
  /// order (abi/KernelABI.h, docs/manifest.md): the scalars (a complex as
  /// two fields, a scalar narrower than 32 bits in a 4-byte field), then one
  /// StorageBuffer memref per array, then each array's descriptor (shape,
  /// strides, offset: 2·ndim+1 index values).
  struct EntryArguments {
    std::vector<mlir::Type> types;
    unsigned firstBuffer = 0;     ///< index of the first array buffer
    unsigned firstDescriptor = 0; ///< index of the first descriptor value
    int errorBuffer = -1;         ///< index of the error buffer, -1 for none
    int printBuffer = -1;         ///< index of the print buffer, -1 for none
    int gridSyncBuffer = -1;      ///< index of the grid-sync buffer, -1 for none
  };
  /// The argument list of an entry point taking `params`; appends each
  /// parameter's ArgumentABI to `abi.arguments`. Throws CompileError at a
  /// parameter whose type cannot be passed (a tuple, none).
  /// `errorBuffer`, `printBuffer`: the entry point takes the hidden buffers
  /// (after the arrays' buffers, before the descriptors); `gridSync`: the
  /// kernel's schedule when it has grid barriers, which adds the grid-sync
  /// buffer after those (docs/manifest.md "Grid synchronisation").
  /// A grid barrier `g.sync()`: its marker call (abi::kGridBarrierAttr).
  Val gridBarrier(const ast::Call &c);
  EntryArguments entryArguments(const std::vector<EntryParameter> &params, EntryPointABI &abi,
                                bool errorBuffer, bool printBuffer,
                                const GridSchedule *gridSync = nullptr);
  /// Binds the arguments of entry_ (laid out by `args`) to `params`: an
  /// array to an ArrayHandle in arrays_, a scalar to the Val handed to
  /// `bindScalar`.
  void bindEntryArguments(const std::vector<EntryParameter> &params, const EntryArguments &args,
                          llvm::function_ref<void(const EntryParameter &, const Val &)> bindScalar);

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//
  mlir::Type indexType() { return b_.getIntegerType(indexBits_); }

  /// Lowered types of the scalar leaves of `t` (none for none).
  std::vector<mlir::Type> leafTypes(const Type &t);
  /// The results of a device function returning an array view of `ndim`
  /// dimensions of a buffer of type `buffer`: the buffer, its offset, its
  /// extents and its strides.
  std::vector<mlir::Type> arrayResultTypes(mlir::Type buffer, unsigned ndim) {
    std::vector<mlir::Type> out{buffer};
    out.insert(out.end(), 1 + 2 * ndim, indexType());
    return out;
  }

  /// A device function's parameters of type `t`: its scalar leaves, or an
  /// array's buffer, offset, extents and strides.
  void appendArgumentTypes(const Type &t, std::vector<mlir::Type> &out,
                           mlir::MemRefType buffer = nullptr);

  /// A call of a device-function specialization: arguments flattened as
  /// appendArgumentTypes lays them out.
  Val userCall(const ast::Call &c);

  /// Integer width inside the kernel: 64-bit integers become 32-bit where
  /// the module's integers are 32-bit (ModuleLowering::intBits: @nv.jit's
  /// default, 004_…txt "Integer and float width"; narrow=True).
  unsigned intBits(const Type &t) const;
  mlir::Type lowerScalar(const Type &t);

  /// The MLIR type of a scalar in memory (buffers, the parameter block):
  /// what the host wrote, before any float narrowing.
  mlir::Type memoryType(const Type &t);

  /// Converts a float read from memory to the compute width, or back.
  mlir::Value toWidth(mlir::Value v, mlir::Type want, mlir::Location l);

  /// Element type an array of `dtype` has on the device.
  Type storageType(const Type &dtype) const;

  /// Type of a scalar parameter's field in the parameter block: at least
  /// 32 bits, narrowed like everything else.
  Type paramFieldType(const Type &t) const;
  mlir::MemRefType bufferMemRefType(const Type &dtype);
  mlir::Value fromParamField(mlir::Value v, const Type &t, mlir::Location l);

  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//
  mlir::Location loc(ast::Location l) {
    const SourceFile &src = k_.source ? *k_.source : file_;
    return mlir::FileLineColLoc::get(&ctx_, src.path(), l.line, l.col);
  }
  [[noreturn]] void fail(ast::Location l, const std::string &msg) { throw CompileError(l, msg); }
  bool terminated();

  //===--------------------------------------------------------------------===//
  // Errors and printing (GenErrors.cpp; docs/manifest.md "Errors and
  // printing")
  //===--------------------------------------------------------------------===//
  /// Records `site` in the error buffer (if no other invocation did first)
  /// with the two integer `arguments` (null: 0) and stops the invocation.
  /// Leaves the insertion point in a block after the stop (unreachable).
  void raiseError(const ErrorSiteABI &site, std::array<mlir::Value, 2> arguments,
                  ast::Location at);
  /// raiseError where `condition` holds; continues after it otherwise.
  void raiseIf(mlir::Value condition, const ErrorSiteABI &site,
               std::array<mlir::Value, 2> arguments, ast::Location at);
  /// The site of an error raised at `at` in this function.
  ErrorSiteABI errorSite(const std::string &type, const std::string &message, unsigned arguments,
                         ast::Location at) const;
  /// A `raise` or `assert` statement (its RaiseSite from type inference).
  void raiseStatement(const ast::Stmt &s);
  /// error_model="python": raises ZeroDivisionError (Numba's messages) when
  /// `divisor` (`original` before conversion to `t`) is zero, unless it is a
  /// nonzero constant; nothing for other operators or models.
  void checkDivisor(ast::BinOpKind op, const Val &original, const Val &divisor, const Type &t,
                    ast::Location at);
  /// boundscheck=True: raises IndexError when the wrapped `index` is not in
  /// [0, extent); the message names `original` (the index as written), the
  /// axis, the extent and the array.
  void checkIndex(mlir::Value index, mlir::Value extent, unsigned axis, mlir::Value original,
                  const ArrayHandle &a, ast::Location at);
  /// `t[i]` of a tuple whose items have one type at a run-time index i:
  /// IndexError("tuple index out of range") outside [-n, n), as Numba's
  /// getitem of a UniTuple; the item is selected from the n.
  Val tupleItemAt(const ast::Subscript &s);
  /// A print() call: appends its record to the print buffer.
  void printCall(const ast::Call &c);
  /// Leaves the function because the invocation raised: a kernel returns, a
  /// device function returns with its raised flag set.
  void stopInvocation(mlir::Location l);
  /// `values` for the function's exit block: a device function that may
  /// raise appends its raised flag, false.
  std::vector<mlir::Value> exitValues(std::vector<mlir::Value> values, mlir::Location l);
  /// A scalar as 32-bit words, low word first (bool 0/1, narrower integers
  /// must have been extended).
  std::vector<mlir::Value> valueWords(mlir::Value v, mlir::Location l);
  mlir::Value wordIndex(mlir::Value word, mlir::Location l);
  void storeWord(mlir::Value buffer, mlir::Value index, mlir::Value word, mlir::Location l);
  /// The file this function is defined in, without directories.
  std::string sourceFileName() const;
  /// `cuda.threadIdx.x` and friends: component `axis` of a dim3 as an i32.
  mlir::Value dim3Component(const std::string &name, unsigned axis, mlir::Location l);

  /// Starts a new block (for code after a break/continue/return, which is
  /// unreachable and removed by canonicalization).
  mlir::Block *newBlock();
  mlir::Value intConst(int64_t v, mlir::Type t, mlir::Location l) {
    return mlir::arith::ConstantOp::create(b_, l, b_.getIntegerAttr(t, v));
  }
  mlir::Value floatConst(double v, mlir::Type t, mlir::Location l) {
    return mlir::arith::ConstantOp::create(b_, l, b_.getFloatAttr(t, v));
  }
  const Type &typeOf(const ast::Expr &e);
  void deriveContiguousStrides(ArrayHandle &a, mlir::Location l);

  //===--------------------------------------------------------------------===//
  // Locals
  //===--------------------------------------------------------------------===//
  struct Local {
    Type type;
    std::vector<mlir::Value> slots; ///< one alloca per scalar leaf
  };
  void flattenTypes(const Type &t, std::vector<Type> &out);
  void declareLocal(const std::string &name, const Type &t, ast::Location at);
  void storeArrayLocal(const std::string &name, const ArrayHandle &a, ast::Location at);
  Val loadArrayLocal(const std::string &name, ast::Location at);
  void storeLocal(const std::string &name, const Val &v, ast::Location at);
  Val loadLocal(const std::string &name, ast::Location at);

  //===--------------------------------------------------------------------===//
  // Conversions
  //===--------------------------------------------------------------------===//
  mlir::Value convertScalar(mlir::Value v, const Type &from, const Type &to, ast::Location at);
  Val convert(const Val &v, const Type &to, ast::Location at);

  /// Python truthiness of any scalar value, complex included.
  mlir::Value truthOf(const Val &v, ast::Location at);

  /// Python truthiness of a scalar: x != 0.
  mlir::Value truth(mlir::Value v, const Type &t, ast::Location at);
  mlir::Value condition(const ast::Expr &e);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//
  struct LoopTargets {
    mlir::Block *breakTo, *continueTo;
  };
  void block(const ast::Block &stmts);
  void assign(const ast::Expr &target, const Val &v, ast::Location at);
  void stmt(const ast::Stmt &s);

  /// `for target in range(start, stop, step)`: the counter lives in its own
  /// slot, so assigning to the loop variable in the body does not change
  /// the iteration (Python semantics). The sign of a run-time step picks
  /// the comparison at run time; a step of 0 runs no iterations (Python
  /// raises ValueError).
  void forStatement(const ast::For &f);

  /// What one iteration over an array, enumerate() or zip() yields.
  struct Iterable {
    Type item;
    std::vector<const ArrayHandle *> arrays; ///< arrays iterated together
    bool enumerated = false;
  };
  Iterable iterable(const ast::Expr &iter);

  /// Item `i` of an array: an element, or a view of row i.
  Val item(const ArrayHandle &a, mlir::Value i, ast::Location at);

  /// `for v in a`, `for i, v in enumerate(a)`, `for x, y in zip(a, b)`: a
  /// counted loop over the shortest array's first extent.
  void forEach(const ast::For &f);
  /// `for v in (t1, t2, ...)` over tuples of tuples (vectors): unrolled.
  void unrolledTupleLoop(const ast::For &f);
  /// A loop unrolled into `count` copies emitted in order by `copy(k)`:
  /// `continue` goes to copy k + 1, `break` past the last copy and
  /// `orelse`, which runs when the last copy ends.
  void unrolledLoop(size_t count, const std::function<void(size_t)> &copy,
                    const ast::Block &orelse, mlir::Location l);
  /// The loop of `for ... in range(...)` (`call`), calling `bind` with the
  /// counter and its type at the start of each iteration.
  void rangeLoop(const ast::For &f, const ast::Call &call,
                 const std::function<void(mlir::Value, const Type &)> &bind);

  /// Assigns the items of one iteration to the loop target: one item to
  /// any target, several to a tuple target of as many elements (or to a
  /// single name, as a tuple of scalars).
  void bindItems(const ast::Expr &target, const std::vector<Val> &items, ast::Location at);

  /// The loop skeleton shared by all `for` loops: a counter in its own slot
  /// from `start` by `step` while below (above, for a negative step) `stop`;
  /// `bind` assigns the target from the counter at the top of each
  /// iteration; `else` runs when the loop ends without break.
  void countedLoop(const ast::For &f, mlir::Value start, mlir::Value stop, mlir::Value step,
                   std::optional<int64_t> constStep, const Type &counterT,
                   const std::function<void(mlir::Value)> &bind);

  //===--------------------------------------------------------------------===//
  // Arrays
  //===--------------------------------------------------------------------===//

  /// The array an expression denotes (a parameter, a variable holding a
  /// view, or a row view a[i]).
  const ArrayHandle &arrayValue(const ast::Expr &e);

  /// A new view of `a`'s data typed `type`: its buffer, storage, units and
  /// offset; the caller sets the shape and strides (and moves the offset).
  ArrayHandle &dataView(const ArrayHandle &a, const Type &type);
  /// The view a[i0, ..., ik] of the trailing dimensions of `a`.
  Val view(const ArrayHandle &a, const std::vector<mlir::Value> &indices, ast::Location at);

  /// Element index (in elements, index width) of `a[i, j, ...]`; negative
  /// indices count from the end, as NumPy (constant non-negative indices
  /// skip the check).
  std::pair<const ArrayHandle *, mlir::Value> elementAddress(const ast::Subscript &s);
  /// `a[i, 1:-1]`, `a[::-1]`, `a[:, None]` (NumPy's basic indexing): a view
  /// of `a`'s data of type `t`, integers indexing as indexValues does,
  /// slices bounded as Python's slice.indices, None a dimension of 1.
  Val slicedView(const ArrayHandle &a, const std::vector<const ast::Expr *> &items,
                 const Type &t, ast::Location at);
  /// The elements of an array-valued expression (an array, a view), read
  /// one at a time: `at(indices)` loads element `indices` (one index per
  /// dimension of `shape`, in the index type).
  using ElementSource = ArrayExpression;
  ElementSource elementsOf(const ast::Expr &e);
  /// The elements of an array or array expression value.
  ArrayExpression elementsOfValue(const Val &v, ast::Location at);
  //===--- Array expressions (GenArrayExpressions.cpp) --------------------===//
  /// `op(operands...)` element by element, NumPy's broadcasting: an array
  /// expression of `resultType` whose element applies `scalarOp` to the
  /// operands' elements (scalars taken as they are). Operands of shapes
  /// that do not broadcast raise ValueError.
  Val elementwise(const Type &resultType, const std::vector<Val> &operands,
                  std::function<Val(const std::vector<Val> &)> scalarOp, ast::Location at);
  /// `target[...] = source`: every element of the view `target` from the
  /// array or expression `source`, broadcast to its shape.
  void copyInto(const ArrayHandle &target, const Val &source, ast::Location at);
  /// `e[i, j]` of an array expression: its element, or a sub-expression.
  Val expressionItem(const Val &e, const ast::Subscript &s);
  /// Variables holding array expressions (assigned once: type inference).
  std::map<std::string, std::shared_ptr<const ArrayExpression>> expressions_;
  /// Loops over every index of `shape` in C order.
  void forEachIndex(const std::vector<mlir::Value> &shape, mlir::Location l,
                    const std::function<void(const std::vector<mlir::Value> &)> &body);
  /// A local scalar of type `t` (a Function-storage alloca in the entry
  /// block, which mem2reg promotes).
  mlir::Value localSlot(mlir::Type t, mlir::Location l);
  /// The builtin call `c` (of `builtin`, named `f`) of result type `rt` on
  /// the argument values `args`: also an array expression's element.
  Val builtinOnValues(const ast::Call &c, const BuiltinInfo *builtin, const std::string &f,
                      const std::vector<Val> &args, const Type &rt);
  /// builtinOnValues() before float16 rounding.
  Val builtinInFloat32(const ast::Call &c, const BuiltinInfo *builtin, const std::string &f,
                       const std::vector<Val> &args, const Type &rt);
  //===--- NumPy ufuncs called by name (GenUfuncs.cpp) --------------------===//
  /// A call type inference typed as a ufunc (TypedKernel::ufuncCalls): its
  /// value, an array expression when an input is an array; with an output
  /// array the value is written into it and the array is the result.
  Val ufuncCall(const ast::Call &c);
  /// One element of ufunc `u` on the scalar `inputs`, of element type `rt`.
  Val ufuncElement(const ast::Call &c, const Ufunc &u, const std::vector<Val> &inputs,
                   const Type &rt);
  /// ufuncElement() before float16 rounding.
  Val ufuncElementInFloat32(const ast::Call &c, const Ufunc &u, const std::vector<Val> &inputs,
                            const Type &rt);
  /// NumPy's ordering of complex numbers for `<`, `<=`, `>`, `>=`: by real
  /// parts, then by imaginary parts (its CLT/CLE/CGT/CGE macros).
  mlir::Value complexOrdered(ast::CmpOpKind op, const Val &x, const Val &y, ast::Location at);
  /// `a.view(dtype)`: a view of the same buffer as another dtype
  /// (ArrayHandle::storage), NumPy's ndarray.view (GenArrays.cpp).
  Val reinterpretedView(const ast::Call &c);
  /// `a.reshape(shape)` of a C-contiguous array: a C-contiguous view of
  /// the same elements; one extent -1 is inferred; a size that differs
  /// raises ValueError (GenArrays.cpp).
  Val reshapedView(const ast::Call &c);
  /// np.sum(a), a.max(), np.argmin(a), np.dot(a, b), ... (GenReductions.cpp).
  Val reduction(const ast::Call &c, const BuiltinInfo &b);
  /// `op` of every element of `sources` (two for np.dot), of result type `rt`.
  Val reduceElements(const ast::Call &c, ReductionOp op, const std::vector<ElementSource> &sources,
                     const Type &rt);
  /// `op` along an axis of `src` (TypedKernel::reductionAxes): an array
  /// expression of the other dimensions whose element is the reduction of
  /// its line, or a number for a 1-dimensional `src`; a run-time axis out
  /// of range raises ValueError.
  Val reductionAlongAxis(const ast::Call &c, ReductionOp op, const ElementSource &src,
                         const TypedKernel::ReductionAxis &axis, const Type &rt);
  /// `for i in range(n)` without a Python loop: `body(i)` (i in the index
  /// type) in cf blocks the way countedLoop builds them, so the passes see
  /// the same loops.
  void countingLoop(mlir::Value n, mlir::Location l,
                    const std::function<void(mlir::Value)> &body);
  /// Loops over every element of `v` in C order: `body` gets the index per
  /// dimension and the element's linear position in the buffer.
  /// The number of elements of an array of extents `shape` (index type):
  /// their product, 1 for a 0-d array.
  mlir::Value elementCount(const std::vector<mlir::Value> &shape, mlir::Location l);
  void forEachElement(const ArrayHandle &v, mlir::Location l,
                      const std::function<void(const std::vector<mlir::Value> &,
                                               mlir::Value)> &body);
  /// `x[...] = value` on a view: every element of `target` set to the
  /// scalar `value` (NumPy's broadcast of a scalar).
  void fillView(const ArrayHandle &target, const Val &value, ast::Location at);
  /// `view = value` or `view op= value`: an array or array expression copied
  /// in with broadcasting (copyInto), a number set everywhere (fillView).
  void storeIntoView(const ArrayHandle &target, const Val &value, ast::Location at);
  /// Python's slice.indices(n) (PySlice_AdjustIndices) of `s`: the first
  /// index, the step and the length, in the index type.
  std::array<mlir::Value, 3> sliceBounds(const ast::Slice &s, mlir::Value n, ast::Location at);

  /// Element index (in elements, index width) of `a[index]`, where `index`
  /// is one integer or a tuple of them.
  mlir::Value elementLinear(const ArrayHandle &a, const ast::Expr &index, ast::Location at);

  /// The indices of `a[i, j, ...]` (`index` is `i` or the tuple `i, j, ...`)
  /// as index-width integers; negative indices count from the end, as NumPy
  /// (constant non-negative indices skip the check).
  /// The index into dimension `d` of `a` that `iv` (the value of `e`, null
  /// for a tuple's item) gives: converted to the index type, a negative
  /// one wrapped around, checked under boundscheck.
  mlir::Value indexValue(const ArrayHandle &a, unsigned d, const Val &iv, const ast::Expr *e,
                         ast::Location at);
  std::vector<mlir::Value> indexValues(const ArrayHandle &a, const ast::Expr &index,
                                       ast::Location at);

  /// Buffer index of part `part` of element `linear` (complex elements are
  /// two consecutive floats).
  mlir::Value bufferIndex(const ArrayHandle &a, mlir::Value linear, unsigned part,
                          mlir::Location l);

  /// Reads element `linear` (in elements) of `a`.
  Val loadElement(const ArrayHandle &a, mlir::Value linear, ast::Location at);

  /// Writes `v` (already of the array's dtype) to element `linear` of `a`.
  void storeElement(const ArrayHandle &a, mlir::Value linear, const Val &v, ast::Location at);

  //===--- Records (GenRecords.cpp; 004_…txt "Structured arrays") ----------===//
  /// Bytes a record's address is a multiple of: the largest power of two
  /// dividing its itemsize, at most 4 (NumPy's views of records keep it;
  /// the launcher refuses strides that do not, BoundArguments.cpp).
  static unsigned recordAlignment(const Type &record);
  /// A record of the byte-addressed `base` at byte address `address`.
  Val recordAt(const ArrayHandle &base, mlir::Value address);
  /// The word (memref index) holding byte `byte` of a word buffer, and the
  /// position of that byte's lowest bit in it (an i32: 0, 8, 16 or 24).
  mlir::Value wordOfByte(mlir::Value byte, mlir::Location l);
  mlir::Value bitOfByte(mlir::Value byte, mlir::Location l);
  /// The `n` ≤ 4 bytes at byte `address` of the word buffer `buffer`, in
  /// the low bits of an i32 (zero-extended); `align`: what `address` is a
  /// multiple of.
  mlir::Value loadChunk(mlir::Value buffer, mlir::Value address, unsigned n, unsigned align,
                        mlir::Location l);
  /// Writes the low `n` ≤ 4 bytes of the i32 `bits` at byte `address`. A
  /// whole aligned word is stored; other bytes are merged into the words
  /// they share, atomically in storage buffers and shared memory (a
  /// compare-and-swap of each word), so that invocations writing
  /// neighbouring fields never clobber each other.
  void storeChunk(mlir::Value buffer, mlir::Value address, unsigned n, mlir::Value bits,
                  unsigned align, mlir::Location l);
  /// Reads (writes) a scalar of type `t` at byte `address` of `a`'s word
  /// buffer.
  Val loadBytes(const ArrayHandle &a, mlir::Value address, const Type &t, unsigned align,
                ast::Location at);
  void storeBytes(const ArrayHandle &a, mlir::Value address, const Type &t, const Val &v,
                  unsigned align, ast::Location at);
  /// A float64 given as its two words (low first) rounded to the nearest
  /// float32 with integer operations (a device without float64: --no-float64);
  /// results below float32's normal range flush to ±0.
  mlir::Value float64WordsToFloat32(mlir::Value lo, mlir::Value hi, mlir::Location l);
  /// The float64 words (low, high) of the f32 `x`, exactly (float32
  /// subnormals give ±0), with integer operations.
  std::pair<mlir::Value, mlir::Value> float32ToFloat64Words(mlir::Value x, mlir::Location l);
  /// `r.x` / `r["x"]`: the field's value, or a view of an array field.
  Val recordField(const Val &record, const std::string &field, ast::Location at);
  /// `r.x = v`: `v` converted to the field's type and stored; an array field
  /// takes a number (set everywhere) or an array (broadcast).
  void storeRecordField(const Val &record, const std::string &field, const Val &v,
                        ast::Location at);
  /// `a[i] = b[j]`: every field of `source` copied to `target`.
  void copyRecord(const Val &target, const Val &source, ast::Location at);
  /// The record and field name `e` denotes when it is `r.x` or `r["x"]` of
  /// a record; nullopt otherwise.
  std::optional<std::pair<const ast::Expr *, std::string>> recordFieldOf(const ast::Expr &e);
  /// Variables holding records: the array they are in (fixed: type
  /// inference checks that a variable refers to one argument) and a slot
  /// of the byte address.
  struct RecordLocal {
    const ArrayHandle *base;
    mlir::Value slot;
  };
  std::map<std::string, RecordLocal> recordLocals_;
  void storeRecordLocal(const std::string &name, const Val &record, ast::Location at);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  /// A private array of `shape` elements of `dtype` (Function storage,
  /// allocated once at kernel entry), as an array handle with C strides.
  ArrayHandle &privateArrayHandle(const Type &arrayType, const std::vector<int64_t> &shape,
                                  mlir::Location l, bool shared = false);

  /// The private declaration `name` of the gpu.module, `() -> result`,
  /// created on first use.
  mlir::func::FuncOp declaration(const std::string &name, mlir::Type result, mlir::Location l);

  /// numba-cuda's dynamic shared memory, `cuda.shared.array(0, dtype)`
  /// (passes/DynamicSharedMemory.h): a call, at function entry, of the
  /// declaration `() -> memref<?xT, Workgroup>` for the element type, marked
  /// with the dtype and its itemsize (the pipeline makes all of a kernel's
  /// one allocation; a call, unlike an allocation that is only written, is
  /// never removed from a device function before it is inlined), whose
  /// length is the launch's bytes (a call of kDynamicSharedBytesFunction)
  /// divided by the dtype's itemsize.
  ArrayHandle &dynamicSharedArray(const Type &arrayType, mlir::Location l);

  /// `cuda.local.array`, `np.empty` (uninitialised), `np.zeros`, `np.ones`,
  /// `np.full` (filled where the call is, every time it runs).
  Val privateArray(const ast::Call &c, const BuiltinInfo &constructor, const Type &rt);

  /// A read-only global NumPy array: a private array of the invocation,
  /// filled with the frozen values at kernel entry (drivers keep such
  /// constant tables in registers or constant memory). Limited to
  /// kMaxConstantArrayElements elements.
  Val constantArray(const ConstValue &c, ast::Location at);

  /// Whether `c` is an int64/uint64 constant outside the 32 bits that
  /// narrowed kernels compute int64 in.
  bool overflowsNarrowedInt(const ConstValue &c) const;
  Val constant(const ConstValue &c, ast::Location at);
  Val expr(const ast::Expr &e);
  Val attribute(const ast::Attribute &a);

  /// Python's `lhs op rhs` on numbers, with operands converted to the result
  /// type Numba gives the operation (comparisons are in compare()); a
  /// float16 result is rounded to a half.
  Val binary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at);
  /// binary() before float16 rounding.
  Val binaryInFloat32(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at);

  //===--- float16 (GenFloat16.cpp) ----------------------------------------===//
  /// The float32 value of a half's 16 bits (an i16 or an i32 holding them
  /// zero-extended): exact.
  mlir::Value halfBitsToFloat(mlir::Value bits, mlir::Location l);
  /// The i16 bits of the half nearest to the f32 or f64 `x`, ties to even
  /// (one rounding from either width), ±inf from 65520 up, NaN kept quiet.
  mlir::Value floatToHalfBits(mlir::Value x, mlir::Location l);
  /// `x` (f32 or f64) rounded to the nearest half, as an f32.
  mlir::Value roundToHalf(mlir::Value x, mlir::Location l);
  /// cuda_fp16.h's / cuda_bf16.h's __hmax and __hmin: the larger (smaller)
  /// of `a` and `b`, a NaN argument giving the other one.
  mlir::Value extremumIgnoringNan(mlir::Value a, mlir::Value b, bool max, mlir::Location l);
  /// TwoSum of p + c: the rounded sum s and its exact error e (s + e = p + c),
  /// what rounding a fused multiply-add of 16-bit floats once needs.
  std::pair<mlir::Value, mlir::Value> twoSum(mlir::Value p, mlir::Value c, mlir::Location l);
  //===--- bfloat16 (GenBFloat16.cpp) --------------------------------------===//
  /// `x` (f32 or f64) rounded to a bfloat16 in `mode`, as an f32 (NaN kept
  /// quiet; one rounding from either width).
  mlir::Value roundToBfloat16(mlir::Value x, BfloatRounding mode, mlir::Location l);
  /// A numba.cuda.bf16 function (BFloat16.h) on its evaluated arguments.
  Val bfloatCall(const ast::Call &c, const std::vector<Val> &args);
  /// A cuda.fp16 intrinsic (`cuda.fp16.hadd(a, b)`, ...) on `args`.
  Val halfIntrinsic(const BuiltinInfo &builtin, const std::vector<Val> &args, ast::Location at);
  /// `v` with its value rounded to a half (a bfloat16) when its type is
  /// float16 (bfloat16): the float32 result of an operation on such values;
  /// other values unchanged.
  Val roundedIfHalf(Val v, ast::Location at);
  /// The unary operator `u` on the scalar `v`, giving `rt`.
  Val unary(const ast::UnaryOp &u, const Val &v, const Type &rt);

  /// `+ - * /` on complex numbers, with numba-cuda's formulas (so results
  /// agree bit for bit when contraction is off); division is
  /// emitComplexDivision (ComplexCodegen.h).
  Val complexBinary(ast::BinOpKind op, const Val &lhsIn, const Val &rhsIn, ast::Location at);

  /// Python's a // b or a % b on integers: floor semantics, computed from a
  /// truncating division only (drivers disagree on OpSRem/OpSMod for
  /// negative operands); division by zero gives 0, as in numba.cuda, and so
  /// does the signed MIN // -1 and MIN % -1, whose quotient overflows
  /// (numba's int_divmod_signed returns 0, 0 "more or less like NumPy"; a
  /// bare arith.divsi would be undefined there).
  mlir::Value floorDivMod(bool wantQuotient, mlir::Value a, mlir::Value b, bool isSigned,
                          mlir::Location l);

  /// a ** b for integers by repeated squaring; a negative exponent gives 0
  /// (Python would give a float; Numba's integer power does the same).
  /// Python's float `a // b` and `a % b` as Numba computes them
  /// (numbers.py's real_divmod, CPython's float_divmod): mod = fmod(a, b)
  /// exactly (the math library's; Vulkan's OpFRem is only as precise as
  /// a - b·trunc(a/b)), div = (a - mod) / b, the remainder given the
  /// divisor's sign, the quotient snapped to an integer; a zero divisor
  /// gives a / b and NaN, as Numba's error model without exceptions.
  std::pair<mlir::Value, mlir::Value> floatDivMod(mlir::Value a, mlir::Value b, const Type &t,
                                                  ast::Location at);

  /// The integer constant `v` holds, if it is one.
  static std::optional<int64_t> constantInteger(const Val &v);

  /// Numba computes `x ** n` for an integer exponent of at most this magnitude
  /// by repeated squaring, and through pow() above it (numbers.py's
  /// int_power_impl and static_power_impl).
  static constexpr int64_t kPowerBySquaringLimit = 0x10000;

  /// `base ** exponent` and pow(base, exponent) as numba-cuda computes them
  /// (numba/cuda/cpython/numbers.py, mathimpl.py), so that results agree bit
  /// for bit:
  ///  - float ** integer keeps the float's type and multiplies by repeated
  ///    squaring (r = 1; while e: if e & 1: r *= x; e >>= 1; x *= x), unrolled
  ///    for a constant exponent; a negative exponent gives 1 / r; |e| above
  ///    0x10000 goes to pow(x, float(e));
  ///  - float ** float is the math library's pow (docs/math.md);
  ///  - integer ** integer squares the same way; for a negative exponent the
  ///    result is 0 unless the base is 1 or -1, and 0 ** negative is the
  ///    type's minimum (numba's result when it does not raise
  ///    ZeroDivisionError);
  ///  - complex ** complex is numba-cuda's cpow (complexPower).
  Val power(const Val &base, const Val &exponent, ast::Location at);
  mlir::Value multiply(mlir::Value a, mlir::Value b, const Type &t, mlir::Location l);

  /// The smallest value of the integer type `v` computes in.
  mlir::Value integerMinimum(mlir::Type t, mlir::Location l);

  /// x ** n for a constant n, |n| ≤ 0x10000: Numba's static_power_impl, the
  /// squaring loop unrolled (the multiplications in its order).
  mlir::Value constantPower(mlir::Value x, int64_t n, const Type &t, mlir::Location l);

  /// Numba's integer result of base ** negative given r = base ** |e|:
  /// `test` 0 → the type's minimum; `test` ±1 → r; otherwise 0.
  mlir::Value integerInverse(mlir::Value test, mlir::Value r, mlir::Location l);

  /// x ** e for a run-time integer e: Numba's int_power_impl (squaring loop;
  /// pow(x, float(e)) when |e| > 0x10000).
  mlir::Value runtimePower(mlir::Value x, mlir::Value e, bool expSigned, const Type &t,
                           ast::Location at);
  /// int_power_impl's path for |e| > 0x10000: pow(float(x), float(e)), an
  /// integer result converted back. Also what a constant exponent that large
  /// gives (no squaring loop is emitted then: left unreachable, its cycle
  /// kept MLIR's canonicalizer from ending).
  mlir::Value powerThroughPow(mlir::Value x, mlir::Value e, bool expSigned, const Type &t,
                              ast::Location at);

  /// numba-cuda's complex ** complex (mathimpl.py's cpow_implement, in the
  /// parts' precision): 1 for a zero exponent, 0 for a zero real part of
  /// both operands, otherwise |a|^c / e^(arg(a)·d) at angle arg(a)·c +
  /// d·log|a|, for exponent c + di; the last step multiplied as a complex
  /// product (complexBinary), as numba does.
  std::vector<mlir::Value> complexPower(const Val &a, const Val &b, ast::Location at);
  mlir::Value compareScalars(ast::CmpOpKind op, const Val &lhs, const Val &rhs, ast::Location at);

  /// `a < b < c`: each operand evaluated once, later comparisons only when
  /// the earlier ones hold (Python's chained comparison).
  Val compare(const ast::Compare &c);

  /// `a and b` / `a or b`: Python returns the deciding operand (converted to
  /// the unified type), evaluating later operands only when needed.
  Val boolOp(const ast::BoolOp &bo);

  /// Whether evaluating `e` when Python would not is unobservable and cheap: a real
  /// or integer scalar built from names, literals, + - * & | ^, unary operators,
  /// comparisons and such conditional expressions (no call, subscript, division or
  /// shift). A conditional expression whose two arms are is a select.
  bool speculatable(const ast::Expr &e);

  /// `cuda.atomic.OP(ary, idx, ...)` / `nv.atomic.OP`: one
  /// memref.generic_atomic_rmw whose body computes the new element from the
  /// current one; nvc's SPIR-V conversion turns recognised bodies into single
  /// atomic instructions and the rest into compare-and-swap loops
  /// (passes/AtomicRMWToSPIRV.cpp). The result is the previous value.
  Val atomicCall(const ast::Call &c, const BuiltinInfo &b, const Type &rt);

  /// numba.cuda's integer intrinsics (cuda.popc, clz, ffs, brev, selp) on
  /// their evaluated arguments; `rt` is the call's type (GenBitIntrinsics.cpp).
  Val bitIntrinsic(const BuiltinInfo &b, const std::vector<Val> &args, const Type &rt,
                   ast::Location at);
  /// round(x, ndigits) of a float, as numba-cuda's round_to_impl.
  Val roundDigits(const Val &x, const Val &ndigits, ast::Location at);
  /// The number of set bits of an i32 or i64 value, in its type.
  mlir::Value populationCount(mlir::Value v, mlir::Location l);
  /// An 8- or 16-bit integer zero-extended to i32; wider ones unchanged.
  mlir::Value widenedBits(mlir::Value v, mlir::Location l);

  /// Subgroup (warp) operations as gpu dialect operations, which MLIR lowers
  /// to SPIR-V GroupNonUniform instructions over the invocations of the
  /// subgroup that reach them. Shuffles name the target's subgroup width
  /// (32, the lowering's requirement); SPIR-V shuffles have no width, so the
  /// code is correct for any subgroup size.
  Val subgroupCall(const ast::Call &c, const BuiltinInfo &b, const Type &rt);

  /// A shuffle with CUDA's rules at the subgroup's edges (the CUDA
  /// Programming Guide's __shfl_*_sync with width = warpSize; SPIR-V leaves a
  /// source lane outside the subgroup undefined): shfl/shuffle reads lane
  /// `src` modulo the subgroup size; down, up and xor return the invocation's
  /// own value when lane + delta, lane - delta or lane ^ mask is not a lane
  /// of the subgroup (delta and mask unsigned, as CUDA's).
  mlir::Value cudaShuffle(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                          mlir::Location l);

  /// A subgroup shuffle of a scalar, as SPIR-V's OpGroupNonUniformShuffle
  /// (Xor, Up, Down) with subgroup scope, emitted directly: MLIR's
  /// gpu.shuffle lowering mixes 32- and 64-bit lane arithmetic for up/down
  /// with 64-bit indices. SPIR-V shuffles have no width, so the code is
  /// correct for any subgroup size. Values travel as 32-bit words: narrower
  /// ones widened, 64-bit ones as two halves (as CUDA's __shfl_sync does for
  /// double and long long).
  mlir::Value shuffle32(mlir::Value v, mlir::Value operand, mlir::gpu::ShuffleMode mode,
                        mlir::Location l);

  /// OpGroupNonUniformBallot of the i1 `p` over the subgroup: vector<4xi32>.
  mlir::Value ballot(mlir::Value p, mlir::Location l);

  /// nv.subgroup.inclusive_*/exclusive_* (sum, prod, min, max): a prefix
  /// scan over the active lanes in lane order, as SPIR-V's InclusiveScan /
  /// ExclusiveScan group operations (gpu.subgroup_reduce has no scans). The
  /// first lane of an exclusive scan gets the operation's identity (0, 1,
  /// the type's largest / smallest value, ±inf), as SPIR-V defines it.
  Val subgroupScan(const ast::Call &c, SubgroupOp op, mlir::Value v, const Type &rt);

  /// cuda.syncthreads_count/and/or(p) (numba.cuda): a barrier that also
  /// combines p over the workgroup. Each subgroup counts its lanes with OpGroupNonUniformIAdd,
  /// one lane per subgroup adds that to a workgroup counter (an atomic add
  /// on a hidden Workgroup variable), and every invocation reads the total:
  ///   barrier; invocation (0,0,0) zeroes the counter; barrier;
  ///   elected lanes add; barrier; read.
  /// The first barrier keeps a previous round's readers (the same call in a
  /// loop) ahead of the zeroing. and = no invocation counted !p; or = the
  /// count is not 0. The result is an int32, as in numba.cuda.
  Val syncthreadsReduction(const ast::Call &c, const BuiltinInfo &b);

  /// A real math function of float type `t` through the math library.
  mlir::Value realMath(const std::string &name, std::vector<mlir::Value> xs, const Type &t,
                       ast::Location at);

  /// A complex function (ComplexMath.h) through ComplexCodegen.
  Val complexFunction(const std::string &f, const std::vector<Val> &args, const Type &rt,
                      ast::Location at);
  int64_t constantArg(const ast::Call &c, size_t i) { return k_.constants.at(c.args[i].get()).i; }
  mlir::Value indexToInt(mlir::Value v, mlir::Location l);
  Val call(const ast::Call &c);
  mlir::MLIRContext &ctx_;
  const SourceFile &file_;
  const TypedKernel &k_;
  mlir::OpBuilder b_;
  unsigned indexBits_; ///< ModuleLowering::indexBits
  unsigned intBits_;   ///< ModuleLowering::intBits
  bool narrowFloats_;
  bool float32Storage_;
  mlir::Block *entry_ = nullptr;
  mlir::Block *exit_ = nullptr;
  const InferenceContext &inference_;
  EntryPointABI *abi_ = nullptr; ///< kernels only: what the manifest records
  DeviceRequests &requested_;
  ReportSites &sites_;
  /// The entry point's error and print buffers (memref<?xi32>), passed on
  /// to the device functions that need them; null where the function
  /// cannot raise / does not print.
  mlir::Value errorBuffer_, printBuffer_;
  /// The function is emitted by generateDevice (a device function, or a
  /// kernel's copy for a chain) and may raise: its last result says whether
  /// it did (GenErrors.cpp).
  bool returnsRaisedFlag_ = false;
  std::map<std::string, std::unique_ptr<ArrayHandle>> arrays_;

  /// Views made while generating (row views, views loaded from variables);
  /// a deque keeps their addresses stable.
  std::deque<ArrayHandle> views_;
  /// constantArray's copies: by function entry block and frozen value.
  std::map<std::pair<mlir::Block *, std::string>, ArrayHandle *> constantArrays_;
  /// The i16 bits of each value roundToHalf made (GenFloat16.cpp): storing a
  /// float16 result reuses them instead of encoding it a second time.
  llvm::DenseMap<mlir::Value, mlir::Value> halfBitsOfRounded_;

  /// Variables holding views: the buffer is fixed (type inference checks
  /// that a variable views one parameter), the descriptor lives in slots so
  /// that assignments on different paths merge.
  struct ArrayLocal {
    Type type;
    mlir::Value buffer;
    Type storage; ///< ArrayHandle::storage and units of the views it holds
    unsigned units = 1;
    std::vector<mlir::Value> slots; ///< offset, extents, strides
    /// A variable holding views of several array parameters
    /// (TypedKernel::arrayVariableRoots): their buffers, and the local
    /// holding the index of the one it refers to (`buffer` is unset).
    std::vector<mlir::Value> candidates;
    mlir::Value selector;
  };
  /// The buffers loadArrayLocal selects at run time (an arith.select chain
  /// over memrefs; passes/ExpandBufferSelects turns each access into a
  /// choice between accesses): the selector and the candidates.
  llvm::DenseMap<mlir::Value, std::pair<mlir::Value, std::vector<mlir::Value>>> selectedBuffers_;
  std::map<std::string, ArrayLocal> arrayLocals_;
  /// The i32 position of `buffer` (a candidate, or a buffer another
  /// variable selects) among `candidates`.
  mlir::Value candidateIndex(const std::vector<mlir::Value> &candidates, mlir::Value buffer,
                             ast::Location at);
  std::map<std::string, Local> locals_;
  /// The slots of each variable's webs (frontend/syntax/Rebindings.h) by
  /// Python name and type: webs of one name with one type share their
  /// allocas. A name's webs are never live at once (a use reads the web of
  /// the definitions that reach it, and every definition stores to the
  /// shared slot), and one slot per variable rather than per web keeps
  /// mem2reg linear in the kernel's size (it walks the blocks once per slot).
  std::map<std::pair<std::string, std::string>, std::vector<mlir::Value>> webSlots_;
  /// The hidden counter slot of counted loops, by nesting depth and counter type:
  /// loops one after another share one (each stores its start before reading it), so
  /// that a kernel of many loops has few slots for mem2reg to walk (issue 25).
  std::map<std::pair<std::size_t, const void *>, mlir::Value> counterSlots_;
  std::vector<LoopTargets> loops_;
};

} // namespace nvc::mlirgen

#endif // NVC_FRONTEND_MLIRGEN_GENERATOR_H
