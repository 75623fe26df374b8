import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])


@cuda.jit(device=True)
def first(p):
    return p[0]


@cuda.jit("void(pt[:], float32[:])")
def k(p, out):
    out[0] = first(p).x
# EXPECT: 14:14
