from numba import cuda


@cuda.jit
def k(x):
    x[0] = 1
# EXPECT: 5:1
# EXPECT-MSG: has no signature
