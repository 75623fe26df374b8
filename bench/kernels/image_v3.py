"""Direct imaging of 000 ("Optimisation"), version 3: float32 and complex64 with libdevice cosf/sinf (optimisation 2)."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], complex64[::1], float32[:, ::1], float32[:, ::1], float32[:, ::1], complex64[:, ::1])")
def image_v3(us, vs, ws, vis, ls, ms, ndashes, img):
    lmpx = cuda.grid(1)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        l, m, ndash = ls[lpx, mpx], ms[lpx, mpx], ndashes[lpx, mpx]
        pixel = np.complex64(0)
        for u, v, w, datum in zip(us, vs, ws, vis):
            phase = 2 * np.float32(np.pi) * (u * l + v * m + w * ndash)
            pixel += datum * complex(cuda.libdevice.cosf(phase), cuda.libdevice.sinf(phase))
        img[lpx, mpx] = pixel
