from numba import cuda


@cuda.jit
def k(x: floaty):
    pass
# EXPECT: 5:10
