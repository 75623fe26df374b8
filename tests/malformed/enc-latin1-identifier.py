from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    café = 1
# EXPECT: 6:8
