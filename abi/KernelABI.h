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

/// What MLIR generation decided about one entry point.
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
};

} // namespace nvc

#endif // NVC_ABI_KERNELABI_H
