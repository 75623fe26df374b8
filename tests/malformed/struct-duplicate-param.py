from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def k(x, x):
    x[0] = 1
# EXPECT: 5:10
