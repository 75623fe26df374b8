// The binding manifest (`kernel.json`, docs/manifest.md): the contract between the
// nvc compiler and a launcher. This header holds its in-memory form and the loader,
// which checks every field's presence and type and the manifest's internal
// consistency (dtype pairs, parameter-block fields inside the block, aligned and not
// overlapping, distinct bindings) before anything touches a device.
#pragma once

#include "nvc/DType.h"
#include "nvc/Record.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace nvc::rt {

/// Whether a kernel parameter is an array (a storage buffer plus shape, stride and
/// offset fields in the parameter block) or a scalar (a parameter-block field).
enum class ArgumentKind { Scalar, Array };

/// Memory layout an array parameter was declared with: `C` (C-contiguous), `F`
/// (Fortran-contiguous) or `A` (any strides).
enum class ArrayLayout { C, F, A };

/// How the kernel uses an array: the launcher copies back only Write and ReadWrite.
enum class ArrayAccess { Read, Write, ReadWrite };

/// Where the parameter block lives: push constants, a uniform buffer in descriptor
/// set 0, or nowhere (the kernel has no parameter-block fields).
enum class ParameterBlockKind { PushConstant, UniformBuffer, None };

/// One kernel parameter (manifest `arguments[i]`). Byte offsets are into the
/// parameter block. For scalars only `offset` is meaningful; for arrays `ndim`,
/// `layout`, `access`, `binding`, `shapeOffsets`, `strideOffsets` (ndim entries each)
/// and `offsetOffset`.
struct ArgumentDesc {
  std::string name;
  ArgumentKind kind = ArgumentKind::Scalar;
  DType dtype = DType::Float32;       ///< type the caller passes
  DType deviceDType = DType::Float32; ///< type the device sees (narrowed int64/uint64,
                                      ///< float64/complex128 of narrowed kernels)
  std::uint32_t offset = 0;           ///< scalars: byte offset of the value
  std::uint32_t ndim = 0;
  ArrayLayout layout = ArrayLayout::A;
  ArrayAccess access = ArrayAccess::ReadWrite;
  std::uint32_t binding = 0; ///< storage-buffer binding in descriptor set 0
  std::vector<std::uint32_t> shapeOffsets;
  std::vector<std::uint32_t> strideOffsets;
  std::uint32_t offsetOffset = 0;
  /// An array of records (manifest `record`, docs/manifest.md "Arrays of records"):
  /// the argument is the records' bytes, a uint8 array of ndim = record->ndim + 1
  /// dimensions whose last extent is record->itemsize and whose last stride is 1.
  /// Absent for every other argument.
  std::optional<RecordDesc> record;

  /// True if the kernel may write the array (access Write or ReadWrite).
  bool writes() const { return access != ArrayAccess::Read; }
};

/// The parameter block of an entry point: its kind, its size in bytes and, for a
/// uniform buffer, its binding in descriptor set 0.
struct ParameterBlockDesc {
  ParameterBlockKind kind = ParameterBlockKind::None;
  std::uint32_t size = 0;
  std::optional<std::uint32_t> binding;
};

/// numba-cuda's dynamic shared memory of an entry point (manifest
/// `dynamic_shared_memory`): the launch's byte count (LaunchConfig::
/// sharedMemoryBytes) is the specialization constant `specId`; the kernel's
/// arrays of `dtype` have length bytes // itemsize, and the device allocates
/// max(1, ceil(bytes / wordBytes)) elements of `wordBytes` (none when
/// `wordBytes` is 0: the arrays were optimised away, their length remains).
struct DynamicSharedMemoryDesc {
  std::uint32_t specId = 3;
  std::optional<std::string> dtype;
  std::uint32_t wordBytes = 0;

  /// Bytes of workgroup memory a launch asking for `bytes` takes.
  std::uint64_t allocatedBytes(std::uint64_t bytes) const;
};

/// One row of an entry point's error table (docs/manifest.md "The error
/// buffer"): what an error id stands for.
struct ErrorSiteDesc {
  std::string type;        ///< the exception class: "ValueError", "MyError"
  std::string message;     ///< str(exception); `{0}`/`{1}` stand for the arguments
  std::uint32_t arguments = 0; ///< 0, 1 or 2 integer arguments in the record
  std::string function;    ///< the Python function that raises
  std::string file;
  std::uint32_t line = 0, column = 0;
};

