from numba import cuda
import numpy as np


@cuda.jit("void(float32[:, ::1], float32[::1])")
def k(x, out):
    out[0] = np.max(x, 0.5)
# EXPECT: 7:24
