from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    s = 'café'
# EXPECT: 6:13
