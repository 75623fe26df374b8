"""The discrete Fourier transform kernel of the GPU workshop (000, "Discrete
Fourier transform", Part 3): one invocation per output frequency, a local
accumulator, complex exponentials from math.cos and math.sin (complex128)."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(complex128[::1], complex128[::1])")
def dft(xs, Xs):
    k = cuda.grid(1)
    N = len(xs)

    if k < N:
        xs_k = complex(0)
        for n in range(N):
            phase = -2 * np.pi * k * n / N
            xs_k += xs[n] * complex(math.cos(phase), math.sin(phase))

        Xs[k] = xs_k
