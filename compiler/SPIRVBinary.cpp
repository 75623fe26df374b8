//===- SPIRVBinary.cpp - Serialize, finish and validate a SPIR-V module ----===//
#include "compiler/SPIRVBinary.h"

#include "compiler/SPIRVVersion.h"
#include "compiler/SPIRVWords.h"
#include "passes/DynamicSharedMemory.h"

#include <mlir/Target/SPIRV/Serialization.h>
#include <spirv-tools/libspirv.hpp>

#include <cstring>
#include <map>
#include <set>

namespace nvc {

namespace {

using namespace spirv_words;

constexpr uint32_t kDecorationBuiltIn = 11;
constexpr uint32_t kBuiltInWorkgroupSize = 25;
constexpr uint32_t kStorageClassWorkgroup = 4;

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

/// The result id of the object named `name` by OpName, or 0.
uint32_t namedId(const std::vector<uint32_t> &words, const char *name) {
  for (size_t i = kHeaderWords; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return 0;
    if (opcode == kOpName && count >= 3) {
      const char *str = reinterpret_cast<const char *>(&words[i + 2]);
      if (strnlen(str, (count - 2) * 4) < (count - 2) * 4 && std::strcmp(str, name) == 0)
        return words[i + 1];
    }
    i += count;
  }
  return 0;
}

/// Step 5 of passes/DynamicSharedMemory.h. MLIR's spirv.array needs a
/// constant length, so a dynamic shared array leaves serialization as a
/// Workgroup variable of a struct holding an OpTypeRuntimeArray, which
/// Vulkan allows only in buffers. Each such runtime array (the only ones in
/// Workgroup memory; buffers' have an ArrayStride and are other types)
/// becomes, under the same id, an OpTypeArray whose length is the
/// specialization-constant expression of the bytes constant
/// `nvc_dynamic_shared_bytes` (SpecId 3):
///   q = (bytes + E - 1) / E;  length = q + ((q - 1) >> 31)  (= max(q, 1))
/// with E the element's bytes: enough elements for every byte the launch
/// asked for (also where E is less than the dtype's itemsize: int64 narrowed
/// to 32 bits, complex parts), and one
/// when it asked for none, as Vulkan has no zero-length arrays (the
/// kernel's `.shape[0]` is computed from the bytes separately, so it is 0
/// then). Only integer operations (IAdd, ISub, UDiv, ShiftRightLogical)
/// are used, all valid in OpSpecConstantOp under the Shader capability; the
/// launcher keeps bytes below 2^31. The new constants go right before the
/// array, after the bytes constant and its type. Returns false, with
/// `error` set, when the module does not have that shape.
bool sizeDynamicSharedArrays(std::vector<uint32_t> &words, std::string &error) {
  struct Inst {
    size_t at;
    uint32_t count, opcode;
  };
  std::vector<Inst> insts;
  for (size_t i = kHeaderWords; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size()) {
      error = "internal error: malformed SPIR-V from the serializer";
      return false;
    }
    insts.push_back({i, count, opcode});
    i += count;
  }
  std::set<uint32_t> workgroupPointees, workgroupMembers;
  std::map<uint32_t, uint32_t> scalarBytes; // int/float type id -> bytes
  for (const Inst &in : insts) {
    const uint32_t *w = &words[in.at];
    if (in.opcode == kOpTypePointer && in.count == 4 && w[2] == kStorageClassWorkgroup)
      workgroupPointees.insert(w[3]);
    if ((in.opcode == kOpTypeInt || in.opcode == kOpTypeFloat) && in.count >= 3)
      scalarBytes[w[1]] = w[2] / 8;
  }
  for (const Inst &in : insts)
    if (in.opcode == kOpTypeStruct && workgroupPointees.count(words[in.at + 1]))
      for (uint32_t k = 2; k < in.count; ++k)
        workgroupMembers.insert(words[in.at + k]);
  std::vector<size_t> arrays; // indices into insts
  for (size_t k = 0; k < insts.size(); ++k)
    if (insts[k].opcode == kOpTypeRuntimeArray && insts[k].count == 3 &&
        (workgroupMembers.count(words[insts[k].at + 1]) ||
         workgroupPointees.count(words[insts[k].at + 1])))
      arrays.push_back(k);
  if (arrays.empty())
    return true;

