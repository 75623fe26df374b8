"""numba.cuda's cuda.syncthreads_count/and/or: barriers that also count, or
combine with and/or, a predicate over the whole block. Every launched
invocation takes part (those past the end of the data with 0), in 1-D and
2-D blocks, and the same call runs several times in a loop (its workgroup
counter is reused)."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], int32[:, ::1])")
def votes(x, out):
    i = cuda.grid(1)
    n = x.shape[0]
    v = x[i] if i < n else np.float32(0)
    c = cuda.syncthreads_count(v > 0)
    a = cuda.syncthreads_and(v > -2)
    o = cuda.syncthreads_or(v > 2)
    total = 0
    for r in range(3):
        total += cuda.syncthreads_count(v > r)
    if i < n:
        out[i, 0] = c
        out[i, 1] = a
        out[i, 2] = o
        out[i, 3] = total


@cuda.jit("void(float32[:, ::1], int32[:, :, ::1])")
def votes2d(x, out):
    r, c = cuda.grid(2)
    inside = r < x.shape[0] and c < x.shape[1]
    v = x[r, c] if inside else np.float32(0)
    count = cuda.syncthreads_count(v > 0)
    any_big = cuda.syncthreads_or(v > 2)
    if inside:
        out[r, c, 0] = count
        out[r, c, 1] = any_big
