//===- LLVMSPIRVFinish.cpp - What LLVM's SPIR-V backend cannot express -----===//
//
// The module is rewritten as a list of instructions (each a vector of words)
// so that new ones can be inserted into their logical-layout section (SPIR-V
// spec 2.4): decorations before the first type/constant/variable, new types
// after the 32-bit unsigned integer they build on, new constants at the end
// of the global section (before the first OpFunction).
//
//===----------------------------------------------------------------------===//
#include "compiler/LLVMSPIRVFinish.h"

#include <spirv-tools/optimizer.hpp>

#include <map>
#include <set>

namespace nvc {
namespace {

// Opcodes and enumerants (SPIR-V spec, sections 3.x).
enum : uint32_t {
  OpSourceContinued = 2, OpSource = 3, OpSourceExtension = 4, OpName = 5, OpMemberName = 6,
  OpString = 7, OpLine = 8, OpExtension = 10, OpExtInstImport = 11, OpMemoryModel = 14,
  OpEntryPoint = 15, OpExecutionMode = 16, OpCapability = 17, OpTypeInt = 21,
  OpTypeVector = 23, OpConstant = 43, OpControlBarrier = 224, OpFunctionEnd = 56, OpVariable = 59, OpLoad = 61, OpStore = 62, OpCompositeExtract = 81,
  OpCompositeInsert = 82, OpCopyObject = 83, OpSpecConstant = 50, OpSpecConstantComposite = 51, OpFunction = 54,
  OpDecorate = 71, OpMemberDecorate = 72, OpDecorationGroup = 73, OpGroupDecorate = 74,
  OpGroupMemberDecorate = 75, OpFNegate = 127, OpFAdd = 129, OpFSub = 131, OpFMul = 133, OpFDiv = 136,
  OpNoLine = 317, OpModuleProcessed = 330, OpExecutionModeId = 331, OpDecorateId = 332,
  OpDecorateString = 5632, OpMemberDecorateString = 5633,
};
enum : uint32_t {
  DecorationSpecId = 1, DecorationBuiltIn = 11, DecorationNoContraction = 42,
  BuiltInWorkgroupSize = 25,
  CapabilityInt64 = 11, CapabilityInt16 = 22, CapabilityLinkage = 5, CapabilityInt8 = 39,
};
constexpr size_t kHeaderWords = 5;

using Instruction = std::vector<uint32_t>;

bool isPreamble(uint32_t op) {
  switch (op) {
  case OpCapability: case OpExtension: case OpExtInstImport: case OpMemoryModel:
  case OpEntryPoint: case OpExecutionMode: case OpExecutionModeId: case OpSourceContinued:
  case OpSource: case OpSourceExtension: case OpName: case OpMemberName: case OpString:
  case OpModuleProcessed: case OpDecorate: case OpMemberDecorate: case OpDecorationGroup:
  case OpGroupDecorate: case OpGroupMemberDecorate: case OpDecorateId: case OpDecorateString:
  case OpMemberDecorateString: case OpLine: case OpNoLine:
    return true;
  default:
    return false;
  }
}

Instruction make(uint32_t op, std::initializer_list<uint32_t> operands) {
  Instruction inst{static_cast<uint32_t>((operands.size() + 1) << 16) | op};
  inst.insert(inst.end(), operands);
  return inst;
}

/// SPIRV-Tools' dead-code elimination (the backend's unused name strings).
bool eliminateDeadCode(std::vector<uint32_t> &words, std::string &error) {
  spvtools::Optimizer opt(SPV_ENV_VULKAN_1_2);
  std::string messages;
  opt.SetMessageConsumer([&](spv_message_level_t level, const char *, const spv_position_t &,
                             const char *message) {
    if (level <= SPV_MSG_ERROR)
      messages += std::string(message) + "\n";
  });
  opt.RegisterPass(spvtools::CreateAggressiveDCEPass())
      .RegisterPass(spvtools::CreateDeadVariableEliminationPass())
      .RegisterPass(spvtools::CreateEliminateDeadConstantPass());
  std::vector<uint32_t> out;
  // The input is not valid for Vulkan yet (the WorkgroupSize variable); the
  // finished module is validated by the caller.
  spvtools::OptimizerOptions options;
  options.set_run_validator(false);
  if (!opt.Run(words.data(), words.size(), &out, options)) {
    error = "internal compiler error: SPIRV-Tools could not clean up LLVM's SPIR-V:\n" + messages;
    return false;
  }
  words = std::move(out);
  return true;
}

/// The backend lists every module-scope variable in every entry point's
/// interface, so each kernel of a multi-kernel module would declare the
/// other kernels' push-constant blocks too (Vulkan allows one per entry
/// point; lavapipe refuses the pipeline). Keep the variables the entry
/// point's function references (kernels call no functions: all inlined).
void restrictInterfaces(std::vector<Instruction> &insts) {
  std::set<uint32_t> globals;
  for (auto &inst : insts)
    if ((inst[0] & 0xffff) == OpVariable && inst.size() >= 4 && inst[3] != 7 /*Function*/)
      globals.insert(inst[2]);
  std::map<uint32_t, std::set<uint32_t>> used; // function id -> globals it references
  uint32_t current = 0;
  for (auto &inst : insts) {
    uint32_t op = inst[0] & 0xffff;
    if (op == OpFunction) {
      current = inst[2];
      continue;
    }
    if (op == OpFunctionEnd) {
      current = 0;
      continue;
    }
    if (!current)
      continue;
    // Id operands only where an instruction also has literals.
    size_t first = 1, last = inst.size();
    if (op == OpLoad)
      first = 3, last = std::min<size_t>(4, inst.size());
    else if (op == OpStore)
      first = 1, last = std::min<size_t>(3, inst.size());
    else if (op == OpCompositeExtract)
      first = 3, last = std::min<size_t>(4, inst.size());
    else if (op == OpCompositeInsert)
      first = 3, last = std::min<size_t>(5, inst.size());
    for (size_t k = first; k < last; ++k)
      if (globals.count(inst[k]))
        used[current].insert(inst[k]);
  }
  for (auto &inst : insts) {
    if ((inst[0] & 0xffff) != OpEntryPoint)
      continue;
    size_t k = 3;
    while (k < inst.size() && (inst[k] >> 24) != 0)
      ++k;
    ++k;
    Instruction e(inst.begin(), inst.begin() + std::min(k, inst.size()));
    for (; k < inst.size(); ++k)
      if (used[inst[2]].count(inst[k]))
        e.push_back(inst[k]);
    e[0] = static_cast<uint32_t>(e.size() << 16) | OpEntryPoint;
    inst = std::move(e);
  }
}

} // namespace

bool finishLLVMSPIRV(std::vector<uint32_t> &words, std::array<int32_t, 3> localSize,
                     std::string &error) {
  if (!eliminateDeadCode(words, error))
    return false;
  if (words.size() < kHeaderWords) {
    error = "internal compiler error: LLVM's SPIR-V backend produced no module";
    return false;
  }
  std::vector<Instruction> insts;
  for (size_t i = kHeaderWords; i < words.size();) {
    uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) {
      error = "internal compiler error: malformed SPIR-V from LLVM's backend";
      return false;
    }
    insts.emplace_back(words.begin() + i, words.begin() + i + count);
    i += count;
  }
  uint32_t bound = words[3];

