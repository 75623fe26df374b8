from numba import cuda
import math
import numpy as np


@cuda.jit("void(float32[::1], int32[::1], float32, int32)")
def k(x, y, a, b):
    i = cuda.grid(1)
    c = x[x > 0]
    x[0] = c[0]
# EXPECT: 9:11
