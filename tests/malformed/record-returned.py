import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])


@cuda.jit(device=True)
def fresh():
    a = cuda.local.array(2, pt)
    return a[0]


@cuda.jit("void(pt[:], float32[:])")
def k(p, out):
    out[0] = fresh().x
# EXPECT: 10:12
