//===- ModeInstructions.cpp - Modules that differ only by mode instructions =//
#include "compiler/ModeInstructions.h"

#include <algorithm>

namespace nvc {
namespace {

/// Words of a SPIR-V binary's header (magic, version, generator, bound,
/// schema; SPIR-V 2.3 "Physical Layout").
constexpr size_t kHeaderWords = 5;

/// The opcodes a float-controls variant adds (compiler/Variants.h); their
/// numbers from the SPIR-V specification, 3.52 "Instructions".
constexpr uint32_t kOpExtension = 10;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kOpCapability = 17;

/// Execution modes and capabilities of SPV_KHR_float_controls (specification
/// 3.6 "Execution Mode", 3.31 "Capability").
constexpr uint32_t kDenormPreserve = 4459;
constexpr uint32_t kSignedZeroInfNanPreserve = 4461;
constexpr uint32_t kDenormPreserveCapability = 4464;
constexpr uint32_t kSignedZeroInfNanPreserveCapability = 4466;

bool isModeInstruction(uint32_t opcode) {
  return opcode == kOpCapability || opcode == kOpExtension || opcode == kOpExecutionMode;
}

} // namespace

bool extendsByModeInstructions(const std::vector<uint32_t> &base,
                               const std::vector<uint32_t> &extended) {
  if (base.size() < kHeaderWords || extended.size() <= base.size() ||
      !std::equal(base.begin(), base.begin() + kHeaderWords, extended.begin()))
    return false;
  size_t b = kHeaderWords, e = kHeaderWords;
  while (e < extended.size()) {
    // Each instruction's first word: word count (high half), opcode (low).
    const uint32_t eCount = extended[e] >> 16;
    if (eCount == 0 || e + eCount > extended.size())
      return false;
    const bool same = b < base.size() && base[b] == extended[e] &&
                      std::equal(extended.begin() + e, extended.begin() + e + eCount,
                                 base.begin() + b);
    if (same) {
      b += eCount;
    } else if (!isModeInstruction(extended[e] & 0xffff)) {
      return false;
    }
    e += eCount;
  }
  return b == base.size();
}

std::vector<uint32_t> withoutFloatControlsModes(const std::vector<uint32_t> &words,
                                                bool keepDenormPreserve,
                                                bool keepSignedZeroInfNanPreserve) {
  auto dropped = [&](uint32_t opcode, const uint32_t *operands, uint32_t count) {
    // OpExecutionMode %entry Mode literals...; OpCapability Capability.
    if (opcode == kOpExecutionMode && count >= 3)
      return (operands[1] == kDenormPreserve && !keepDenormPreserve) ||
             (operands[1] == kSignedZeroInfNanPreserve && !keepSignedZeroInfNanPreserve);
    if (opcode == kOpCapability && count == 2)
      return (operands[0] == kDenormPreserveCapability && !keepDenormPreserve) ||
             (operands[0] == kSignedZeroInfNanPreserveCapability &&
              !keepSignedZeroInfNanPreserve);
    return false;
  };
  std::vector<uint32_t> out(words.begin(), words.begin() + std::min(words.size(), kHeaderWords));
  out.reserve(words.size());
  for (size_t i = kHeaderWords; i < words.size();) {
    const uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) { // malformed: the rest as it is
      out.insert(out.end(), words.begin() + i, words.end());
      break;
    }
    if (!dropped(words[i] & 0xffff, &words[i + 1], count))
      out.insert(out.end(), words.begin() + i, words.begin() + i + count);
    i += count;
  }
  return out;
}

} // namespace nvc
