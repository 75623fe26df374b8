//===- ModuleValidation.h - spirv-val for a compile's modules, once each ---===//
//
// nvc never writes a module spirv-val rejects (SPIRVBinary.h). A compile
// writes the main module and its variants (Variants.h); the float-controls
// variants are the module they were derived from with OpCapability,
// OpExtension and OpExecutionMode instructions added, nothing else, and the
// variant with the most modes adds all the others' instructions. Validating
// every one of them ran the validator over the same body up to four times:
// on a kernel of 2000 statements that was most of the compile (issue 25).
//
// So a module is validated whole only when no other module of the compile
// extends it: one that is the same words with only instructions of those
// three opcodes inserted (checked here, word by word, not assumed). Whatever
// spirv-val checks of such a module is checked in the extension, with fewer
// instructions of those three kinds: each capability, extension and mode of
// the module is in the extension (with the same requirements), and removing
// them cannot create a conflict (the validator's only cross-instruction rules
// on them forbid combinations). Those validated run on threads of their own
// while the compile goes on; failures are reported in the order the modules
// were offered, so that the message is the same in every run.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_MODULEVALIDATION_H
#define NVC_COMPILER_MODULEVALIDATION_H

#include "compiler/ModeInstructions.h"

#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nvc {

struct TargetEnv;

/// The validations of one compile's modules for one target environment.
class ModuleValidations {
public:
  explicit ModuleValidations(const TargetEnv &env) : env(env) {}
  ModuleValidations(const ModuleValidations &) = delete;
  ModuleValidations &operator=(const ModuleValidations &) = delete;
  ~ModuleValidations();

  /// Offers a module, named `name` in errors (e.g. "the denorm-preserve
  /// variant"): validated on a thread of its own from now, unless a module
  /// offered before extends it (extendsByModeInstructions). Offer the
  /// modules with the most instructions first (a variant before the module
  /// it was derived from) so that those it extends are skipped.
  void offer(std::string name, const std::vector<uint32_t> &words);

  /// Waits for every validation started. Returns true when all passed;
  /// otherwise false, with the first failure (in offering order) in
  /// `failedName` and the validator's messages in `messages`.
  bool wait(std::string &failedName, std::string &messages);

  /// How many modules were validated whole (the others were extended by one of them).
  size_t validatedCount() const { return started.size(); }

private:
  struct Started {
    std::string name;
    /// Shared with the validating thread.
    std::shared_ptr<const std::vector<uint32_t>> words;
    std::future<std::pair<bool, std::string>> result;
  };
  const TargetEnv &env;
  std::vector<Started> started;
};

} // namespace nvc

#endif // NVC_COMPILER_MODULEVALIDATION_H
