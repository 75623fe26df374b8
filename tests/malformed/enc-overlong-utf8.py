from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = À¯
# EXPECT: 6:12
