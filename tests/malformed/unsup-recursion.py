from numba import cuda


@cuda.jit(device=True)
def f(n):
    if n <= 0:
        return 0
    return f(n - 1) + 1


@cuda.jit("void(int32[::1])")
def k(y):
    y[0] = f(y[1])
# EXPECT: 8:12