/// The hidden storage buffer an entry point records an exception in.
struct ErrorBufferDesc {
  std::uint32_t binding = 0;
  std::uint32_t words = 8;
  std::vector<ErrorSiteDesc> errors; ///< errors[id - 1]
};

/// A piece of a print record's line: text, or one value of `dtype`.
struct PrintPieceDesc {
  std::string text;
  std::optional<DType> dtype; ///< set for a value
};

/// One print() call: its record's layout (docs/manifest.md "The print buffer").
struct PrintRecordDesc {
  std::string function, file;
  std::uint32_t line = 0, column = 0;
  std::vector<PrintPieceDesc> pieces;
  /// Words of the record: its id and its values.
  std::uint32_t words() const;
};

/// The hidden storage buffer an entry point's print() calls append to.
struct PrintBufferDesc {
  std::uint32_t binding = 0;
  std::uint32_t headerWords = 4;
  std::vector<PrintRecordDesc> records; ///< records[id - 1]
};

/// What kind of ufunc entry point a loop is (manifest `ufunc.kind`, docs/manifest.md
/// "Ufuncs"): one signature of a `@vectorize` or `@guvectorize` function applied over
/// broadcast operands, or a workgroup tree reduction: `Reduce`, the `.reduce` of a
/// two-input vectorize, and `CudaReduce`, a `@cuda.reduce` function.
enum class UfuncKind { Vectorize, GUVectorize, Reduce, CudaReduce };

/// A ufunc's identity (manifest `ufunc.identity`): none (`null`), a number (the
/// decorator's `identity=0`, `1`, ...; what `reduce` of an empty array gives), or
/// `"reorderable"` (the operation may be reordered, but an empty reduce is an error,
/// NumPy's PyUFunc_ReorderableNone).
struct UfuncIdentity {
  enum class Kind { None, Number, Reorderable };
  Kind kind = Kind::None;
  /// Kind::Number: the value as the JSON wrote it: an integer (int64, uint64 beyond
  /// INT64_MAX) or a float.
  std::variant<std::int64_t, std::uint64_t, double> number = std::int64_t(0);
};

/// The manifest's `ufunc` object of an entry point that is one loop of a ufunc
/// (docs/manifest.md "Ufuncs"). Operands count inputs first, then outputs
/// (nin + nout of them). The loader checks the object against the entry point's
/// arguments: for Vectorize and GUVectorize `nvc_loop_size` (int32 scalar),
/// `nvc_loop_shape` (int32, 1-d, C), `nvc_loop_strides` (int32, 2-d, C), then one
/// C-layout array per operand of 1 + coreDims[k].size() dimensions and dtype
/// types[k], the outputs writable; for Reduce and CudaReduce `nvc_n`,
/// `nvc_has_init` (int32 scalars), `nvc_init` (a types[0] scalar), `nvc_input`
/// (types[0], 1-d, C) and `nvc_partials` (types[0], 1-d, C, written).
struct UfuncDesc {
  std::string name; ///< the ufunc's (the Python function's) name
  UfuncKind kind = UfuncKind::Vectorize;
  std::uint32_t loop = 0; ///< index among the ufunc's entry points of this kind
  std::string signature;  ///< NumPy's gufunc signature, "(n),(n)->()"
  std::uint32_t nin = 0, nout = 0;
  std::vector<DType> types; ///< per operand
  /// Per operand, the names of its core dimensions (all empty but for GUVectorize).
  std::vector<std::vector<std::string>> coreDims;
  /// GUVectorize only (empty otherwise): per operand, whether a `()` operand reaches
  /// the function as a scalar rather than a one-element array.
  std::vector<bool> scalarCore;
  UfuncIdentity identity;

  std::uint32_t operands() const { return nin + nout; }
};

/// NumPy's gufunc signature of `coreDims` split into inputs and outputs:
/// "(m,n),(n)->(m)", "(),()->()".
std::string formatUfuncSignature(const std::vector<std::vector<std::string>> &coreDims,
                                 std::uint32_t nin);

