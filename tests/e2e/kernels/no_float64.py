"""A float64 kernel compiled with --no-float64 (devices without float64):
computed in float32, data converted by the launcher."""
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64)")
def axpy64(x, y, a):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]
