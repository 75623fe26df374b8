// EmbeddedModule: a module compiled into the program instead of read from files —
// the SPIR-V words of the main module and of its variants, and the manifest's JSON
// text, as `nvc --emit=header` writes them into a C++ header. Module's constructor
// from an EmbeddedModule chooses a variant as the file-based one does, so the program
// needs no .spv or .json file at run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nvc::rt {

/// One SPIR-V binary held in the program's memory (static storage in a generated
/// header). `name` is the variant's name (docs/manifest.md "variants"), or the main
/// module's file name ("saxpy.spv") for the main module; it is used in messages.
struct EmbeddedSpirv {
  std::string_view name;
  const std::uint32_t *words = nullptr;
  std::size_t wordCount = 0;
};

/// A module with its variants and manifest. Every pointer refers to static storage
/// that outlives the Modules made from it.
struct EmbeddedModule {
  std::string_view manifestName; ///< "saxpy.json": how messages name the manifest
  std::string_view manifestJson; ///< the manifest's text
  EmbeddedSpirv main;
  const EmbeddedSpirv *variants = nullptr; ///< in any order; looked up by name
  std::size_t variantCount = 0;
};

} // namespace nvc::rt