/// An integer expression of a launch's arguments (manifest `grid_sync.dispatches`,
/// docs/manifest.md "Grid synchronisation"): a constant, the value of an integer or
/// bool scalar argument, an extent of an array argument, or an operation on
/// sub-expressions. Evaluated per launch by evaluateGridSyncExpr (nvc/GridSync.h).
struct GridSyncExpr {
  enum class Kind { Constant, Arg, Shape, Op };
  /// The operations: "+", "-", "*" and "//" (Python's floor division) of two
  /// arguments, "max" and "min" of one or more, "range_len" of three (Python's
  /// len(range(start, stop, step))).
  enum class Op { Add, Sub, Mul, FloorDiv, Max, Min, RangeLen };
  Kind kind = Kind::Constant;
  std::int64_t value = 0;      ///< Constant
  std::string name;            ///< Arg, Shape: the argument's name
  std::uint32_t dim = 0;       ///< Shape: the extent's axis
  Op op = Op::Add;             ///< Op
  std::vector<GridSyncExpr> args; ///< Op: the operands
};

/// Where a grid barrier (`cuda.cg.this_grid().sync()`) is in the source.
struct GridBarrierSite {
  std::uint32_t line = 0, column = 0;
};

/// The grid-wide synchronisation of an entry point (manifest `grid_sync`,
/// docs/manifest.md "Grid synchronisation"): the kernel is a state machine the
/// launcher dispatches `dispatches` times in a row (one phase per dispatch, the end of
/// a dispatch being the grid barrier), with a hidden storage buffer of
/// `wordsPerInvocation` 32-bit words per invocation at `binding`, whose first N words
/// (N: the invocations of the launch) are zeroed before the first dispatch.
/// `dispatches` is empty (manifest `null`) for a kernel whose number of phases is only
/// known as it runs (a grid barrier in a `while` loop): the state buffer then has one
/// more word, the "waiting" flag, and the launcher dispatches in batches until no
/// invocation waits at a barrier (docs/manifest.md "Dynamic schedules").
struct GridSyncDesc {
  std::uint32_t binding = 0;
  std::uint32_t wordsPerInvocation = 1;
  std::optional<GridSyncExpr> dispatches;
  std::vector<GridBarrierSite> barriers;
};

/// One kernel (manifest `entry_points[i]`).
struct EntryPointDesc {
  std::string name;                                           ///< OpEntryPoint name
  std::string function;                                       ///< Python function name
  std::array<std::uint32_t, 3> workgroupSize{1, 1, 1};        ///< default invocations per workgroup
  std::array<std::uint32_t, 3> workgroupSizeSpecIds{0, 1, 2}; ///< specialization-constant ids
  /// The largest workgroup size the kernel's code runs right with along x, y,
  /// z (0: no limit), and why (a shared array indexed by the local id;
  /// manifest `max_workgroup_size`, optional: absent or null means none).
  /// Launches beyond it are refused (checkWorkgroupSize, Dispatch.h).
  std::array<std::uint32_t, 3> maxWorkgroupSize{0, 0, 0};
  std::array<std::string, 3> maxWorkgroupSizeReasons;
  std::uint64_t sharedMemoryBytes = 0; ///< static: the kernel's shared arrays
  /// Optional in the JSON (absent or null: the kernel has no dynamic shared array).
  std::optional<DynamicSharedMemoryDesc> dynamicSharedMemory;
  std::vector<std::string> capabilities; ///< SPIR-V capability names, e.g. "Float64"
  std::vector<std::string> extensions;   ///< SPIR-V extension names, e.g. "SPV_KHR_8bit_storage"
  std::uint32_t indexBits = 32;          ///< 32 or 64
  /// The code relies on no two array arguments sharing memory (nvc's no-alias
  /// rule, docs/language.md): launches refuse overlapping arrays. Optional in the
  /// JSON (absent: false).
  bool assumesNoAlias = false;
  /// Thread coarsening factor (manifest `coarsen`, absent: 1): launches dispatch
  /// ceil(workgroups / coarsen) workgroups along x and write the requested
  /// invocations along x at `originalGridOffset` (set exactly when coarsen > 1).
  std::uint32_t coarsen = 1;
  std::optional<std::uint32_t> originalGridOffset;
  /// Workgroups along y merged into one (manifest `coarsen_y`, absent: 1; the
  /// coarsening of barrier kernels): launches dispatch ceil(workgroups /
  /// coarsenY) along y and write the requested invocations along y at
  /// `originalGridOffsetY` (set exactly when coarsenY > 1).
  std::uint32_t coarsenY = 1;
  std::optional<std::uint32_t> originalGridOffsetY;
  ParameterBlockDesc parameterBlock;
  std::vector<ArgumentDesc> arguments;
  /// The hidden error and print buffers (absent or null in the JSON: none).
  std::optional<ErrorBufferDesc> errorBuffer;
  std::optional<PrintBufferDesc> printBuffer;
  /// Set when the entry point is one loop of a ufunc (manifest `ufunc`, optional:
  /// absent or null for an ordinary kernel). Launch it through Ufunc (nvc/Ufunc.h).
  std::optional<UfuncDesc> ufunc;
  /// Set when the kernel synchronises its whole grid (manifest `grid_sync`, optional:
  /// absent or null for none): every launch dispatches it several times.
  std::optional<GridSyncDesc> gridSync;

