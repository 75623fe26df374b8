from numba import cuda
import numpy as np


@cuda.jit("void(float32[:, :, ::1])")
def k(x):
    x[..., 0, ...] = 1
# EXPECT: 7:15
