"""Distance of each row of a to b, written with views and an array expression
(004_…txt "Arrays inside kernels"): nvc evaluates `(d * d).sum()` as one loop
over the row, without a temporary array. numba-cuda cannot compile it (array
expressions allocate there); row_norm_loop.py is the same kernel by hand."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def row_norm_views(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        d = a[i] - b
        out[i] = np.sqrt((d * d).sum())
