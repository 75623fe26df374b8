import numba_vulkan as nv


@nv.jit("void(float32[::1])")
def k(x):
    nv.barrierr()
# EXPECT: 6:8
