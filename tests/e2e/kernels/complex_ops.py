"""Complex arithmetic with Numba's typing: complex64 stays complex64
(complex(float32, float32), np.complex64(0)), a Python complex literal
promotes to complex128; .real, .imag, .conjugate(), comparisons."""
import numpy as np
from numba import cuda


@cuda.jit("void(complex64[::1], complex64[::1], complex64, complex64[::1], float32[::1])")
def arith64(a, b, s, out, parts):
    i = cuda.grid(1)
    if i < a.shape[0]:
        acc = np.complex64(0)
        acc += a[i] * b[i]
        acc += a[i].conjugate() / b[i]
        acc -= s
        acc += complex(a[i].imag, b[i].real)
        out[i] = acc
        parts[i] = acc.real * acc.imag if a[i] != b[i] else np.float32(-1)


@cuda.jit("void(complex128[::1], float64[::1], complex128[::1])")
def arith128(z, x, out):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = z[i] * 2j + x[i] - (1 + 0.5j)
        out[i] = w / (z[i] + 3)
