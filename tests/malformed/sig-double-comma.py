from numba import cuda


@cuda.jit("void(float32,, float32)")
def k(x, y):
    pass
# EXPECT: 4:25
