from numba import cuda


# a[::2] of a C-contiguous array is strided (layout A); re-bound in a loop,
# the parameter (typed C by its signature) would hold both.
@cuda.jit("void(float64[::1], int64)")
def k(a, n):
    for _ in range(n):
        a = a[::2]
    a[0] = 1.0
# EXPECT: 9:9
