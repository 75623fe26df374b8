import numpy as np
from numba import cuda

TABLE = np.float64([1.0, 2.0, 3.0])


# A variable holding a frozen global array is read-only like the global.
@cuda.jit("void(float64[::1])")
def k(out):
    t = TABLE
    t[0] = out[0]
    out[1] = t[1]
# EXPECT: 11:5
