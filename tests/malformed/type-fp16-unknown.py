from numba import cuda


@cuda.jit("void(float16[::1])")
def k(a):
    a[0] = cuda.fp16.hpow(a[0], a[1])
# EXPECT: 6:22
