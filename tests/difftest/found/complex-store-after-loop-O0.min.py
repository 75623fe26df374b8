import numpy as np
from numba import cuda

@cuda.jit("void(int64[::1], int8[:, ::1], complex128[:, ::1])")
def k0(x, o, oc):
    i = cuda.grid(1)
    if i < x.shape[0]:
        for j in range(0, -3, -1):
            o[i, 0] = np.int8(0)
        oc[i, 0] = complex(0.0, 0.0)
