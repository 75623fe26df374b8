//===- OutputStage.cpp - compileSource's last stage: the result's outputs --===//
//
// The manifest is JSON indented by two spaces and ends in a newline; it
// names the source by its file name and hashes its text (Manifest.h), so
// that the same source gives the same bytes wherever it is compiled.
//
//===----------------------------------------------------------------------===//
#include "compiler/OutputStage.h"

#include "compiler/CppHeader.h"
#include "compiler/SPIRVBinary.h"

#include <utility>

namespace nvc {

void writeOutputs(Compilation &c, const FrontendModule &frontend, std::vector<uint32_t> words,
                  const SPIRVModuleInfo &info, std::vector<ModuleVariant> variants) {
  c.result.words = std::move(words);
  std::vector<std::pair<std::string, SPIRVModuleInfo>> variantInfos;
  for (ModuleVariant &v : variants) {
    c.result.variants.push_back({v.name, std::move(v.words)});
    variantInfos.emplace_back(v.name, std::move(v.info));
  }
  if (c.options.emit == EmitKind::SPIRVText)
    c.result.text = disassembleSPIRV(c.result.words);
  nlohmann::json manifest =
      buildManifest(frontend.abis, info, variantInfos, c.sourceName(), c.file.text());
  c.result.manifest = manifest.dump(2) + "\n";
  if (c.options.emit == EmitKind::Header)
    c.result.text = cppHeader(manifest, c.result.words, c.result.variants, c.sourceName());
}

} // namespace nvc
