//===- ParameterBlock.cpp - Layout of a kernel's parameter block -----------===//
#include "abi/ParameterBlock.h"

namespace nvc {

ParameterBlockLayout layoutParameterBlock(const std::vector<uint32_t> &fieldSizes) {
  ParameterBlockLayout layout;
  uint32_t offset = 0;
  for (uint32_t size : fieldSizes) {
    offset = (offset + size - 1) / size * size;
    layout.offsets.push_back(offset);
    offset += size;
  }
  layout.size = (offset + 3) / 4 * 4;
  return layout;
}

} // namespace nvc
