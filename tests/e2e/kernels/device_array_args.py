"""Device functions called with private, shared and global arrays: the same
helper serves all three (one specialization per memory of its arguments),
reads and writes them, and passes them on to another helper."""
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def weighted_sum(a, n):
    s = np.float32(0)
    for j in range(n):
        s += a[j] * np.float32(j + 1)
    return s


@cuda.jit(device=True)
def fill_ramp(a, start):
    for j in range(a.shape[0]):
        a[j] = start + np.float32(j)


@cuda.jit(device=True)
def scaled_sum(a, n, f):
    return weighted_sum(a, n) * f


@cuda.jit("void(float32[::1], float32[:, ::1])")
def mixed(x, out):
    buf = cuda.local.array(4, dtype=np.float32)
    sh = cuda.shared.array(64, dtype=np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i]                      # the grid is whole workgroups of 64 over x
    cuda.syncthreads()
    fill_ramp(buf, x[i])
    if i < x.shape[0]:
        out[i, 0] = weighted_sum(buf, 4)
        out[i, 1] = weighted_sum(sh, t + 1)
        out[i, 2] = weighted_sum(x, 3)
        out[i, 3] = scaled_sum(buf, 2, np.float32(0.5)) + scaled_sum(sh, 1, np.float32(2))
