import numpy as np
from numba import cuda

@cuda.jit("void(int32[:, ::1])")
def ipf(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] += 1.5
        a[i] /= 2
# EXPECT: 8:14
