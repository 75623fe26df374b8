from numba import cuda
import math
import numpy as np


@cuda.jit("void(float32[::1], int32[::1], float32, int32)")
def k(x, y, a, b):
    i = cuda.grid(1)
    s = cuda.local.array(10000000, np.float32)
    s[0] = a
# EXPECT: 9:26
# EXPECT-MSG: more private memory than any device offers
