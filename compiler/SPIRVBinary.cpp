//===- SPIRVBinary.cpp - Serialize, finish and validate a SPIR-V module ----===//
#include "compiler/SPIRVBinary.h"

#include <mlir/Target/SPIRV/Serialization.h>
#include <spirv-tools/libspirv.hpp>

#include <cstring>

namespace nvc {

namespace {

constexpr uint32_t kOpName = 5;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kDecorationBuiltIn = 11;
constexpr uint32_t kBuiltInWorkgroupSize = 25;
constexpr size_t kHeaderWords = 5;

/// Adds `OpDecorate %id BuiltIn WorkgroupSize` for the object named `name`
/// (by OpName). Decorations go in the annotation section, which follows the
/// debug section: insert before the first OpDecorate, or after the last
/// debug instruction if there is none.
bool decorateWorkgroupSize(std::vector<uint32_t> &words, const char *name) {
  uint32_t target = 0;
  size_t firstDecorate = 0, afterLastName = 0;
  for (size_t i = kHeaderWords; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return false;
    if (opcode == kOpName && count >= 3) {
      const char *str = reinterpret_cast<const char *>(&words[i + 2]);
      if (strnlen(str, (count - 2) * 4) < (count - 2) * 4 && std::strcmp(str, name) == 0)
        target = words[i + 1];
      afterLastName = i + count;
    }
    if (opcode == kOpDecorate && !firstDecorate)
      firstDecorate = i;
    i += count;
  }
  if (!target)
    return false;
  size_t at = firstDecorate ? firstDecorate : afterLastName;
  uint32_t inst[] = {(4u << 16) | kOpDecorate, target, kDecorationBuiltIn, kBuiltInWorkgroupSize};
  words.insert(words.begin() + at, std::begin(inst), std::end(inst));
  return true;
}

} // namespace

bool emitSPIRV(mlir::spirv::ModuleOp module, std::vector<uint32_t> &words, std::string &error) {
  llvm::SmallVector<uint32_t, 0> binary;
  mlir::spirv::SerializationOptions options;
  options.emitSymbolName = true;
  if (mlir::failed(mlir::spirv::serialize(module, binary, options))) {
    error = "SPIR-V serialization failed";
    return false;
  }
  words.assign(binary.begin(), binary.end());
  if (!decorateWorkgroupSize(words, "nvc_workgroup_size")) {
    error = "internal error: no workgroup-size composite in the module";
    return false;
  }
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *, const spv_position_t &pos,
                               const char *message) {
    messages += "word " + std::to_string(pos.index) + ": " + message + "\n";
  });
  if (!tools.Validate(words)) {
    error = "internal compiler error: generated SPIR-V does not validate:\n" + messages;
    return false;
  }
  return true;
}

std::string disassembleSPIRV(const std::vector<uint32_t> &words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string text;
  tools.Disassemble(words, &text,
                    SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
  return text;
}

} // namespace nvc
