from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = 0
    while i < 10:
        cuda.cg.this_grid().sync()
        i += 1
# EXPECT: 8:9
