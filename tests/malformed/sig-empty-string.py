from numba import cuda


@cuda.jit("")
def k(x):
    pass
# EXPECT: 4:12
