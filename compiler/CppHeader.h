//===- CppHeader.h - The C++ header of --emit=header ----------------------===//
//
// `nvc --emit=header` writes one C++17 header per kernel file: the SPIR-V
// module, its variants and its manifest embedded as data, and per Python
// kernel a class with a typed launch operator per signature, built on the
// runtime (runtime-stub: nvc/Runtime.h), so the program needs no .spv or
// .json at run time and the C++ compiler checks each launch's argument types:
//
//   #include "saxpy.h"
//   nvc::rt::Device device;
//   nvc_kernels::saxpy::saxpy saxpy(device);          // namespace: the file's stem
//   saxpy(nvc::rt::LaunchConfig::grid(n), 2.0f, x, y); // float, ArrayRef<const float>, ArrayRef<float>
//
// A scalar parameter takes its dtype's C++ type (float32 -> float, int64 ->
// std::int64_t, complex128 -> std::complex<double>, bool -> bool), an array
// nvc::rt::ArrayRef<T> of the element type, `const T` when the kernel only
// reads it (the manifest's access). Names that are not C++ identifiers, or
// are C++ keywords, are changed (README.md, "Kernels embedded in the program").
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_CPPHEADER_H
#define NVC_COMPILER_CPPHEADER_H

#include "compiler/Compile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// The header for the module `words` with `variants` whose manifest is
/// `manifest` (buildManifest's JSON; its text is embedded as dumped with two
/// spaces of indent, as the .json file holds it). `sourceName` is the kernel
/// file's name without directories; its stem names the namespace. Ends in
/// a newline; the same inputs give the same bytes.
std::string cppHeader(const nlohmann::json &manifest, const std::vector<uint32_t> &words,
                      const std::vector<SPIRVVariant> &variants, const std::string &sourceName);

/// `name` made a C++ identifier that is not a keyword: characters other
/// than ASCII letters, digits and '_' become '_', a leading digit gets a '_'
/// before it, and a keyword or alternative token ("class", "and") a '_'
/// after it.
std::string cppIdentifier(const std::string &name);

} // namespace nvc

#endif // NVC_COMPILER_CPPHEADER_H
