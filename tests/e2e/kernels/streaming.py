"""Streaming kernels (docs/optimisation.md, streaming vectorisation): each
invocation of the compiled kernel does four consecutive elements, as 16-byte
vectors where all four exist and are aligned, one by one otherwise."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def axpby(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] - y[i] * np.float32(0.5)


@cuda.jit("void(int32[::1], int32[::1])")
def shifted(x, y):
    i = cuda.grid(1)
    if i < y.size - 1:
        y[i] = x[i + 1] * 3 - (x[i + 1] >> 2)
