from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


def depth(n):
    return depth(n + 1)


@overload(f)
def ol_f(x):
    depth(0)
    return lambda x: x

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 10:12
