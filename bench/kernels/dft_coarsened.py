"""Coarsened DFT of 000: every thread computes THREAD_COARSEN = 4 frequencies k,
k + gridsize, ... and shares the read of xs[n] and part of the phase among them.
Launch with N / 4 threads."""
import numpy as np
from numba import cuda


@cuda.jit("void(complex64[::1], complex64[::1])")
def dft_coarsened(xs, Xs):
    THREAD_COARSEN = 4
    N = len(xs)
    ks = cuda.local.array(THREAD_COARSEN, dtype=np.int64)
    Xs_ks = cuda.local.array(THREAD_COARSEN, dtype=np.complex64)
    for i in range(THREAD_COARSEN):
        ks[i] = cuda.grid(1) + i * cuda.gridsize(1)
        Xs_ks[i] = 0
    for n in range(N):
        x = xs[n]
        partial_phase = -2 * np.float32(np.pi) * n / N
        for i in range(THREAD_COARSEN):
            phase = ks[i] * partial_phase
            sin, cos = cuda.libdevice.fast_sincosf(phase)
            Xs_ks[i] += x * complex(cos, sin)
    for i in range(THREAD_COARSEN):
        k = ks[i]
        if k < N:
            Xs[k] = Xs_ks[i]
