//===- ModeInstructions.h - Modules that differ only by mode instructions --===//
//
// A float-controls variant (compiler/Variants.h) is the module it was
// derived from with OpCapability, OpExtension and OpExecutionMode
// instructions added and nothing else; ModuleValidation.h validates only
// the modules no other one extends so. Plain words, no MLIR: the unit tests
// test it directly.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_MODEINSTRUCTIONS_H
#define NVC_COMPILER_MODEINSTRUCTIONS_H

#include <cstdint>
#include <vector>

namespace nvc {

/// Whether `extended` is `base` with only OpCapability, OpExtension and
/// OpExecutionMode instructions inserted: the same header, and the same
/// instructions in the same order once those are skipped. Both are SPIR-V
/// binaries (5 header words, then instructions); malformed words give false.
bool extendsByModeInstructions(const std::vector<uint32_t> &base,
                               const std::vector<uint32_t> &extended);

/// `words` (a module with float-controls execution modes: a variant with
/// every mode, compiler/Variants.h) without the OpExecutionMode
/// instructions of DenormPreserve unless `keepDenormPreserve`, and of
/// SignedZeroInfNanPreserve unless `keepSignedZeroInfNanPreserve`, and
/// without the OpCapability of a mode none of whose instructions is left.
/// The same words as adding only the kept modes to the module the variant
/// came from, since those instructions are inserted in that relative order
/// and allocate no ids (Variants.cpp checks this under --verify-each).
std::vector<uint32_t> withoutFloatControlsModes(const std::vector<uint32_t> &words,
                                                bool keepDenormPreserve,
                                                bool keepSignedZeroInfNanPreserve);

} // namespace nvc

#endif // NVC_COMPILER_MODEINSTRUCTIONS_H
