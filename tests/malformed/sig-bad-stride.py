from numba import cuda


@cuda.jit("void(float32[::2])")
def k(x):
    pass
# EXPECT: 4:27
