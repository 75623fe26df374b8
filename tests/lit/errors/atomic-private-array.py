# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:])")
def k(x):
    t = cuda.local.array(4, np.int32)
    cuda.atomic.add(t, 0, 1)
    x[0] = t[0]

# CHECK: atomic-private-array.py:9:21: error: cuda.atomic.add() on a private array: atomics work on array arguments and shared arrays
