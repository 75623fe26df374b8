from numba import cuda


@cuda.jit(device=True)
def f(n):
    return g(n)


@cuda.jit(device=True)
def g(n):
    return f(n)


@cuda.jit("void(int32[::1])")
def k(y):
    y[0] = f(y[1])
# EXPECT: 11:12
