from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    if x[0] > 1
        x[0] = 1
# EXPECT: 6:16
