"""Mandelbrot set (compute-bound, divergent): iteration counts (at most max_iter) of
z = z*z + c on a width x height grid over [-2, 1] x [-1.5, 1.5], in real arithmetic."""
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:, ::1], int32)")
def mandelbrot(out, max_iter):
    col, row = cuda.grid(2)
    if row < out.shape[0] and col < out.shape[1]:
        cx = np.float32(-2.0) + np.float32(3.0) * np.float32(col) / np.float32(out.shape[1])
        cy = np.float32(-1.5) + np.float32(3.0) * np.float32(row) / np.float32(out.shape[0])
        x = np.float32(0.0)
        y = np.float32(0.0)
        n = 0
        while n < max_iter and x * x + y * y <= np.float32(4.0):
            xt = x * x - y * y + cx
            y = np.float32(2.0) * x * y + cy
            x = xt
            n += 1
        out[row, col] = n
