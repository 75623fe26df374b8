from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    cuda.cg.this_grid().sync(1)
# EXPECT: 6:5
