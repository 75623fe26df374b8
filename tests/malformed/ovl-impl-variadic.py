from numba import cuda, types
from numba.extending import overload


def f(x):
    pass


@overload(f, strict=False)
def ol_f(x):
    def impl(x, *rest):
        return x
    return impl

@cuda.jit("void(float32[::1])")
def k(a):
    a[0] = f(a[0])
# EXPECT: 11:17
