from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


@overload(f)
def ol_f(x):
    n = 0
    while n >= 0:
        n += 1
    return lambda x: x

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 12:5
