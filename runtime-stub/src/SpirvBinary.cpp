// Reading a SPIR-V binary and the little the runtime needs from it: the header's
// version and the preamble's OpCapability, OpExtension and GLCompute OpEntryPoint
// instructions, so a module can be checked against its manifest before Vulkan sees it.
#include "nvc/Error.h"
#include "nvc/Module.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace nvc::rt {
namespace {

constexpr std::uint32_t kMagic = 0x07230203;
constexpr std::uint32_t kOpExtension = 10;
constexpr std::uint32_t kOpEntryPoint = 15;
constexpr std::uint32_t kOpCapability = 17;
constexpr std::uint32_t kOpFunction = 54;
constexpr std::uint32_t kGLCompute = 5;

/// Names of the capabilities the feature check knows (plus a few common ones).
const char *capabilityName(std::uint32_t c) {
  switch (c) {
  case 1:
    return "Shader";
  case 4:
    return "Addresses";
  case 5:
    return "Linkage";
  case 6:
    return "Kernel";
  case 9:
    return "Float16";
  case 10:
    return "Float64";
  case 11:
    return "Int64";
  case 12:
    return "Int64Atomics";
  case 22:
    return "Int16";
  case 39:
    return "Int8";
  case 61:
    return "GroupNonUniform";
  case 62:
    return "GroupNonUniformVote";
  case 63:
    return "GroupNonUniformArithmetic";
  case 64:
    return "GroupNonUniformBallot";
  case 65:
    return "GroupNonUniformShuffle";
  case 66:
    return "GroupNonUniformShuffleRelative";
  case 67:
    return "GroupNonUniformClustered";
  case 68:
    return "GroupNonUniformQuad";
  case 4433:
    return "StorageBuffer16BitAccess";
  case 4434:
    return "UniformAndStorageBuffer16BitAccess";
  case 4435:
    return "StoragePushConstant16";
  case 4436:
    return "StorageInputOutput16";
  case 4441:
    return "VariablePointersStorageBuffer";
  case 4442:
    return "VariablePointers";
  case 4448:
    return "StorageBuffer8BitAccess";
  case 4449:
    return "UniformAndStorageBuffer8BitAccess";
  case 4450:
    return "StoragePushConstant8";
  case 5345:
    return "VulkanMemoryModel";
  case 5346:
    return "VulkanMemoryModelDeviceScope";
  case 5347:
    return "PhysicalStorageBufferAddresses";
  case 6033:
    return "AtomicFloat32AddEXT";
  case 6034:
    return "AtomicFloat64AddEXT";
  default:
    return nullptr;
  }
}

/// A nul-terminated literal string packed in words [first, end).
std::string literalString(const std::vector<std::uint32_t> &words, std::size_t first,
                          std::size_t end) {
  std::string s;
  for (std::size_t w = first; w < end; ++w)
    for (int b = 0; b < 4; ++b) {
      const char c = static_cast<char>((words[w] >> (8 * b)) & 0xFF);
      if (c == 0)
        return s;
      s += c;
    }
  return s;
}

} // namespace

std::vector<std::uint32_t> readSpirv(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(fmt::format("{}: cannot open the SPIR-V file ({})", path, std::strerror(errno)));
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw Error(fmt::format("{}: cannot read the SPIR-V file", path));
  if (bytes.size() < 20 || bytes.size() % 4 != 0)
    throw Error(fmt::format("{}: not a SPIR-V module (size {} bytes is not a multiple of 4 of at "
                            "least 20)",
                            path, bytes.size()));
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (words[0] != kMagic)
    throw Error(fmt::format("{}: not a SPIR-V module (magic number 0x{:08x}, expected "
                            "0x07230203)",
                            path, words[0]));
  return words;
}

SpirvInfo inspectSpirv(const std::vector<std::uint32_t> &words, const std::string &name) {
  if (words.size() < 5 || words[0] != kMagic)
    throw Error(fmt::format("{}: not a SPIR-V module (bad header)", name));
  SpirvInfo info;
  info.version = fmt::format("{}.{}", (words[1] >> 16) & 0xFF, (words[1] >> 8) & 0xFF);
  std::size_t pos = 5;
  while (pos < words.size()) {
    const std::uint32_t count = words[pos] >> 16, opcode = words[pos] & 0xFFFF;
    if (count == 0 || pos + count > words.size())
      throw Error(
          fmt::format("{}: malformed SPIR-V (truncated instruction at word {})", name, pos));
    if (opcode == kOpFunction)
      break; // the preamble with capabilities, extensions and entry points is over
    if (opcode == kOpCapability && count >= 2) {
      const char *n = capabilityName(words[pos + 1]);
      info.capabilities.push_back(n ? n : std::to_string(words[pos + 1]));
    } else if (opcode == kOpExtension && count >= 2) {
      info.extensions.push_back(literalString(words, pos + 1, pos + count));
    } else if (opcode == kOpEntryPoint && count >= 4 && words[pos + 1] == kGLCompute) {
      info.glComputeEntryPoints.push_back(literalString(words, pos + 3, pos + count));
    }
    pos += count;
  }
  return info;
}

} // namespace nvc::rt