  /// The argument called `name`, or nullptr.
  const ArgumentDesc *findArgument(const std::string &name) const;

  /// Size in bytes of the parameter block's shape, stride and offset integers.
  std::uint32_t indexBytes() const { return indexBits / 8; }
};

/// The name and SHA-256 (lower-case hex) of the kernel source file.
struct SourceDesc {
  std::string file;
  std::string sha256;
};

/// An alternative build of the module (manifest `variants[i]`): the same entry
/// points and ABI in `<stem>.<name>.spv` next to the main `.spv`, for devices that
/// have what its capabilities and extensions need (e.g. "atomic-float-add":
/// OpAtomicFAddEXT instead of compare-and-swap loops).
struct VariantDesc {
  std::string name;
  std::string spirvVersion;
  std::vector<std::string> capabilities;
  std::vector<std::string> extensions;
};

/// A parsed and checked binding manifest.
struct Manifest {
  std::string displayName; ///< the path or name the manifest was loaded from (for messages)
  int formatVersion = 1;
  std::string producer;
  std::string spirvVersion; ///< "major.minor", e.g. "1.3"
  std::string targetEnv;
  SourceDesc source;
  std::vector<EntryPointDesc> entryPoints;
  std::vector<VariantDesc> variants; ///< optional field `variants`, in preference order

  /// Parses and checks manifest JSON text. `displayName` prefixes every message:
  /// "manifest kernel.json: entry point 'saxpy': argument 2 ('y'): missing field
  /// 'binding'". Throws Error for invalid JSON, missing or mistyped fields, unknown
  /// enumeration values, a format_version other than 1, and inconsistencies (see
  /// the file comment). Unknown extra fields are ignored.
  static Manifest parse(const std::string &jsonText, const std::string &displayName);

  /// Reads the file at `path` and parses it (displayName = path). Throws Error if the
  /// file cannot be read or does not parse.
  static Manifest load(const std::string &path);

  /// The entry point called `name`; with an empty name, the only entry point. Throws
  /// Error if there is no such entry point, or if `name` is empty and the manifest has
  /// several (the message lists their names).
  const EntryPointDesc &entryPoint(const std::string &name = "") const;

  /// The names of the module's ufuncs (entry points with a `ufunc` object), in the
  /// order of their first entry point.
  std::vector<std::string> ufuncNames() const;
};

/// Default manifest path for a SPIR-V path: the extension replaced by ".json"
/// ("out/kernel.spv" → "out/kernel.json"; a path without extension gets ".json"
/// appended).
std::string defaultManifestPath(const std::string &spirvPath);

/// The manifest spelling of enumeration values ("array", "C", "readwrite",
/// "push_constant", …).
const char *toString(ArgumentKind kind);
const char *toString(ArrayLayout layout);
const char *toString(ArrayAccess access);
const char *toString(ParameterBlockKind kind);
const char *toString(UfuncKind kind); ///< "vectorize", "guvectorize", "reduce", "cuda_reduce"

} // namespace nvc::rt
