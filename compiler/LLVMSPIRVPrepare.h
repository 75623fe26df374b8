//===- LLVMSPIRVPrepare.h - Optimised LLVM IR in the SPIR-V target's form --===//
//
// LLVM's O2 pipeline rewrites memory addresses in ways that logical SPIR-V
// (no pointer arithmetic; every address an access chain from a variable)
// cannot express, and LLVM 22's SPIR-V backend crashes on them instead of
// legalizing (measured, docs/design.md "The LLVM backend"). These functions
// put the addresses back into the form the backend accepts; they run after
// O2, so `--emit=llvm` prints what the backend compiles.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_LLVMSPIRVPREPARE_H
#define NVC_COMPILER_LLVMSPIRVPREPARE_H

namespace llvm {
class Module;
}

namespace nvc {

/// Gives each load of the parameter block (the addrspace(13) push-constant
/// global) its own struct-typed
/// `getelementptr %block, 0, field` right before it. The backend's "SPIRV
/// push constant Access" pass crashes when the address is a constant
/// expression or computed in another block, and its "legalize bitcast" on
/// byte-offset GEPs, all of which O2 produces.
void localizePushConstantAccess(llvm::Module &m);

/// Rebuilds the address of every load and store into an array object (a
/// Workgroup global or Function alloca of `[N x T]`) or a storage buffer
/// (`llvm.spv.resource.getpointer`) as one access from the object:
/// `getelementptr [N x T], base, 0, i` or `getpointer(handle, i)`, with `i`
/// the element index summed from the chain of element, array or byte-offset
/// GEPs that InstCombine, LICM and loop strength reduction leave. Addresses
/// it cannot decompose (pointer phis) are left as they are.
void restoreLogicalAddressing(llvm::Module &m);

/// Expands `llvm.copysign.f64` into integer bit operations: LLVM 22's
/// SPIR-V backend cannot select it (G_FCOPYSIGN on s64), and GLSL.std.450
/// has no copysign. (Done after O2: InstCombine would fold the bit
/// operations back into the intrinsic.)
void expandFloat64CopySign(llvm::Module &m);

/// Rewrites `fcmp uno`/`fcmp ord` (which the backend emits as OpUnordered /
/// OpOrdered, Kernel-only instructions invalid in shaders) as comparisons of
/// each operand with itself (OpFUnordNotEqual / OpFOrdEqual).
void expandOrderedCompares(llvm::Module &m);

/// Rewrites each integer remainder (`srem`, `urem`, scalar or vector) as
/// `a - (a / b) * b` with the same division. The frontend computes Python's
/// `%` from a truncating division only, but InstCombine folds that back
/// into a remainder, and NVIDIA's driver (H200, Vulkan 1.4.312) gets the
/// 64-bit OpSRem wrong at the edge: -2^63 rem -(2^63 - 1) gives -2^63, not
/// -1, while OpSDiv there is right (e2e case "integer // and % at the
/// edges"). Done after O2, which would fold the expansion back.
void expandIntegerRemainders(llvm::Module &m);

/// Rewrites llvm.ctpop, llvm.ctlz, llvm.cttz and llvm.bitreverse of scalar
/// integers other than i32 in 32-bit pieces: Vulkan allows OpBitCount and
/// OpBitReverse (and GLSL's FindUMsb/FindILsb) on 32-bit integers only
/// (VUID-StandaloneSpirv-Base-04781), and InstCombine turns the frontend's
/// shift-and-mask bit counts (cuda.popc, cuda.clz, ...) into these
/// intrinsics. 8- and 16-bit values are zero-extended; 64-bit ones split
/// into halves. Done after O2, which would fold the expansion back.
void expandWideBitIntrinsics(llvm::Module &m);

} // namespace nvc

#endif // NVC_COMPILER_LLVMSPIRVPREPARE_H
