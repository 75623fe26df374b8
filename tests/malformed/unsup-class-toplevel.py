from numba import cuda


class K:
    v = 1


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = K.v
# EXPECT: 10:12
