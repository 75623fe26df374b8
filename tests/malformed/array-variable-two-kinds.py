from numba import cuda, float32


@cuda.jit("void(float32[::1])")
def k(x):
    s = cuda.local.array(4, float32)
    a = x
    if x[0] > 0:
        a = s
    a[0] = 1
# EXPECT: 9:13
