import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])


@cuda.jit("void(pt[:])")
def k(p):
    p[0].z = 1.0
# EXPECT: 9:10
