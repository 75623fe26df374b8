from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


@overload(f)
def ol_f(x):
    t = types.float32[:]

    def impl(x):
        return t(x)
    return impl

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 14:16
