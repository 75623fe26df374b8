// Ufunc: calling a ufunc nvc compiled — the entry points of one `@vectorize`,
// `@guvectorize` or `@cuda.reduce` function (docs/manifest.md "Ufuncs") — on host
// arrays, as NumPy calls a ufunc and numba-cuda's ufunc dispatcher a GPU ufunc:
//
//   nvc::rt::Module module(device, "gauss.spv");
//   nvc::rt::Ufunc gaussian = module.ufunc("gaussian");
//   nvc::rt::NpyArray g = gaussian({x, sigmas2d});            // x (n,), sigmas (m, 1): (m, n)
//   gaussian.call({x, ScalarValue(2.0)}, {out});             // into out, in its own layout
//   nvc::rt::Ufunc add = module.ufunc("add");                  // a vectorize with identity=0
//   nvc::rt::NpyArray total = add.reduce(x);                   // 0-d: np.add.reduce(x, axis=None)
//
// A call resolves the loop (type resolution, below), broadcasts the inputs' loop
// dimensions (all but the trailing core dimensions a guvectorize's signature gives each
// operand) as NumPy does, binds each named core dimension to one extent, converts
// every input on the host to its loop dtype in C order where it is not already (a
// scalar is one element that every loop position reads), computes every output in a
// buffer of its own (C order, the broadcast loop shape followed by the output's core
// extents), dispatches ceil(loop positions / workgroup size) workgroups (at most 65535
// and maxComputeWorkGroupCount[0]; the loop strides over the grid), and then writes given
// outputs in their own layout and dtype (NumPy's same_kind casting), also when an
// output is an input (f(x, x, out=x)). Results are host arrays (NpyArray, owning, C
// order): 0-d where every input is a scalar or 0-d.
//
// Type resolution follows numba-cuda's dispatcher (deviceufunc.py, _resolve_signature)
// and NumPy: the first loop whose input types equal the inputs' dtypes (a Python scalar
// has NumPy's dtype: int64, float64, complex128, bool), else the first loop, in the
// order of the decorator's signatures, to which every array input casts safely
// (np.can_cast(..., "safe")) and every Python scalar fits by kind, as NumPy 2 treats
// Python scalars beside arrays (NEP 50): an int fits any integer, float or complex loop
// type (its value must then fit: Error otherwise), a float any float or complex type,
// a complex a complex type, a bool any type; where all inputs are Python scalars they
// count as their NumPy dtypes and cast safely. numba-cuda's vectorize differs in refusing
// arrays that need a cast and in converting a scalar to any loop type (a float to an
// integer loop included). For a guvectorize the launcher follows numba-cuda's gufunc
// rules where they differ from NumPy's (docs/language.md "Ufuncs"): after the exact
// match, the first loop whose types cast safely *to* the inputs' dtypes is taken
// (GUFunc._search_matching_signature: float64 and float32 inputs run a float32 loop
// before a float64 one), and an input whose loop shape is () or (1,) is the same operand
// at every position of the largest input's loop (numba's "pinned" inputs), which gives
// outputs numba-cuda's shapes.
//
// reduce() is NumPy's ufunc.reduce(array, axis=None) for a vectorize with reduce loops
// (kind "reduce"), and numba.cuda's reduce object for a `@cuda.reduce` function
// (`sum_reduce(A, size=, res=, init=)`), run by the multi-pass schedule of
// docs/manifest.md on device-resident buffers: G workgroups over the input, then one
// workgroup over the G partials, the initial value applied on the last pass only.
#pragma once

#include "nvc/Arguments.h"
#include "nvc/Dispatch.h"
#include "nvc/HostArray.h"
#include "nvc/Manifest.h"
#include "nvc/Npy.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace nvc::rt {

class Module;

/// An operand of a ufunc call: a host array (any dtype, dimensions and strides,
/// 0-d included) or a scalar as Python has it (a Python bool, int, float or complex:
/// see the file comment for how it takes part in type resolution).
using UfuncOperand = std::variant<HostArray, ScalarValue>;

/// What a ufunc call ran (for reports such as `nvc-run -v`).
struct UfuncTrace {
  const EntryPointDesc *loop = nullptr; ///< the loop type resolution chose
  /// The broadcast loop shape (an empty shape for a 0-d loop); for a reduction, the
  /// elements reduced, {n}.
  std::vector<std::int64_t> loopShape;
  /// The dispatches, in order (none for an empty loop or reduction).
  std::vector<DispatchShape> dispatches;
};

/// Options of Ufunc::reduce: numba.cuda's reduce object's `init`, `size` and `res`,
/// and NumPy's ufunc.reduce `initial`.
struct ReduceOptions {
  /// The initial value, folded in last as f(init, value): a cuda_reduce's init=
  /// (numba-cuda's default 0 when unset), converted to the result dtype as
  /// `arr.dtype.type(init)` does (a float truncated toward an integer dtype); a
  /// reduce's initial= (NumPy: none when unset), which must fit the result dtype by
  /// kind as a Python scalar does (an int any numeric dtype, a float a float or
  /// complex one). The result of an empty input.
  std::optional<ScalarValue> init;
  /// cuda_reduce only: reduce array[:size] (Python's slicing: a negative size counts
  /// from the end, a size beyond the array takes all of it).
  std::optional<std::int64_t> size;
  /// cuda_reduce only: also write the result into res's first element ([0, ..., 0]),
  /// converted to res's dtype by same_kind casting (numba-cuda's `res=`).
  std::optional<HostArray> res;
};

