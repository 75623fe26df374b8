from numba import cuda
import math
import numpy as np


@cuda.jit("void(float32[::1], int32[::1], float32, int32)")
def k(x, y, a, b):
    i = cuda.grid(1)
    a += x
# EXPECT: 9:10
