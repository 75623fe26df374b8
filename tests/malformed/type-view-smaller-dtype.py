from numba import cuda
import numpy as np


@cuda.jit("void(float32[::1], complex64[::1])")
def k(x, z):
    x.view(np.uint8)[0] = 1
# EXPECT: 7:5
