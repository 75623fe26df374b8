# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(int32[:])")
def k(x):
    cuda.atomic.mul(x, 0, 2)

# CHECK: atomic-unknown.py:7:5: error: cuda.atomic.mul() is not an atomic operation (nvc has add, sub, max, min, nanmax, nanmin, exch, and_, or_, xor, inc, dec and cas)
