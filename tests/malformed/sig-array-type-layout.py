from numba import cuda, types


@cuda.jit(types.void(types.Array(types.float64, 2, 'X')))
def k(x):
    pass
# EXPECT: 4:52
