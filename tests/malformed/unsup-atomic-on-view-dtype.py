from numba import cuda
import numpy as np


@cuda.jit("void(uint8[::1])")
def k(raw):
    cuda.atomic.add(raw.view(np.int32), 0, 1)
# EXPECT: 7:21
