//===- SPIRVVersion.h - Declare a module's SPIR-V version -------------------===//
//
// A finished module is written at the lowest SPIR-V version it needs; a
// --target-env (compiler/TargetEnv.h) asks for its environment's version
// instead. From SPIR-V 1.4 on, an OpEntryPoint's interface lists every
// global variable its call tree references, not only Input and Output ones
// (SPIR-V spec, OpEntryPoint), which MLIR's serializer does not write; the
// lists are completed here, on the binary.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_SPIRVVERSION_H
#define NVC_COMPILER_SPIRVVERSION_H

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// Makes the module `words` declare SPIR-V 1.`minor` (not lower than the
/// version it declares already) and, for 1.4 and later, adds to each entry
/// point's interface the global variables (any storage class but Function)
/// that the entry point's function and the functions it calls reference, in
/// id order after the ones listed. False, with `error` set, when the words
/// are not a module SPIRV-Tools can parse or `minor` is lower than the
/// module's version.
bool declareSPIRVVersion(std::vector<uint32_t> &words, unsigned minor, std::string &error);

} // namespace nvc

#endif // NVC_COMPILER_SPIRVVERSION_H
