# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: spirv-dis %t.atomic-float-add.spv | FileCheck %s --check-prefix=VARIANT
# Atomics are relaxed (memory semantics 0): device scope (1) on storage
# buffers, workgroup scope (2) on shared arrays. Integer operations are single
# instructions; float32 add and max work on the array as integers (bit-cast)
# through compare-and-swap loops in the main module, and the
# atomic-float-add variant uses OpAtomicFAddEXT for adds on storage buffers
# that see no other float atomic (g; f keeps its loop for max).
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], uint32[:], float32[:], float32[:])")
def k(a, u, f, g):
    s = cuda.shared.array(4, np.int32)
    i = cuda.grid(1)
    cuda.atomic.add(a, 0, 1)
    cuda.atomic.sub(a, 1, i)
    cuda.atomic.max(a, 2, i)
    cuda.atomic.min(u, 0, np.uint32(i))
    cuda.atomic.and_(u, 1, np.uint32(i))
    cuda.atomic.or_(u, 2, np.uint32(i))
    cuda.atomic.xor(u, 3, np.uint32(i))
    cuda.atomic.exch(a, 3, i)
    cuda.atomic.cas(a, 4, 0, i)
    cuda.atomic.inc(u, 4, np.uint32(9))
    cuda.atomic.add(s, 0, 1)
    cuda.atomic.add(g, 0, np.float32(1.5))
    cuda.atomic.max(f, 1, np.float32(i))
    f[2] = np.float32(2.5)

# CHECK-LABEL: OpFunction
# CHECK: OpAtomicIAdd %uint %{{.*}} %uint_1 %uint_0 %uint_1
# CHECK: OpAtomicISub %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicSMax %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicUMin %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicAnd %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicOr %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicXor %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicExchange %uint %{{.*}} %uint_1 %uint_0
# CHECK: OpAtomicCompareExchange %uint %{{.*}} %uint_1 %uint_0 %uint_0
# inc: a compare-and-swap loop (the exchange, then the loop's back edge)
# CHECK: OpAtomicCompareExchange %uint %{{.*}} %uint_1 %uint_0 %uint_0
# CHECK: OpLoopMerge
# shared array: workgroup scope
# CHECK: OpAtomicIAdd %uint %{{.*}} %uint_2 %uint_0 %uint_1
# float add: bits of the integer array, bit-cast around the float add
# CHECK: OpBitcast %float
# CHECK-NEXT: OpFAdd %float %{{.*}} %float_1_5
# CHECK-NEXT: OpBitcast %uint
# CHECK-NEXT: OpAtomicCompareExchange %uint
# CHECK: OpLoopMerge
# stores to the float array store its bits (2.5f is 0x40200000)
# CHECK: OpStore %{{.*}} %uint_1075838976
# CHECK-NOT: OpAtomicFAddEXT

# MANIFEST: "variants": [
# MANIFEST: "AtomicFloat32AddEXT"
# MANIFEST: "SPV_EXT_shader_atomic_float_add"
# MANIFEST: "name": "atomic-float-add"

# VARIANT: OpCapability AtomicFloat32AddEXT
# VARIANT: OpAtomicFAddEXT %float %{{.*}} %uint_1 %uint_0 %float_1_5
