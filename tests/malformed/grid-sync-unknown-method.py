from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    g = cuda.cg.this_grid()
    g.wait()
# EXPECT: 7:7
