from numba import cuda


@cuda.jit("void(int128)")
def k(x):
    pass
# EXPECT: 4:17
