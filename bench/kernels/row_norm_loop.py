"""Distance of each row of a to b, the hand-written loop of row_norm_views.py."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def row_norm_loop(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        acc = np.float32(0.0)
        for j in range(a.shape[1]):
            d = a[i, j] - b[j]
            acc += d * d
        out[i] = math.sqrt(acc)
