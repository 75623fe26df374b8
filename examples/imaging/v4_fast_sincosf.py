"""Direct imaging, optimisation 3 (000): specialised math, sine and cosine
from one cuda.libdevice.fast_sincosf call."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], complex64[::1], float32[:, ::1], float32[:, ::1], float32[:, ::1], complex64[:, ::1])")
def kernel(us, vs, ws, vis, ls, ms, ndashes, img):
    lmpx = cuda.grid(1)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        # Retrieve l, m and ndash coordinates associated with this pixel
        l, m, ndash = ls[lpx, mpx], ms[lpx, mpx], ndashes[lpx, mpx]
        # Perform sum over all of the visibility data for just one pixel
        pixel = np.complex64(0)
        for u, v, w, datum in zip(us, vs, ws, vis):
            phase = 2 * np.float32(np.pi) * (u * l + v * m + w * ndash)
            sin, cos = cuda.libdevice.fast_sincosf(phase)
            pixel += datum * complex(cos, sin)
        img[lpx, mpx] = pixel
