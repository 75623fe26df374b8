"""FMA contraction (docs/optimisation.md): a multiply-add and a complex
multiply-accumulate, compiled exactly (the default, --fp-contract=off), with
--fp-contract=fast, and with fastmath=True in the decorator."""
import numpy as np
from numba import cuda


@cuda.jit(["void(float32[::1], float32[::1], float32[::1], float32[::1])",
           "void(float64[::1], float64[::1], float64[::1], float64[::1])"])
def muladd(a, b, c, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i] + c[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])", fastmath=True)
def muladd_fastmath(a, b, c, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i] + c[i]


@cuda.jit("void(complex64[::1], complex64[::1], complex64[::1])")
def cmac64(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.complex64(0)
        for j in range(x.size):
            acc += x[j] * y[(i + j) % y.size]
        out[i] = acc


@cuda.jit("void(complex128[::1], complex128[::1], complex128[::1])")
def cmac128(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0j
        for j in range(x.size):
            acc += x[j] * y[(i + j) % y.size]
        out[i] = acc
