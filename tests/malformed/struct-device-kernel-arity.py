from numba import cuda


@cuda.jit(device=True)
def f(a, b):
    return a + b


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = f(1.0)
# EXPECT: 11:12
