# RUN: not %nvc %s --index-bits 32 -o %t.spv 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t.spv --narrow=false
# RUN: %nvc %s -o %t.spv
from numba import cuda


@cuda.jit("void(int64[:])")
def k(x):
    x[0] = x[1] << 40

# CHECK: shift-too-wide.py:9:17: error: shift by 40 in 32-bit integer arithmetic; kernels compute with 32-bit integers unless narrow=False
