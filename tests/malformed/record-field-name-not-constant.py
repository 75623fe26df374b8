import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])


@cuda.jit("void(pt[:], int32)")
def k(p, n):
    p[0][n] = 1.0
# EXPECT: 9:10
