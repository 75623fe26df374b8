"""Naive DFT of 000 ("Optimisation", thread coarsening) in complex64: one thread per
output frequency, a fast sincos per term."""
import numpy as np
from numba import cuda


@cuda.jit("void(complex64[::1], complex64[::1])")
def dft(xs, Xs):
    k = cuda.grid(1)
    N = len(xs)
    if k < N:
        Xs_k = np.complex64(0)
        for n in range(N):
            phase = -2 * np.float32(np.pi) * k * n / N
            sin, cos = cuda.libdevice.fast_sincosf(phase)
            Xs_k += xs[n] * complex(cos, sin)
        Xs[k] = Xs_k
