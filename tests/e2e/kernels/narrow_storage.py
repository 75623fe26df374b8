"""narrow=True kernels on float64 and complex128 data (004, "Integer and float
width"): computed in float32 and stored as float32/complex64 on the device; the
launcher converts, and elements the kernel does not write come back exactly.
`count` is shorter than the arrays, so their tails are never written."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64[::1], float64, int64)", narrow=True)
def accumulate(xs, ws, acc, s, count):
    # acc[i] += Σ_k ws[k]·cos(s·xs[k]·i), accumulated in global memory (image_v1's form)
    i = cuda.grid(1)
    if i < count:
        for k in range(xs.shape[0]):
            acc[i] += ws[k] * math.cos(s * xs[k] * i)


@cuda.jit("void(float64[::1], complex128[::1], float64[::1], complex128[::1], int64)", narrow=True)
def image1d(us, vis, ls, img, count):
    # img[j] += Σ_k vis[k]·e^{2πi·us[k]·ls[j]}: image_v1 in one dimension
    j = cuda.grid(1)
    if j < count:
        for u, datum in zip(us, vis):
            phase = 2 * np.pi * u * ls[j]
            img[j] += datum * complex(math.cos(phase), math.sin(phase))
