from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


def ol_f(x):
    return lambda x: x


overload(f)(ol_g)

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 13:13
