"""The halo stencil of the e2e cases "barrier coarsening: stencil, …" (see
barrier_coarsening.py), alone: nvc's LLVM backend crashes on it (free():
invalid pointer, at -O0 too, also before CoarsenBarrierKernels existed), so
its LLVM runs are expected failures."""
import numpy as np
from numba import cuda, float32

DT = float32
WG = 64      # workgroups of WG


@cuda.jit("void(float32[::1], float32[::1])")
def stencil(x, out):
    """out[i] = x[i - 1] + x[i] + x[i + 1] (zero outside) through a shared
    array with a halo: nothing is shared between workgroups (cost model: 1)."""
    sh = cuda.shared.array(WG + 2, dtype=DT)
    i = cuda.grid(1)
    t = cuda.threadIdx.x + 1
    sh[t] = x[i] if i < x.size else DT(0)
    if t == 1:
        sh[0] = x[i - 1] if 0 < i <= x.size else DT(0)
    if t == WG:
        sh[WG + 1] = x[i + 1] if i + 1 < x.size else DT(0)
    cuda.syncthreads()
    if i < out.size:
        out[i] = sh[t - 1] + sh[t] + sh[t + 1]
