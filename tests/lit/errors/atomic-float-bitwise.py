# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(float32[:])")
def k(x):
    cuda.atomic.xor(x, 0, 1)

# CHECK: atomic-float-bitwise.py:7:21: error: cuda.atomic.xor() works on integer arrays, not float32
