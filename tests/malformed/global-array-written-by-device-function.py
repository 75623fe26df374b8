import numpy as np
from numba import cuda

TABLE = np.float64([[1.0, 2.0], [3.0, 4.0]])


@cuda.jit(device=True)
def setit(a, v):
    a[0] = v


# A frozen global passed to a device function that writes its argument.
@cuda.jit("void(float64[::1])")
def k(out):
    setit(TABLE[0], out[0])
# EXPECT: 15:11
