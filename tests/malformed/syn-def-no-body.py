from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
# EXPECT: 7:1
