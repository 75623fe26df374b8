from numba import cuda


class Point:
    pass


@cuda.jit("void(int32[::1])")
def k(x):
    if x[0] < 0:
        raise Point()
# EXPECT: 11:15
