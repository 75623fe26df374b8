# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], int32)")
def k(x, n):
    tmp = cuda.local.array(n, np.float32)
    tmp[0] = x[0]

# CHECK: private-array-shape.py:8:28: error: the shape of cuda.local.array() must be a constant
