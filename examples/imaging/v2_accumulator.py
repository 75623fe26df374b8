"""Direct imaging, optimisation 1 (000): a local accumulator instead of
repeated writes to global memory."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64[::1], complex128[::1], float64[:, ::1], float64[:, ::1], float64[:, ::1], complex128[:, ::1])")
def kernel(us, vs, ws, vis, ls, ms, ndashes, img):
    lmpx = cuda.grid(1)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        # Retrieve l, m and ndash coordinates associated with this pixel
        l, m, ndash = ls[lpx, mpx], ms[lpx, mpx], ndashes[lpx, mpx]
        # Perform sum over all of the visibility data for just one pixel
        pixel = complex(0)
        for u, v, w, datum in zip(us, vs, ws, vis):
            phase = 2 * np.pi * (u * l + v * m + w * ndash)
            pixel += datum * complex(math.cos(phase), math.sin(phase))
        img[lpx, mpx] = pixel
