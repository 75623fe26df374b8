from numba import cuda


@cuda.jit("void()")
def k(x):
    pass
# EXPECT: 4:11
