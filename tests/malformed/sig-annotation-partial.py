from numba import cuda
from numba import float32


@cuda.jit
def k(x: float32[::1], y):
    pass
# EXPECT: 6:1
