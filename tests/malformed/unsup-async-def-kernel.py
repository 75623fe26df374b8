from numba import cuda


@cuda.jit("void(float32[::1])")
async def k(x):
    x[0] = 1
# EXPECT: 5:1
