from numba import cuda
import numpy as np


@cuda.jit("void(float32[:, :], float32[::1])")
def k(x, out):
    out[0] = x.reshape(-1)[0]
# EXPECT: 7:14
