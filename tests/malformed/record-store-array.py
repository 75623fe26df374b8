import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])


@cuda.jit("void(pt[:], float32[:])")
def k(p, a):
    p[0].x = a
# EXPECT: 9:14
