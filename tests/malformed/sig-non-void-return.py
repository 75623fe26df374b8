from numba import cuda


@cuda.jit("int32(float32[::1])")
def k(x):
    pass
# EXPECT: 4:11
