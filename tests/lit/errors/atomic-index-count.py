# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(int32[:, :])")
def k(x):
    cuda.atomic.add(x, 0, 1)

# CHECK: atomic-index-count.py:7:24: error: cuda.atomic.add() needs one index per dimension: the array has 2, the index 1
