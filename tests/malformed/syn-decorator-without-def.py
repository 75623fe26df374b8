from numba import cuda


@cuda.jit("void(float32[::1])")
x = 1
# EXPECT: 5:1
