# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# A kernel without a signature; --sig gives one and then it compiles:
# RUN: %nvc %s -o %t.spv --sig 'k=void(float32[:])' && spirv-val %t.spv
from numba import cuda


@cuda.jit
def k(x):
    x[0] = 1

# The examples have the kernel's own arity (no-signature-arity.py: three).
# CHECK: no-signature.py:8:1: error: kernel 'k' has no signature
# CHECK-SAME: @cuda.jit("void(float32[::1])"), annotations (def k(x: float32[::1]))
# CHECK-SAME: --sig 'k=void(float32[::1])'
