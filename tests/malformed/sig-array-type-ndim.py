from numba import cuda, types


@cuda.jit(types.void(types.Array(types.float64, 33, 'C')))
def k(x):
    pass
# EXPECT: 4:49
