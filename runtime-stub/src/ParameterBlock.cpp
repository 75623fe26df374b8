// Packing the parameter block (docs/manifest.md, "Parameter block layout"): a
// zero-filled byte image of parameter_block.size bytes in which every scalar's field
// and every array's extents, strides (in elements) and element offset are written at
// the byte offsets the manifest gives, as little-endian values. The same image serves
// as push constants and as uniform-buffer contents.
#include "nvc/BoundArguments.h"

#include "nvc/Error.h"

#include <fmt/format.h>

#include <cstring>

namespace nvc::rt {
namespace {

void putIndex(std::vector<unsigned char> &block, std::uint32_t offset, std::int64_t value,
              std::uint32_t bytes) {
  // Manifest validation guarantees offset + bytes <= block.size().
  const auto bits = static_cast<std::uint64_t>(value);
  for (std::uint32_t i = 0; i < bytes; ++i)
    block[offset + i] = static_cast<unsigned char>((bits >> (8 * i)) & 0xFF);
}

} // namespace

std::vector<unsigned char> BoundArguments::parameterBlock() const {
  const EntryPointDesc &entry = *entry_;
  if (entry.parameterBlock.kind == ParameterBlockKind::None)
    return {};
  std::vector<unsigned char> block(entry.parameterBlock.size, 0);
  for (const BoundScalar &s : scalars_) {
    if (s.desc->offset + s.fieldSize > block.size())
      throw Error(
          fmt::format("argument '{}': its field lies outside the parameter block", s.desc->name));
    std::memcpy(block.data() + s.desc->offset, s.field.data(), s.fieldSize);
  }
  const std::uint32_t index = entry.indexBytes();
  for (const BoundArray &a : arrays_) {
    for (std::uint32_t d = 0; d < a.desc->ndim; ++d) {
      putIndex(block, a.desc->shapeOffsets[d], a.host.shape[d], index);
      putIndex(block, a.desc->strideOffsets[d], a.deviceStrides[d], index);
    }
    putIndex(block, a.desc->offsetOffset, a.deviceOffset, index);
  }
  return block;
}

} // namespace nvc::rt