  // What the module has.
  uint32_t uintType = 0, uvec3Type = 0;
  std::map<uint32_t, uint32_t> specIdOf; // result id -> SpecId
  std::set<uint32_t> intWidths;
  uint32_t builtinVar = 0; // the backend's WorkgroupSize Input variable
  for (auto &inst : insts) {
    uint32_t op = inst[0] & 0xffff;
    if (op == OpCapability && inst[1] == CapabilityLinkage) {
      error = "internal compiler error: LLVM's SPIR-V backend left a function import "
              "(an intrinsic it does not implement)";
      return false;
    }
    if (op == OpTypeInt) {
      intWidths.insert(inst[2]);
      if (inst[2] == 32 && inst[3] == 0)
        uintType = inst[1];
    }
    if (op == OpDecorate && inst.size() == 4 && inst[2] == DecorationSpecId)
      specIdOf[inst[1]] = inst[3];
    if (op == OpDecorate && inst.size() == 4 && inst[2] == DecorationBuiltIn &&
        inst[3] == BuiltInWorkgroupSize)
      builtinVar = inst[1];
  }
  for (auto &inst : insts)
    if ((inst[0] & 0xffff) == OpTypeVector && inst[2] == uintType && inst[3] == 3 && uintType)
      uvec3Type = inst[1];

  std::vector<Instruction> decorations, types, constants;
  if (!uintType) {
    uintType = bound++;
    types.push_back(make(OpTypeInt, {uintType, 32, 0}));
  }
  if (!uvec3Type) {
    uvec3Type = bound++;
    types.push_back(make(OpTypeVector, {uvec3Type, uintType, 3}));
  }
  std::array<uint32_t, 3> sizeIds = {0, 0, 0};
  for (auto &[id, specId] : specIdOf)
    if (specId < 3)
      sizeIds[specId] = id;
  for (uint32_t d = 0; d < 3; ++d)
    if (!sizeIds[d]) {
      sizeIds[d] = bound++;
      constants.push_back(
          make(OpSpecConstant, {uintType, sizeIds[d], static_cast<uint32_t>(localSize[d])}));
      decorations.push_back(make(OpDecorate, {sizeIds[d], DecorationSpecId, d}));
    }
  uint32_t composite = bound++;
  constants.push_back(
      make(OpSpecConstantComposite, {uvec3Type, composite, sizeIds[0], sizeIds[1], sizeIds[2]}));
  decorations.push_back(
      make(OpDecorate, {composite, DecorationBuiltIn, BuiltInWorkgroupSize}));
  for (auto &inst : insts) {
    uint32_t op = inst[0] & 0xffff;
    if (op == OpFAdd || op == OpFSub || op == OpFMul || op == OpFNegate || op == OpFDiv)
      decorations.push_back(make(OpDecorate, {inst[2], DecorationNoContraction}));
  }

