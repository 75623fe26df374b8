from numba import cuda
import numpy as np


@cuda.jit("void(float32[::1], float32[::1], int32[::1])")
def k(x, y, iy):
    np.sin(x, iy)
# EXPECT: 7:15
