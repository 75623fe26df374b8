"""narrow=True (004, "Integer and float width"): float64 data is computed in
float32 (stored as float32 on the device, converted by the launcher), integers in 32
bits, wrapping at 2**31."""
import math
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64, int64[::1])", narrow=True)
def narrowed(x, y, s, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = x[i] * 0.5 + s * y[i]
        n[i] = n[i] * n[i]          # wraps at 2**31 in 32-bit arithmetic
