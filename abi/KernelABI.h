//===- KernelABI.h - What the manifest says about each entry point ---------===//
//
// MLIR generation decides, per entry point, the parameters the caller
// passes (names, dtypes before and after narrowing, array rank, layout and
// access) and its index width; the driver adds the workgroup size and its
// limits; the manifest writer (compiler/Manifest.cpp) writes it out as
// docs/manifest.md describes. The parameter block's layout is
// abi/ParameterBlock.h's; the attribute names the stages pass facts through
// are abi/Attributes.h's.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_ABI_KERNELABI_H
#define NVC_ABI_KERNELABI_H

#include "frontend/sema/TypeInference.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// One parameter of an entry point as the manifest describes it.
struct ArgumentABI {
  std::string name;
  bool isArray = false;
  Type dtype;        ///< what the caller passes (array dtype or scalar type)
  Type deviceDtype;  ///< what the device sees (after integer narrowing)
  unsigned ndim = 0;
  char layout = 'A';
  ArrayAccess access;
};

/// A place that may raise: a row of the manifest's error table
/// (docs/manifest.md "The error buffer"). `message` is the text of
/// str(exception), with `{0}` and `{1}` standing for the record's two
/// integer arguments when `arguments` is 1 or 2.
struct ErrorSiteABI {
  std::string type;
  std::string message;
  unsigned arguments = 0;
  std::string function; ///< the Python function that raises
  std::string file;     ///< its file's name, without directories
  unsigned line = 0, column = 0;
};

/// A piece of the line a print() call writes: constant text, or one value
/// of the record, of `dtype` (a NumPy name: the value as the device holds
/// it, after narrowing).
struct PrintPieceABI {
  std::string text;
  std::string dtype; ///< empty for text
};

/// One print() call: a row of the manifest's print table (docs/manifest.md
/// "The print buffer").
struct PrintSiteABI {
  std::string function, file;
  unsigned line = 0, column = 0;
  std::vector<PrintPieceABI> pieces;
};

/// The error and print sites of a module. Their ids (position + 1) are
/// shared by all its entry points, since a device function's code, with
/// the ids in it, is shared by the kernels that call it; every entry point
/// that has an error (print) buffer lists the whole table.
struct ReportSites {
  std::vector<ErrorSiteABI> errors;
  std::vector<PrintSiteABI> prints;
  /// The id of `site`, added if no identical site is there yet (a device
  /// function generated for several array memory spaces adds its sites
  /// once).
  uint32_t errorId(const ErrorSiteABI &site);
  uint32_t printId(const PrintSiteABI &site);
};

/// What MLIR generation decided about one entry point.
/// What the manifest's `ufunc` object says of an entry point nvc wrote for a
/// ufunc (docs/manifest.md "Ufuncs"): which ufunc, which of its loops, and
/// the operands' dtypes and core dimensions.
struct UfuncABI {
  std::string name; ///< the ufunc (the decorated Python function)
  std::string kind; ///< "vectorize", "guvectorize", "reduce", "cuda_reduce"
  unsigned loop = 0; ///< index among the ufunc's entry points of this kind
  std::string signature; ///< NumPy's gufunc signature, "(),()->()"
  unsigned nin = 0, nout = 0;
  std::vector<std::string> types; ///< NumPy dtype names, inputs then outputs
  std::vector<std::vector<std::string>> coreDims; ///< per operand
  std::vector<bool> scalarCore; ///< guvectorize: per operand, a `()` passed as a scalar
  std::string identity; ///< JSON text ("0", "\"reorderable\""); empty: null
};

/// What the manifest's `grid_sync` object says of a kernel split at its
/// grid barriers (docs/manifest.md "Grid synchronisation").
struct GridSyncABI {
  /// 32-bit words of the grid-sync buffer per invocation (the state word and
  /// the values carried across barriers); SplitGridBarriers decides it.
  unsigned wordsPerInvocation = 1;
  std::string dispatches; ///< JSON text of the dispatch-count expression
  std::vector<std::pair<unsigned, unsigned>> barriers; ///< (line, column) of each
};

struct EntryPointABI {
  std::string entryName;    ///< the SPIR-V entry point (= MLIR function) name
  std::string functionName; ///< the Python function
  std::vector<ArgumentABI> arguments;
  unsigned indexBits = 32;
  /// Bytes of workgroup memory the kernel's shared arrays take.
  uint32_t sharedMemoryBytes = 0;
  /// The manifest's default workgroup size (compiler/WorkgroupSize.h
  /// decides it after MLIR generation).
  std::array<int32_t, 3> workgroupSize = {64, 1, 1};
  /// The largest workgroup size a launch may use along x, y, z (0: no
  /// limit): the extent of a shared array the kernel indexes by its local id
  /// (frontend/sema/LocalIdBounds.h); `maxWorkgroupSizeReasons` says which, per axis.
  std::array<int64_t, 3> maxWorkgroupSize = {0, 0, 0};
  std::array<std::string, 3> maxWorkgroupSizeReasons;
  /// The entry point may raise / prints: it takes the error / print buffer
  /// (hidden storage buffers after the arrays: docs/manifest.md "Errors and
  /// printing"), and the manifest lists the module's tables.
  bool errorBuffer = false;
  bool printBuffer = false;
  std::vector<ErrorSiteABI> errors; ///< the module's, when errorBuffer
  std::vector<PrintSiteABI> prints; ///< the module's, when printBuffer
  /// Set for the entry points of ufuncs (the manifest's `ufunc`).
  std::optional<UfuncABI> ufunc;
  /// Set for kernels with grid barriers (the manifest's `grid_sync`).
  std::optional<GridSyncABI> gridSync;
};

} // namespace nvc

#endif // NVC_ABI_KERNELABI_H