/// A ufunc of a Module: its loops (one entry point per signature) and, for a
/// vectorize, its reduce loops. Made by Module::ufunc; keeps the module alive. Copies
/// share the kernels built so far. Not thread-safe (as Device).
class Ufunc {
public:
  /// The ufunc's (the Python function's) name.
  const std::string &name() const;
  /// Vectorize (also when it has reduce loops), GUVectorize or CudaReduce; Reduce for
  /// a ufunc of reduce loops only.
  UfuncKind kind() const;
  std::uint32_t nin() const;
  std::uint32_t nout() const;
  /// NumPy's signature of the loops: "(),()->()", "(n),(n)->()".
  const std::string &signature() const;
  const UfuncIdentity &identity() const;
  /// The entry points of `kind` in loop order (empty when there are none).
  std::vector<const EntryPointDesc *> loops(UfuncKind kind) const;
  /// Whether reduce() works: the ufunc is a cuda_reduce or has reduce loops.
  bool canReduce() const;
  /// The operands' names: the loops' parameters, inputs then outputs (a vectorize's
  /// output `out`); for a cuda_reduce or reduce-only ufunc, empty.
  std::vector<std::string> operandNames() const;

  /// The loop a call on `inputs` runs (type resolution alone; the file comment says
  /// how). Throws Error when the ufunc has no vectorize or guvectorize loops, when
  /// `inputs` does not hold nin() operands, and when no loop takes their dtypes (a
  /// message naming the dtypes and listing the loops).
  const EntryPointDesc &resolve(const std::vector<UfuncOperand> &inputs) const;

  /// Calls the ufunc: f(inputs..., out=out). `out` is empty or has nout() entries,
  /// std::nullopt where the call allocates that output. A given output must have the
  /// broadcast loop shape followed by its core extents, a dtype the loop's output
  /// casts to (same_kind) and no zero stride along an extent above 1; it is written
  /// in its own layout after the kernel ran. Returns the nout() results (C order, the
  /// loop's output dtypes; for a given output, what was written into it, before the
  /// conversion to its dtype). Throws Error (nothing written) for an input that does
  /// not have the dimensions its core dimensions need, a core dimension with two
  /// extents, loop dimensions that do not broadcast, an output core dimension no input
  /// or given output binds, an output of another shape, a scalar that does not fit its
  /// loop type, more than 2^31 - 1 loop positions or elements; and KernelError as
  /// Kernel::launch, after the outputs were written.
  std::vector<NpyArray> call(const std::vector<UfuncOperand> &inputs,
                             const std::vector<std::optional<HostArray>> &out = {},
                             UfuncTrace *trace = nullptr);
  /// call(inputs) of a ufunc with one output: that output.
  NpyArray operator()(const std::vector<UfuncOperand> &inputs);

  /// Reduces `array` to one value (a 0-d NpyArray of the reduce loop's dtype): every
  /// element for a vectorize's reduce loops (NumPy's axis=None; 0-d arrays too), the
  /// elements of a 1-d array for a cuda_reduce (numba-cuda refuses other arrays). The
  /// loop is resolved as for call() with `array` as both inputs. An empty input gives
  /// the initial value, else the identity (reduce) or 0 (cuda_reduce) without a
  /// dispatch. Throws Error when the ufunc cannot reduce, for options the ufunc's kind
  /// does not take (size and res belong to a cuda_reduce), for an empty input of a
  /// reduce without identity or initial value ("zero-size array to reduction operation
  /// NAME which has no identity", NumPy's), for an initial value that does not fit, and
  /// for 2^31 elements or more; KernelError as Kernel::launch.
  NpyArray reduce(const HostArray &array, const ReduceOptions &options = {},
                  UfuncTrace *trace = nullptr);

  /// Implementation state (runtime sources only).
  struct State;

private:
  friend class Module;
  explicit Ufunc(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

/// The one element of `result` (a 0-d array, or any array of one element) as Python's
/// print shows that NumPy scalar: "4950", "1.5", "0.1" (a float32's shortest digits),
/// "True", "(1+2j)". Throws Error for an array of another size.
std::string formatResult(const NpyArray &result);

/// The dispatch of a loop over `loopSize` positions (at least 1): ceil(loopSize /
/// workgroup size) workgroups of the entry point's default size along x, at most 65535
/// (Vulkan's guaranteed maxComputeWorkGroupCount[0], faster on the H200 than one
/// invocation per position), the device's maxComputeWorkGroupCount[0] and, for 32-bit
/// indices, as many as keep the grid below 2^31 invocations (the loop strides over the
/// grid).
LaunchConfig ufuncLoopLaunch(std::int64_t loopSize, const EntryPointDesc &loop,
                             const DeviceLimits &limits);

/// The workgroups of one reduction pass over `elements` (at least 1) with workgroups
/// of `workgroupSize`: ceil(elements / workgroupSize), at most min(1024,
/// maxComputeWorkGroupCount[0]), so that every workgroup has an element to start from.
std::uint64_t reducePassGroups(std::int64_t elements, std::uint32_t workgroupSize,
                               const DeviceLimits &limits);

} // namespace nvc::rt
