"""Vector add: c = a + b over 64 M float32 (12 bytes and 1 flop an element)."""
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def vecadd(a, b, c):
    i = cuda.grid(1)
    if i < c.shape[0]:
        c[i] = a[i] + b[i]
