import numpy as np
from numba import cuda

pt = np.dtype([("x", "f4"), ("y", "f4")])
q = np.dtype([("x", "f4"), ("y", "f8")], align=True)


@cuda.jit("void(pt[:], q[:])")
def k(p, r):
    p[0] = r[0]
# EXPECT: 10:12
