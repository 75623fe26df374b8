from numba import cuda


@cuda.jitt("void(float32[::1])")
def k(x):
    x[0] = 1
# EXPECT: 1:1
