"""saxpy: y = a*x + y over 64 M float32 (streaming: 12 bytes and 2 flops an element)."""
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]
