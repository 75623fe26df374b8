//===- SPIRVVersion.cpp - Declare a module's SPIR-V version -----------------===//
#include "compiler/SPIRVVersion.h"
#include "compiler/SPIRVWords.h"

#include "compiler/TargetEnv.h"

#include <spirv-tools/libspirv.h>

#include <map>
#include <set>

namespace nvc {

namespace {

using namespace spirv_words;

constexpr uint32_t kStorageClassFunction = 7;

/// What the interfaces need from a module, gathered in one parse.
struct ModuleRefs {
  std::set<uint32_t> globals;                          ///< global OpVariable ids
  std::map<uint32_t, std::set<uint32_t>> referenced;   ///< function -> ids its body uses
  std::map<uint32_t, std::set<uint32_t>> calls;        ///< function -> functions it calls
  struct EntryPoint {
    size_t at = 0;            ///< word offset of the OpEntryPoint
    uint32_t count = 0;       ///< its word count
    uint32_t function = 0;
    size_t firstInterface = 0; ///< word index (from `at`) of the first interface id
  };
  std::vector<EntryPoint> entryPoints;
  uint32_t currentFunction = 0;
  size_t offset = 5; ///< word offset of the instruction being parsed
};

spv_result_t onInstruction(void *user, const spv_parsed_instruction_t *inst) {
  auto &refs = *static_cast<ModuleRefs *>(user);
  const size_t at = refs.offset;
  refs.offset += inst->num_words;
  switch (inst->opcode) {
  case kOpEntryPoint: {
    // Operands: execution model, function id, name, interface ids...
    ModuleRefs::EntryPoint e;
    e.at = at;
    e.count = inst->num_words;
    e.function = inst->words[inst->operands[1].offset];
    e.firstInterface = inst->num_operands > 3 ? inst->operands[3].offset : inst->num_words;
    refs.entryPoints.push_back(e);
    return SPV_SUCCESS;
  }
  case kOpFunction:
    refs.currentFunction = inst->result_id;
    return SPV_SUCCESS;
  case kOpFunctionEnd:
    refs.currentFunction = 0;
    return SPV_SUCCESS;
  case kOpVariable:
    if (!refs.currentFunction && inst->words[inst->operands[2].offset] != kStorageClassFunction)
      refs.globals.insert(inst->result_id);
    break;
  default:
    break;
  }
  if (!refs.currentFunction)
    return SPV_SUCCESS;
  for (uint16_t k = 0; k < inst->num_operands; ++k) {
    const spv_parsed_operand_t &op = inst->operands[k];
    if (op.type != SPV_OPERAND_TYPE_ID)
      continue;
    uint32_t id = inst->words[op.offset];
    if (inst->opcode == kOpFunctionCall && k == 2)
      refs.calls[refs.currentFunction].insert(id);
    else
      refs.referenced[refs.currentFunction].insert(id);
  }
  return SPV_SUCCESS;
}

/// The global variables `function` and every function it calls reference.
std::set<uint32_t> callTreeGlobals(const ModuleRefs &refs, uint32_t function) {
  std::set<uint32_t> seen, out;
  std::vector<uint32_t> work{function};
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    if (!seen.insert(f).second)
      continue;
    if (auto r = refs.referenced.find(f); r != refs.referenced.end())
      for (uint32_t id : r->second)
        if (refs.globals.count(id))
          out.insert(id);
    if (auto c = refs.calls.find(f); c != refs.calls.end())
      work.insert(work.end(), c->second.begin(), c->second.end());
  }
  return out;
}

} // namespace

bool declareSPIRVVersion(std::vector<uint32_t> &words, unsigned minor, std::string &error) {
  if (words.size() < 5) {
    error = "internal compiler error: no SPIR-V module to give a version";
    return false;
  }
  if (words[1] > spirvVersionWord(minor)) {
    error = "internal compiler error: the module needs a newer SPIR-V version than 1." +
            std::to_string(minor);
    return false;
  }
  words[1] = spirvVersionWord(minor);
  if (minor < 4)
    return true;

  ModuleRefs refs;
  spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spv_diagnostic diagnostic = nullptr;
  spv_result_t parsed = spvBinaryParse(context, &refs, words.data(), words.size(), nullptr,
                                       onInstruction, &diagnostic);
  if (parsed != SPV_SUCCESS) {
    error = std::string("internal compiler error: SPIRV-Tools cannot parse the module: ") +
            (diagnostic ? diagnostic->error : "unknown error");
    spvDiagnosticDestroy(diagnostic);
    spvContextDestroy(context);
    return false;
  }
  spvContextDestroy(context);

  // Back to front, so that earlier offsets stay valid.
  for (auto e = refs.entryPoints.rbegin(); e != refs.entryPoints.rend(); ++e) {
    std::set<uint32_t> listed(words.begin() + e->at + e->firstInterface,
                              words.begin() + e->at + e->count);
    std::vector<uint32_t> added;
    for (uint32_t id : callTreeGlobals(refs, e->function))
      if (!listed.count(id))
        added.push_back(id);
    if (added.empty())
      continue;
    words.insert(words.begin() + e->at + e->count, added.begin(), added.end());
    uint32_t newCount = e->count + static_cast<uint32_t>(added.size());
    words[e->at] = (newCount << 16) | (words[e->at] & 0xffff);
  }
  return true;
}

} // namespace nvc
