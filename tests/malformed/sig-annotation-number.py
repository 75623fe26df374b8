from numba import cuda


@cuda.jit
def k(x: 5):
    pass
# EXPECT: 5:10
