//===- SPIRVWords.h - Numbers of SPIR-V's binary form, for word-level code -===//
//
// nvc reads and edits serialized modules word by word in a few places
// (SPIRVBinary.cpp, SPIRVVersion.cpp, Manifest.cpp, ModeInstructions.cpp):
// the numbers they share are defined here once, from the SPIR-V
// specification (2.3 "Physical Layout of a SPIR-V Module and Instruction",
// 3.52 "Instructions"). Each instruction's first word holds its word count in
// the high half and its opcode in the low half.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_SPIRVWORDS_H
#define NVC_COMPILER_SPIRVWORDS_H

#include <cstddef>
#include <cstdint>

namespace nvc::spirv_words {

/// Words of a module's header: magic, version, generator, bound, schema.
constexpr size_t kHeaderWords = 5;

constexpr uint32_t kOpName = 5;
constexpr uint32_t kOpExtension = 10;
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kOpTypeInt = 21;
constexpr uint32_t kOpTypeFloat = 22;
constexpr uint32_t kOpTypeArray = 28;
constexpr uint32_t kOpTypeRuntimeArray = 29;
constexpr uint32_t kOpTypeStruct = 30;
constexpr uint32_t kOpTypePointer = 32;
constexpr uint32_t kOpConstant = 43;
constexpr uint32_t kOpSpecConstant = 50;
constexpr uint32_t kOpSpecConstantOp = 52;
constexpr uint32_t kOpFunction = 54;
constexpr uint32_t kOpFunctionEnd = 56;
constexpr uint32_t kOpFunctionCall = 57;
constexpr uint32_t kOpVariable = 59;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpIAdd = 128;
constexpr uint32_t kOpISub = 130;
constexpr uint32_t kOpUDiv = 134;
constexpr uint32_t kOpShiftRightLogical = 194;

/// The word count of the instruction whose first word is `first`.
constexpr uint32_t wordCount(uint32_t first) { return first >> 16; }
/// The opcode of the instruction whose first word is `first`.
constexpr uint32_t opcode(uint32_t first) { return first & 0xffff; }

} // namespace nvc::spirv_words

#endif // NVC_COMPILER_SPIRVWORDS_H
