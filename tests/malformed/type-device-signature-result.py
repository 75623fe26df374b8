from numba import cuda


@cuda.jit("void(int32)", device=True)
def f(a):
    return a * 3


@cuda.jit("void(float32[::1])")
def k(x):
    f(1)
# EXPECT: 4:11
# EXPECT-MSG: 'f' returns int64 but its signature declares void
