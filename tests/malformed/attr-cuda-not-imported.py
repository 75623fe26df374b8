import numba_vulkan as nv


@nv.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    x[i] = 1
# EXPECT: 6:9
