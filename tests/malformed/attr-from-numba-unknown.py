from numba import cuda, nothing


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = nothing
# EXPECT: 6:12
