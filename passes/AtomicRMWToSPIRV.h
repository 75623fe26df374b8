//===- AtomicRMWToSPIRV.h - memref.generic_atomic_rmw to SPIR-V -----------===//
#ifndef NVC_PASSES_ATOMICRMWTOSPIRV_H
#define NVC_PASSES_ATOMICRMWTOSPIRV_H

#include <mlir/Dialect/MemRef/IR/MemRef.h>
#include <mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h>

namespace nvc {

/// Adds the conversion of memref.generic_atomic_rmw (what nvc's frontend
/// emits for every cuda.atomic/nv.atomic operation) to SPIR-V: a body that
/// is one integer operation of the current value and a value from outside
/// (add, sub, signed/unsigned max and min, and, or, xor) becomes the
/// matching OpAtomic* instruction, a body that ignores the current value
/// OpAtomicExchange, a float32 add on a storage buffer OpAtomicFAddEXT
/// (SPV_EXT_shader_atomic_float_add), and anything else a compare-and-swap
/// loop with OpAtomicCompareExchange (integer memory only; see
/// FloatAtomicStorage.cpp). Ordering is relaxed (no memory semantics, as
/// CUDA's atomics); the scope is the workgroup for workgroup memory and the
/// device otherwise.
void populateAtomicRMWToSPIRVPatterns(const mlir::SPIRVTypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

/// Whether `op` is a float32 add on a storage buffer that
/// OpAtomicFAddEXT can do (one arith.addf of the current value and a value
/// defined outside the body).
bool isNativeFloatAtomicAdd(mlir::memref::GenericAtomicRMWOp op);

} // namespace nvc

#endif // NVC_PASSES_ATOMICRMWTOSPIRV_H
