//===- FuzzCompile.cpp - libFuzzer target: source text to SPIR-V -----------===//
//
// One input is one kernel file. compileSource() runs the whole compiler on
// it in memory; besides the sanitizers' own checks, the target aborts (a
// finding) when
//  1. a failed compile prints no `error:` diagnostic, or an error is an
//     "internal compiler error" (bad input must get a clean diagnostic);
//  2. a successful compile yields a module that SPIRV-Tools' validator
//     rejects for Vulkan 1.1, or a manifest that is not JSON naming an
//     entry point of the module.
// The same function backs nvc_fuzz_replay (ReplayMain.cpp), which ctest runs
// over fuzz/regressions/ and the malformed-input suite without libFuzzer.
//
//===----------------------------------------------------------------------===//
#include "compiler/Compile.h"

#include <nlohmann/json.hpp>
#include <spirv-tools/libspirv.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

[[noreturn]] void finding(const char *what, const nvc::CompileResult &r) {
  std::fprintf(stderr, "nvc_fuzz: %s\n--- diagnostics ---\n%s--- end ---\n", what,
               r.diagnostics.c_str());
  std::abort();
}

void check(const nvc::CompileResult &r) {
  if (!r.success) {
    if (r.errorCount == 0 || r.diagnostics.find("error: ") == std::string::npos)
      finding("compile failed without an error diagnostic", r);
    if (r.internalError)
      finding("internal compiler error on bad input", r);
    return;
  }
  if (r.words.empty())
    finding("success without a module", r);
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *, const spv_position_t &,
                               const char *m) { messages += std::string(m) + "\n"; });
  if (!tools.Validate(r.words)) {
    std::fprintf(stderr, "%s", messages.c_str());
    finding("spirv-val rejects the module", r);
  }
  auto manifest = nlohmann::json::parse(r.manifest, nullptr, /*allow_exceptions=*/false);
  if (manifest.is_discarded() || !manifest.contains("entry_points") ||
      !manifest["entry_points"].is_array() || manifest["entry_points"].empty())
    finding("manifest is not JSON with entry points", r);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  nvc::CompileOptions options;
  check(nvc::compileSource("fuzz.py", text, options));
  return 0;
}
