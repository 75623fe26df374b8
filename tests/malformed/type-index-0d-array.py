from numba import cuda
import numpy as np


@cuda.jit("void(float64[::1])")
def k(out):
    z = np.zeros(())
    out[0] = z[0]
# EXPECT: 8:16
