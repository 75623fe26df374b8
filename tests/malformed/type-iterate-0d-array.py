from numba import cuda, types


@cuda.jit(types.void(types.Array(types.float64, 0, 'C'), types.float64[::1]))
def k(s, out):
    for x in s:
        out[0] = x
# EXPECT: 6:14
