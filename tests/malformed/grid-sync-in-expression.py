from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    g = cuda.cg.this_grid()
    y = g.sync()
    x[0] = 1
# EXPECT: 7:9
