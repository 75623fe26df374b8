from numba import cuda


@cuda.jit("void(float32[::1)")
def k(x):
    pass
# EXPECT: 4:28
