# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(int64[:])", narrow=False)
def k(x):
    cuda.atomic.max(x, 0, 5)

# CHECK: atomic-exact-int64.py:7:21: error: cuda.atomic.max() on int64 elements with exact 64-bit integers (narrow=False or --index-bits=64): Vulkan devices rarely have 64-bit atomics; use 32-bit integers
