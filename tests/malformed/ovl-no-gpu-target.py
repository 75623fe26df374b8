from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


@overload(f, target="cpu")
def ol_f(x):
    return lambda x: x

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 15:12
