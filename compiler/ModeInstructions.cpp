//===- ModeInstructions.cpp - Modules that differ only by mode instructions =//
#include "compiler/ModeInstructions.h"

#include "compiler/SPIRVWords.h"

#include <algorithm>

namespace nvc {
namespace {

using namespace spirv_words;

/// Execution modes and capabilities of SPV_KHR_float_controls (specification
/// 3.6 "Execution Mode", 3.31 "Capability").
constexpr uint32_t kDenormPreserve = 4459;
constexpr uint32_t kSignedZeroInfNanPreserve = 4461;
constexpr uint32_t kDenormPreserveCapability = 4464;
constexpr uint32_t kSignedZeroInfNanPreserveCapability = 4466;

/// The opcodes a float-controls variant adds (compiler/Variants.h).
bool isModeInstruction(uint32_t op) {
  return op == kOpCapability || op == kOpExtension || op == kOpExecutionMode;
}

} // namespace

bool extendsByModeInstructions(const std::vector<uint32_t> &base,
                               const std::vector<uint32_t> &extended) {
  if (base.size() < kHeaderWords || extended.size() <= base.size() ||
      !std::equal(base.begin(), base.begin() + kHeaderWords, extended.begin()))
    return false;
  size_t b = kHeaderWords, e = kHeaderWords;
  while (e < extended.size()) {
    const uint32_t eCount = wordCount(extended[e]);
    if (eCount == 0 || e + eCount > extended.size())
      return false;
    const bool same = b < base.size() && base[b] == extended[e] &&
                      std::equal(extended.begin() + e, extended.begin() + e + eCount,
                                 base.begin() + b);
    if (same) {
      b += eCount;
    } else if (!isModeInstruction(opcode(extended[e]))) {
      return false;
    }
    e += eCount;
  }
  return b == base.size();
}

std::vector<uint32_t> withoutFloatControlsModes(const std::vector<uint32_t> &words,
                                                bool keepDenormPreserve,
                                                bool keepSignedZeroInfNanPreserve) {
  auto dropped = [&](uint32_t op, const uint32_t *operands, uint32_t count) {
    // OpExecutionMode %entry Mode literals...; OpCapability Capability.
    if (op == kOpExecutionMode && count >= 3)
      return (operands[1] == kDenormPreserve && !keepDenormPreserve) ||
             (operands[1] == kSignedZeroInfNanPreserve && !keepSignedZeroInfNanPreserve);
    if (op == kOpCapability && count == 2)
      return (operands[0] == kDenormPreserveCapability && !keepDenormPreserve) ||
             (operands[0] == kSignedZeroInfNanPreserveCapability &&
              !keepSignedZeroInfNanPreserve);
    return false;
  };
  std::vector<uint32_t> out(words.begin(), words.begin() + std::min(words.size(), kHeaderWords));
  out.reserve(words.size());
  for (size_t i = kHeaderWords; i < words.size();) {
    const uint32_t count = wordCount(words[i]);
    if (count == 0 || i + count > words.size()) { // malformed: the rest as it is
      out.insert(out.end(), words.begin() + i, words.end());
      break;
    }
    if (!dropped(opcode(words[i]), &words[i + 1], count))
      out.insert(out.end(), words.begin() + i, words.begin() + i + count);
    i += count;
  }
  return out;
}

} // namespace nvc
