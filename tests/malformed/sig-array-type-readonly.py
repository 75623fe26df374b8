from numba import cuda, types


@cuda.jit(types.void(types.Array(types.float64, 1, 'C', readonly=True)))
def k(x):
    v = x[1:]
    v[0] = 1
# EXPECT: 7:5
