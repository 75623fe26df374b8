from numba import cuda, types


@cuda.jit(types.void(types.Array(types.float64, 1, 'C', aligned=False)))
def k(x):
    x[0] = 1
# EXPECT: 4:57
