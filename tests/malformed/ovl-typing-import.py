from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


@overload(f)
def ol_f(x):
    import scipy
    return lambda x: x

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 11:12
