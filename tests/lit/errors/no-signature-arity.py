# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# The missing-signature error's examples have the kernel's own parameters.
from numba import cuda


@cuda.jit
def three(a, b, n):
    a[n] = b[n]

# CHECK: no-signature-arity.py:7:1: error: kernel 'three' has no signature
# CHECK-SAME: @cuda.jit("void(float32[::1], float32[::1], float32[::1])")
# CHECK-SAME: annotations (def three(a: float32[::1], b: float32[::1], n: float32[::1]))
# CHECK-SAME: --sig 'three=void(float32[::1], float32[::1], float32[::1])'
