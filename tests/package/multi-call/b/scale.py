"""out = a * x + 1, compiled at build time by nvc_add_kernels()."""
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1])")
def scale(a, x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = a * x[i] + 1
