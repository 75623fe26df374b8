//===- ParameterBlock.h - Layout of a kernel's parameter block -------------===//
//
// Scalar arguments and array descriptors travel in one block (see
// docs/manifest.md). The same layout is computed here for the SPIR-V ABI
// pass, which declares the block, and for the manifest, which tells the
// launcher where to write each field: each field is aligned to its own size
// (std430 rules for scalars, identical to std140 for scalar members).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_ABI_PARAMETERBLOCK_H
#define NVC_ABI_PARAMETERBLOCK_H

#include <cstdint>
#include <vector>

namespace nvc {

/// Vulkan's guaranteed minimum of maxPushConstantsSize (Vulkan spec,
/// "Required Limits"): blocks up to this size are push constants.
constexpr uint32_t kMaxPushConstantBytes = 128;

struct ParameterBlockLayout {
  std::vector<uint32_t> offsets; ///< byte offset of each field
  uint32_t size = 0;             ///< total bytes, rounded up to 4
  bool isPushConstant() const { return size <= kMaxPushConstantBytes; }
};

/// Lays out fields of the given byte sizes (4 or 8) in order.
ParameterBlockLayout layoutParameterBlock(const std::vector<uint32_t> &fieldSizes);

} // namespace nvc

#endif // NVC_ABI_PARAMETERBLOCK_H
