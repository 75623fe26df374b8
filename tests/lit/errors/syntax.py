# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(float32[:])")
def k(x):
    if x[0] > 1
        x[0] = 1

# CHECK: syntax.py:7:16: error: expected ':'
