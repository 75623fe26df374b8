//===- ModuleValidation.cpp - spirv-val for a compile's modules, once each -===//
#include "compiler/ModuleValidation.h"

#include "compiler/SPIRVBinary.h"
#include "compiler/TargetEnv.h"

namespace nvc {
ModuleValidations::~ModuleValidations() {
  for (Started &s : started)
    if (s.result.valid())
      s.result.wait();
}

void ModuleValidations::offer(std::string name, const std::vector<uint32_t> &words) {
  for (const Started &s : started)
    if (extendsByModeInstructions(words, *s.words))
      return;
  auto shared = std::make_shared<const std::vector<uint32_t>>(words);
  auto result = std::async(std::launch::async, [shared, env = &env] {
    std::string messages;
    const bool valid = validateSPIRV(*shared, *env, messages);
    return std::make_pair(valid, std::move(messages));
  });
  started.push_back({std::move(name), std::move(shared), std::move(result)});
}

bool ModuleValidations::wait(std::string &failedName, std::string &messages) {
  bool ok = true;
  for (Started &s : started) {
    auto [valid, text] = s.result.get();
    if (!valid && ok) {
      failedName = s.name;
      messages = std::move(text);
      ok = false;
    }
  }
  started.clear();
  return ok;
}

} // namespace nvc
