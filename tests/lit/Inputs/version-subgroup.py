# A kernel with a subgroup operation (lit version.py: its module is SPIR-V 1.3).
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = cuda.shfl_down_sync(0xFFFFFFFF, x[i], 1)
