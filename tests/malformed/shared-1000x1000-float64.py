from numba import cuda
import math
import numpy as np


@cuda.jit("void(float32[::1], int32[::1], float32, int32)")
def k(x, y, a, b):
    i = cuda.grid(1)
    s = cuda.shared.array((1000, 1000), np.float64)
    s[0, 0] = a
# EXPECT: 9:27
# EXPECT-MSG: more shared memory than any device offers
