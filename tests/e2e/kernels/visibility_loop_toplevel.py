"""The naive direct-imaging kernel with its visibility loop at the top level
of the kernel (outside the bounds guard), as in examples/imaging/v6_shared_cache.py
without its hand-written cache: every invocation runs the loop, so -O3 can
stage us, vs, ws and vis through workgroup memory (passes/StageShared.cpp)."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], complex64[::1], float32[:, ::1], float32[:, ::1], float32[:, ::1], complex64[:, ::1])")
def kernel(us, vs, ws, vis, ls, ms, ndashes, img):
    lmpx = cuda.grid(1)
    l, m, ndash = np.float32(0), np.float32(0), np.float32(0)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        l = 2 * np.float32(np.pi) * ls[lpx, mpx]
        m = 2 * np.float32(np.pi) * ms[lpx, mpx]
        ndash = 2 * np.float32(np.pi) * ndashes[lpx, mpx]
    pixel = np.complex64(0)
    for j in range(vis.size):
        phase = us[j] * l + vs[j] * m + ws[j] * ndash
        sin, cos = cuda.libdevice.fast_sincosf(phase)
        pixel += vis[j] * complex(cos, sin)
    if lmpx < img.size:
        lpx, mpx = divmod(lmpx, ls.shape[1])
        img[lpx, mpx] = pixel
