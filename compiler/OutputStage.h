//===- OutputStage.h - compileSource's last stage: the result's outputs ----===//
//
// The outputs stage puts a finished, validated module into the
// CompileResult: its words, its SPIR-V disassembly for --emit=spirv, its
// variants (Variants.h) and the binding manifest (Manifest.h) that describes
// the entry points and lists the variants. Both backends end here; nothing
// in it fails.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_OUTPUTSTAGE_H
#define NVC_COMPILER_OUTPUTSTAGE_H

#include "compiler/Compilation.h"
#include "compiler/FrontendStage.h"
#include "compiler/Manifest.h"
#include "compiler/Variants.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// Sets the result's words (`words`, the main module), its text with
/// --emit=spirv (the disassembly) or --emit=header (CppHeader.h), its variants (in the given order, the
/// launcher's order of preference) and its manifest, built from the
/// frontend's entry points, `info` and the variants' infos.
void writeOutputs(Compilation &c, const FrontendModule &frontend, std::vector<uint32_t> words,
                  const SPIRVModuleInfo &info, std::vector<ModuleVariant> variants);

} // namespace nvc

#endif // NVC_COMPILER_OUTPUTSTAGE_H
