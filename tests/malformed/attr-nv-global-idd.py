import numba_vulkan as nv


@nv.jit("void(float32[::1])")
def k(x):
    i = nv.global_idd(0)
    x[i] = 1
# EXPECT: 6:12
