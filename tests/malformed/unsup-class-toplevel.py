from numba import cuda


class K:
    pass


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = 1
# EXPECT: 4:1
