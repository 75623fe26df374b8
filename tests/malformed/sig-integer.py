from numba import cuda


@cuda.jit(123)
def k(x):
    pass
# EXPECT: 4:11
