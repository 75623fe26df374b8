"""Vector addition from numba.cuda's examples (003, "Vector Addition").

The same kernel compiled for float64 and float32 arrays: two signatures give
two entry points, `f` (float64) and `f__1` (float32).
"""
import numpy as np
from numba import cuda


@cuda.jit(["void(float64[::1], float64[::1], float64[::1])",
           "void(float32[::1], float32[::1], float32[::1])"])
def f(a, b, c):
    # like threadIdx.x + (blockIdx.x * blockDim.x)
    tid = cuda.grid(1)
    size = len(c)

    if tid < size:
        c[tid] = a[tid] + b[tid]
