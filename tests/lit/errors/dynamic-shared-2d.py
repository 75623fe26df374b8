# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# Only one-dimensional shared arrays can be dynamic (numba-cuda's "array
# length <= 0" otherwise).
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    s = cuda.shared.array((0, 4), np.float32)
    x[0] = s[0, 0]

# CHECK: dynamic-shared-2d.py:10:27: error: cuda.shared.array() with a zero extent in a 2-dimensional shape: only a one-dimensional shared array of length 0 is dynamic (sized by the launch's shared-memory bytes), as in numba-cuda
