//===- LLVMSPIRVFinish.h - What LLVM's SPIR-V backend cannot express -------===//
//
// LLVM 22's SPIR-V backend writes a valid Vulkan compute module, but not all
// of nvc's kernel ABI and exactness policy can be said in LLVM IR (measured,
// docs/design.md "The LLVM backend"). finishLLVMSPIRV() completes its output
// at the binary level, as SPIRVBinary.cpp does for MLIR's serializer.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_LLVMSPIRVFINISH_H
#define NVC_COMPILER_LLVMSPIRVFINISH_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// Completes a module from LLVM's SPIR-V backend in place:
///  1. SPIRV-Tools' dead-code passes remove what the backend leaves behind
///     (the resource-name strings become unused Function variables of i8);
///     the Int8/Int16/Int64 capabilities no remaining type needs are dropped.
///  2. The workgroup size becomes specialization constants 0, 1, 2 (defaults
///     `localSize`) and their composite, decorated BuiltIn WorkgroupSize (the
///     backend has no way to declare one: its `hlsl.numthreads` is a fixed
///     LocalSize, which the composite overrides); loads of the backend's
///     WorkgroupSize Input variable (`llvm.spv.workgroup.size`) read it.
///  3. Every OpFAdd, OpFSub, OpFMul and OpFNegate is decorated NoContraction
///     (the backend ignores `spirv.Decorations` on arithmetic), the default
///     backend's policy (DecorateNoContraction.cpp).
/// Returns false with `error` set when the module is not what the backend
/// was expected to produce (e.g. it imports a function: an intrinsic the
/// backend did not know).
bool finishLLVMSPIRV(std::vector<uint32_t> &words, std::array<int32_t, 3> localSize,
                     std::string &error);

} // namespace nvc

#endif // NVC_COMPILER_LLVMSPIRVFINISH_H
