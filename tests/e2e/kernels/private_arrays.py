"""Arrays private to each invocation (004, "Arrays inside kernels"):
cuda.local.array / nv.local.array of constant shape, np.zeros/ones/full."""
import numpy as np
import numba_vulkan as nv
from numba import cuda

N = 4


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def reverse_rows(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        tmp = cuda.local.array(N, np.float32)
        for j in range(N):
            tmp[j] = a[i, j]
        acc = nv.local.array((2, N), dtype=np.float32)
        ones = np.ones(N, dtype=np.int32)
        filled = np.full(3, 0.5, dtype=np.float32)
        zeros = np.zeros((2, 2))
        for j in range(N):
            acc[0, j] = tmp[N - 1 - j]
            acc[1, j] = acc[0, j] * ones[j] + filled[j % 3] + zeros[j % 2, 1]
        for j in range(N):
            out[i, j] = acc[1, j]
