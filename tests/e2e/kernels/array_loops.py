"""Loops over arrays: `for v in row`, enumerate, zip, row views of a 2-D
array held in a variable, and negative indices (004, "Arrays inside
kernels"; 000's imaging kernel iterates zip(us, vs, ws, vis))."""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1], float64[:, ::1])")
def rows(a, w, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]                      # a view, not a copy
        total = 0.0
        for v in row:
            total += v
        weighted = 0.0
        for j, v in enumerate(row):
            weighted += j * v
        dot = 0.0
        for x, y, z in zip(row, w, b):  # stops at the shortest
            dot += x * y - z
        out[i, 0] = total
        out[i, 1] = weighted
        out[i, 2] = dot
        out[i, 3] = row[-1] + a[i, -2]
        if i + 1 < a.shape[0]:
            row = a[i + 1]              # the same variable, another row
        out[i, 4] = row[0]


# enumerate(range(...)) with any step, also negative and run-time; continue
# must not skip the count.
@cuda.jit("void(int64[::1], int64[::1])")
def enumerated_ranges(bounds, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        start, stop, step = bounds[3 * i], bounds[3 * i + 1], bounds[3 * i + 2]
        total = 0
        for k, j in enumerate(range(start, stop, step)):
            if j % 3 == 0:
                continue
            total += (k + 1) * j
        for k, j in enumerate(range(stop, start, -1)):
            total += k - j
        out[i] = total
