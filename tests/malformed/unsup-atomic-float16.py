from numba import cuda


@cuda.jit("void(float16[::1])")
def k(a):
    cuda.atomic.add(a, 0, 1)
# EXPECT: 6:21
