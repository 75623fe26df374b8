from numba import cuda


@cuda.jit("void(void[::1])")
def k(x):
    pass
# EXPECT: 4:17
