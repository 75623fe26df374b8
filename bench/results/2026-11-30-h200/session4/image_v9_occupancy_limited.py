"""Direct imaging of 000 ("Optimisation"), version 9: warp shuffles instead of shared memory (optimisation 8), coarsening
by 3, cuda.fma. Launch with 512 threads a block and a third of the pixels' threads."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1], complex64[::1], float32[:, ::1], float32[:, ::1], float32[:, ::1], complex64[:, ::1])")
def image_v9(us, vs, ws, vis, ls, ms, ndashes, img):
    THREAD_COARSEN = 3
    pad = cuda.shared.array(11008, dtype=np.float32)
    pad[cuda.threadIdx.x] = np.float32(1)
    lmns = cuda.local.array((THREAD_COARSEN, 3), np.float32)
    pixels = cuda.local.array((THREAD_COARSEN, 2), np.float32)
    for i in range(THREAD_COARSEN):
        lmpx = cuda.grid(1) + i * cuda.gridsize(1)
        if lmpx < img.size:
            lpx, mpx = divmod(lmpx, ls.shape[1])
            lmns[i, 0] = 2 * np.float32(np.pi) * ls[lpx, mpx]
            lmns[i, 1] = 2 * np.float32(np.pi) * ms[lpx, mpx]
            lmns[i, 2] = 2 * np.float32(np.pi) * ndashes[lpx, mpx]
            pixels[i, 0] = 0
            pixels[i, 1] = 0
    WARPSIZE = cuda.warpsize
    warpid = cuda.threadIdx.x % WARPSIZE
    nextwarpid = (cuda.threadIdx.x + 1) % WARPSIZE
    N = vis.size
    for offset in range(0, N, WARPSIZE):
        i = offset + warpid
        if i < N:
            u, v, w = us[i], vs[i], ws[i]
            datum = vis[i]
        else:
            u, v, w, = np.float32(0), np.float32(0), np.float32(0)
            datum = np.complex64(0)
        for _ in range(WARPSIZE):
            for i in range(THREAD_COARSEN):
                phase = cuda.fma(u, lmns[i, 0], cuda.fma(v, lmns[i, 1], w * lmns[i, 2]))
                sin, cos = cuda.libdevice.fast_sincosf(phase)
                pixels[i, 0] = cuda.fma(datum.real, cos, pixels[i, 0])
                pixels[i, 0] = cuda.fma(datum.imag, -sin, pixels[i, 0])
                pixels[i, 1] = cuda.fma(datum.real, sin, pixels[i, 1])
                pixels[i, 1] = cuda.fma(datum.imag, cos, pixels[i, 1])
            u = cuda.shfl_sync(0xFFFFFFFF, u, nextwarpid)
            v = cuda.shfl_sync(0xFFFFFFFF, v, nextwarpid)
            w = cuda.shfl_sync(0xFFFFFFFF, w, nextwarpid)
            datum = complex(cuda.shfl_sync(0xFFFFFFFF, datum.real, nextwarpid),
                            cuda.shfl_sync(0xFFFFFFFF, datum.imag, nextwarpid))
    for i in range(THREAD_COARSEN):
        lmpx = cuda.grid(1) + i * cuda.gridsize(1)
        if lmpx < img.size:
            lpx, mpx = divmod(lmpx, ls.shape[1])
            img[lpx, mpx] = complex(pixels[i, 0], pixels[i, 1])
    if N == 7:
        img[0, 0] = pad[cuda.threadIdx.x]
