//===- TargetEnv.cpp - The Vulkan environments a module can be built for --===//
#include "compiler/TargetEnv.h"

namespace nvc {

namespace {

// SPIRV-Tools 2023.1 (Debian 12) predates Vulkan 1.4; Vulkan 1.4 consumes
// the same SPIR-V versions (up to 1.6) and adds no rule that applies to
// compute modules nvc writes, so its modules are validated by 1.3's rules.
const TargetEnv kTargetEnvs[] = {
    {"vulkan1.1", 1, 3, SPV_ENV_VULKAN_1_1},
    {"vulkan1.2", 2, 5, SPV_ENV_VULKAN_1_2},
    {"vulkan1.3", 3, 6, SPV_ENV_VULKAN_1_3},
    {"vulkan1.4", 4, 6, SPV_ENV_VULKAN_1_3},
};

} // namespace

const TargetEnv *findTargetEnv(const std::string &name) {
  for (const TargetEnv &env : kTargetEnvs)
    if (name == env.name)
      return &env;
  return nullptr;
}

std::vector<std::string> targetEnvNames() {
  std::vector<std::string> names;
  for (const TargetEnv &env : kTargetEnvs)
    names.push_back(env.name);
  return names;
}

ModuleTarget moduleTargetFor(const std::string &option, bool llvmBackend) {
  if (const TargetEnv *env = findTargetEnv(option))
    return {env, true};
  return llvmBackend ? ModuleTarget{&kTargetEnvs[1], true} : ModuleTarget{&kTargetEnvs[0], false};
}

} // namespace nvc
