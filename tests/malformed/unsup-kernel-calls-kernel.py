from numba import cuda


@cuda.jit("void(int32[::1])")
def other(y):
    y[0] = 1


@cuda.jit("void(int32[::1])")
def k(y):
    other(y)
# EXPECT: 11:5
