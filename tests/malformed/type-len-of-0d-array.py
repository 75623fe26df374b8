from numba import cuda
import numpy as np

B = np.array(3.5)


@cuda.jit("void(float64[::1])")
def k(out):
    out[0] = len(B)
# EXPECT: 9:18
