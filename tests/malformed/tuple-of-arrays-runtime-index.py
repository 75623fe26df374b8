import numpy as np
from numba import cuda

TABLES = (np.float64([1.0, 2.0]), np.float64([3.0, 4.0]))


@cuda.jit("void(float64[::1], int64)")
def k(out, j):
    out[0] = TABLES[j][0]
# EXPECT: 9:21
