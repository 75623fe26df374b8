# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_libdevice.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles use_sincos, use_frexp and use_sad with cuda.jit(fn)
# (lazily); here they are @cuda.jit and each case gives the signature of
# its launch.
import numpy as np
from numba import cuda
from numba.cuda import libdevice


# TestLibdevice.test_sincos
@cuda.jit
def use_sincos(s, c, x):
    i = cuda.grid(1)

    if i < len(x):
        sr, cr = libdevice.sincos(x[i])
        s[i] = sr
        c[i] = cr


# TestLibdevice.test_frexp
@cuda.jit
def use_frexp(frac, exp, x):
    i = cuda.grid(1)

    if i < len(x):
        fracr, expr = libdevice.frexp(x[i])
        frac[i] = fracr
        exp[i] = expr


# TestLibdevice.test_sad
@cuda.jit
def use_sad(r, x, y, z):
    i = cuda.grid(1)

    if i < len(x):
        r[i] = libdevice.sad(x[i], y[i], z[i])
