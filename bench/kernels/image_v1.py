"""Direct imaging of 000 ("Optimisation"), version 1: the first GPU kernel, float64, accumulating into global memory
(img must start at zero; every launch adds the image once more)."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64[::1], complex128[::1], float64[:, ::1], float64[:, ::1], float64[:, ::1], complex128[:, ::1])")
def image_v1(us, vs, ws, vis, ls, ms, ndashes, img):
    lmpx = cuda.grid(1)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        l, m, ndash = ls[lpx, mpx], ms[lpx, mpx], ndashes[lpx, mpx]
        for u, v, w, datum in zip(us, vs, ws, vis):
            phase = 2 * np.pi * (u * l + v * m + w * ndash)
            img[lpx, mpx] += datum * complex(math.cos(phase), math.sin(phase))