  uint32_t bytesId = namedId(words, kDynamicSharedBytesName);
  size_t bytesAt = 0;
  uint32_t u32 = 0;
  for (const Inst &in : insts)
    if (in.opcode == kOpSpecConstant && in.count == 4 && words[in.at + 2] == bytesId) {
      bytesAt = in.at;
      u32 = words[in.at + 1];
    }
  if (!bytesId || !u32) {
    error = "internal error: a dynamic shared array without the specialization constant " +
            std::string(kDynamicSharedBytesName);
    return false;
  }
  // Back to front, so that the earlier positions stay valid.
  for (auto k = arrays.rbegin(); k != arrays.rend(); ++k) {
    const Inst &in = insts[*k];
    uint32_t arrayId = words[in.at + 1], element = words[in.at + 2];
    auto size = scalarBytes.find(element);
    if (in.at < bytesAt || size == scalarBytes.end() || size->second == 0) {
      error = "internal error: unexpected dynamic shared array type in the serialized module";
      return false;
    }
    uint32_t &bound = words[3];
    std::vector<uint32_t> code;
    auto constant = [&](uint32_t value) {
      uint32_t id = bound++;
      code.insert(code.end(), {(4u << 16) | kOpConstant, u32, id, value});
      return id;
    };
    auto op = [&](uint32_t opcode, uint32_t a, uint32_t b) {
      uint32_t id = bound++;
      code.insert(code.end(), {(6u << 16) | kOpSpecConstantOp, u32, id, opcode, a, b});
      return id;
    };
    uint32_t e = size->second;
    uint32_t rounded = op(kOpIAdd, bytesId, constant(e - 1));
    uint32_t q = op(kOpUDiv, rounded, constant(e));
    uint32_t empty = op(kOpShiftRightLogical, op(kOpISub, q, constant(1)), constant(31));
    uint32_t length = op(kOpIAdd, q, empty);
    code.insert(code.end(), {(4u << 16) | kOpTypeArray, arrayId, element, length});
    words.erase(words.begin() + in.at, words.begin() + in.at + in.count);
    words.insert(words.begin() + in.at, code.begin(), code.end());
  }
  return true;
}

} // namespace

bool emitSPIRV(mlir::spirv::ModuleOp module, const ModuleTarget &target,
               std::vector<uint32_t> &words, std::string &error, mlir::TimingScope *timing,
               bool validate) {
  mlir::TimingScope none;
  mlir::TimingScope &parent = timing ? *timing : none;
  mlir::TimingScope serializing = parent.nest("serialize");
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
  if (!sizeDynamicSharedArrays(words, error))
    return false;
  if (target.declareEnvVersion && !declareSPIRVVersion(words, target.env->spirvMinor, error))
    return false;
  serializing.stop();
  if (!validate)
    return true;
  mlir::TimingScope validating = parent.nest("spirv-val");
  std::string messages;
  if (!validateSPIRV(words, *target.env, messages)) {
    error = std::string("internal compiler error: generated SPIR-V does not validate for ") +
            target.env->name + ":\n" + messages;
    return false;
  }
  return true;
}

bool validateSPIRV(const std::vector<uint32_t> &words, const TargetEnv &env,
                   std::string &messages) {
  spvtools::SpirvTools tools(env.spvEnv);
  tools.SetMessageConsumer([&](spv_message_level_t, const char *, const spv_position_t &pos,
                               const char *message) {
    messages += "word " + std::to_string(pos.index) + ": " + message + "\n";
  });
  return tools.Validate(words);
}

std::string disassembleSPIRV(const std::vector<uint32_t> &words) {
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6); // any version nvc writes
  std::string text;
  tools.Disassemble(words, &text,
                    SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
  return text;
}

} // namespace nvc
