# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
import numpy as np
from numba import cuda

TABLE = np.arange(8, dtype=np.float32)


@cuda.jit("void(float32[:])")
def k(x):
    TABLE[0] = x[0]

# CHECK: global-array-write.py:10:5: error: 'TABLE' is a global array, frozen at compile time and read-only in kernels
