// Unit tests of extendsByModeInstructions (compiler/ModeInstructions.h): the
// check that lets nvc validate a float-controls variant instead of the module
// it was derived from must accept exactly "the same words with OpCapability,
// OpExtension or OpExecutionMode instructions inserted", nothing looser.
#include "compiler/ModeInstructions.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>
#include <vector>

using namespace nvc;

namespace {

using Words = std::vector<uint32_t>;

/// A SPIR-V header: magic, version 1.0, generator, bound, schema.
Words header(uint32_t bound = 20) { return {0x07230203u, 0x00010000u, 0u, bound, 0u}; }

/// One instruction: word count and opcode, then the operands.
Words inst(uint32_t opcode, std::initializer_list<uint32_t> operands) {
  Words w{(uint32_t(operands.size() + 1) << 16) | opcode};
  w.insert(w.end(), operands);
  return w;
}

Words module(std::initializer_list<Words> parts) {
  Words out;
  for (const Words &p : parts)
    out.insert(out.end(), p.begin(), p.end());
  return out;
}

// Opcodes (SPIR-V specification, 3.52).
constexpr uint32_t kOpName = 5, kOpExtension = 10, kOpMemoryModel = 14, kOpEntryPoint = 15,
                   kOpExecutionMode = 16, kOpCapability = 17, kOpTypeVoid = 19,
                   kOpDecorate = 71;

const Words kShader = inst(kOpCapability, {1});
const Words kMemoryModel = inst(kOpMemoryModel, {0, 1});
const Words kEntry = inst(kOpEntryPoint, {5, 4, 0x6b}); // GLCompute %4 "k"
const Words kLocalSize = inst(kOpExecutionMode, {4, 17, 64, 1, 1});
const Words kVoid = inst(kOpTypeVoid, {2});

Words base() { return module({header(), kShader, kMemoryModel, kEntry, kLocalSize, kVoid}); }

} // namespace

TEST_CASE("a variant with capabilities, an extension and execution modes inserted extends its "
          "module",
          "[mode-instructions]") {
  const Words extension = inst(kOpExtension, {0x5f565053, 0x465f524b, 0}); // a short string
  const Words variant =
      module({header(), kShader, inst(kOpCapability, {4464}), inst(kOpCapability, {4466}),
              extension, kMemoryModel, kEntry, kLocalSize, inst(kOpExecutionMode, {4, 4459, 32}),
              inst(kOpExecutionMode, {4, 4461, 64}), kVoid});
  CHECK(extendsByModeInstructions(base(), variant));
  // and not the other way round, nor a module itself
  CHECK_FALSE(extendsByModeInstructions(variant, base()));
  CHECK_FALSE(extendsByModeInstructions(base(), base()));
  // transitively: a variant with fewer modes is extended by the one with all
  const Words fewer = module({header(), kShader, inst(kOpCapability, {4464}), extension,
                              kMemoryModel, kEntry, kLocalSize,
                              inst(kOpExecutionMode, {4, 4459, 32}), kVoid});
  CHECK(extendsByModeInstructions(base(), fewer));
  CHECK(extendsByModeInstructions(fewer, variant));
}

TEST_CASE("any other difference is not an extension", "[mode-instructions]") {
  SECTION("another opcode inserted") {
    CHECK_FALSE(extendsByModeInstructions(
        base(), module({header(), kShader, kMemoryModel, kEntry, kLocalSize,
                        inst(kOpName, {2, 0x76}), kVoid})));
    CHECK_FALSE(extendsByModeInstructions(
        base(), module({header(), kShader, kMemoryModel, kEntry, kLocalSize,
                        inst(kOpDecorate, {2, 11, 1}), kVoid})));
  }
  SECTION("an instruction of the module changed") {
    CHECK_FALSE(extendsByModeInstructions(
        base(), module({header(), kShader, inst(kOpCapability, {4464}), kMemoryModel, kEntry,
                        inst(kOpExecutionMode, {4, 17, 32, 1, 1}), kVoid})));
  }
  SECTION("an instruction of the module replaced by a mode instruction") {
    CHECK_FALSE(extendsByModeInstructions(
        base(), module({header(), kShader, kMemoryModel, kEntry, kLocalSize,
                        inst(kOpExecutionMode, {4, 4459, 32})})));
  }
  SECTION("another header") {
    CHECK_FALSE(extendsByModeInstructions(
        base(), module({header(21), kShader, inst(kOpCapability, {4464}), kMemoryModel, kEntry,
                        kLocalSize, kVoid})));
  }
  SECTION("malformed words") {
    Words zeroCount = base();
    zeroCount.push_back(0); // an instruction of word count 0
    CHECK_FALSE(extendsByModeInstructions(base(), zeroCount));
    Words overrun = base();
    overrun.push_back((9u << 16) | kOpCapability); // 9 words, 1 present
    CHECK_FALSE(extendsByModeInstructions(base(), overrun));
    CHECK_FALSE(extendsByModeInstructions(Words{1, 2}, base()));
  }
}

TEST_CASE("a variant with fewer float-controls modes is taken out of the one with all",
          "[mode-instructions]") {
  const Words denormCap = inst(kOpCapability, {4464}), signedZeroCap = inst(kOpCapability, {4466});
  const Words extension = inst(kOpExtension, {0x5f565053, 0x465f524b, 0});
  const Words denorm = inst(kOpExecutionMode, {4, 4459, 32});
  const Words signedZero32 = inst(kOpExecutionMode, {4, 4461, 32});
  const Words signedZero64 = inst(kOpExecutionMode, {4, 4461, 64});
  const Words all = module({header(), kShader, denormCap, signedZeroCap, extension, kMemoryModel,
                            kEntry, kLocalSize, denorm, signedZero32, signedZero64, kVoid});
  CHECK(withoutFloatControlsModes(all, true, true) == all);
  CHECK(withoutFloatControlsModes(all, false, true) ==
        module({header(), kShader, signedZeroCap, extension, kMemoryModel, kEntry, kLocalSize,
                signedZero32, signedZero64, kVoid}));
  CHECK(withoutFloatControlsModes(all, true, false) ==
        module({header(), kShader, denormCap, extension, kMemoryModel, kEntry, kLocalSize, denorm,
                kVoid}));
  // Other execution modes (LocalSize) and capabilities stay.
  CHECK(withoutFloatControlsModes(all, false, false) ==
        module({header(), kShader, extension, kMemoryModel, kEntry, kLocalSize, kVoid}));
}
