import numpy as np
from numba import cuda

@cuda.jit("void(float32[::1], float32[::1])")
def max1(a, out):
    i = cuda.grid(1)
    if i < 1:
        out[:] = np.maximum(a)
# EXPECT: 8:18