  // `llvm.spv.workgroup.size` loads a WorkgroupSize Input variable, which
  // Vulkan forbids (the built-in must decorate a constant, as MLIR's lowering
  // also finds, docs/design.md): the loads read the composite instead, and
  // the variable goes.
  if (builtinVar) {
    std::vector<Instruction> kept;
    for (auto &inst : insts) {
      uint32_t op = inst[0] & 0xffff;
      if ((op == OpVariable && inst[2] == builtinVar) ||
          ((op == OpDecorate || op == OpName) && inst[1] == builtinVar))
        continue;
      if (op == OpLoad && inst[3] == builtinVar) {
        kept.push_back(make(OpCopyObject, {inst[1], inst[2], composite}));
        continue;
      }
      if (op == OpEntryPoint) {
        // Operands: execution model, function, name (a literal string),
        // then the interface ids.
        size_t k = 3;
        while (k < inst.size() && (inst[k] >> 24) != 0)
          ++k;
        ++k; // the word holding the string's terminating zero
        Instruction e(inst.begin(), inst.begin() + std::min(k, inst.size()));
        for (; k < inst.size(); ++k)
          if (inst[k] != builtinVar)
            e.push_back(inst[k]);
        e[0] = static_cast<uint32_t>(e.size() << 16) | OpEntryPoint;
        kept.push_back(std::move(e));
        continue;
      }
      kept.push_back(inst);
    }
    insts = std::move(kept);
  }

  restrictInterfaces(insts);

  // LLVM 22 emits `llvm.spv.group.memory.barrier.with.group.sync` (HLSL's
  // GroupMemoryBarrierWithGroupSync) as OpControlBarrier with memory
  // semantics SequentiallyConsistent alone: no storage class, so nothing
  // orders the shared-memory accesses around it (measured: fast_matmul's
  // tiles were read stale on lavapipe). Use what MLIR's lowering of
  // gpu.barrier uses: AcquireRelease | WorkgroupMemory.
  constexpr uint32_t kAcquireReleaseWorkgroupMemory = 0x8 | 0x100;
  uint32_t semantics = 0;
  for (auto &inst : insts)
    if ((inst[0] & 0xffff) == OpControlBarrier) {
      if (!semantics) {
        semantics = bound++;
        constants.insert(constants.begin(),
                         make(OpConstant, {uintType, semantics, kAcquireReleaseWorkgroupMemory}));
      }
      inst[3] = semantics;
    }

  // Reassemble: preamble (capabilities trimmed), new decorations, globals
  // with the new types after the uint type (or first), new constants before
  // the first function, then the functions.
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out[3] = bound;
  auto emit = [&](const Instruction &inst) { out.insert(out.end(), inst.begin(), inst.end()); };
  size_t i = 0;
  for (; i < insts.size() && isPreamble(insts[i][0] & 0xffff); ++i) {
    auto &inst = insts[i];
    if ((inst[0] & 0xffff) == OpCapability &&
        ((inst[1] == CapabilityInt8 && !intWidths.count(8)) ||
         (inst[1] == CapabilityInt16 && !intWidths.count(16)) ||
         (inst[1] == CapabilityInt64 && !intWidths.count(64))))
      continue;
    emit(inst);
  }
  for (auto &d : decorations)
    emit(d);
  bool typesPlaced = false, constantsPlaced = false;
  bool newUint = !types.empty() && (types[0][0] & 0xffff) == OpTypeInt;
  if (newUint) {
    for (auto &t : types)
      emit(t);
    typesPlaced = true;
  }
  for (; i < insts.size(); ++i) {
    auto &inst = insts[i];
    uint32_t op = inst[0] & 0xffff;
    if (op == OpFunction && !constantsPlaced) {
      if (!typesPlaced)
        for (auto &t : types)
          emit(t);
      typesPlaced = true;
      for (auto &c : constants)
        emit(c);
      constantsPlaced = true;
    }
    emit(inst);
    if (!typesPlaced && op == OpTypeInt && inst[1] == uintType) {
      for (auto &t : types)
        emit(t);
      typesPlaced = true;
    }
  }
  if (!constantsPlaced) {
    if (!typesPlaced)
      for (auto &t : types)
        emit(t);
    for (auto &c : constants)
      emit(c);
  }
  words = std::move(out);
  return true;
}

} // namespace nvc
