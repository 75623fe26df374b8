from numba import cuda


@cuda.jit("void(floaty[::1])")
def k(x):
    pass
# EXPECT: 4:17
