from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = 1  # café
# EXPECT: 6:20
