"""Every cmath function nvc supports (and abs, np.exp and division of complex
numbers) on complex64 and complex128: the test feeds grids of special-value
pairs (±0, tiny, ±1, huge, ±inf, NaN in each part) and random values and
compares with CPython's cmath (tests/e2e/cmath_special_check.py)."""
import cmath
import numpy as np
from numba import cuda

# Columns of `out` (complex results) and of `reals`/`flags`; the test's
# UNARY, REALS and FLAGS lists name them in this order.


@cuda.jit("void(complex128[::1], complex128[:, ::1], float64[:, ::1], int32[:, ::1])")
def unary128(z, out, reals, flags):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = z[i]
        out[i, 0] = cmath.exp(w)
        out[i, 1] = cmath.log(w)
        out[i, 2] = cmath.log10(w)
        out[i, 3] = cmath.sqrt(w)
        out[i, 4] = cmath.sin(w)
        out[i, 5] = cmath.cos(w)
        out[i, 6] = cmath.tan(w)
        out[i, 7] = cmath.asin(w)
        out[i, 8] = cmath.acos(w)
        out[i, 9] = cmath.atan(w)
        out[i, 10] = cmath.sinh(w)
        out[i, 11] = cmath.cosh(w)
        out[i, 12] = cmath.tanh(w)
        out[i, 13] = cmath.asinh(w)
        out[i, 14] = cmath.acosh(w)
        out[i, 15] = cmath.atanh(w)
        out[i, 16] = np.exp(w)
        out[i, 17] = cmath.rect(w.real, w.imag)
        reals[i, 0] = abs(w)
        reals[i, 1] = cmath.phase(w)
        r, phi = cmath.polar(w)
        reals[i, 2] = r
        reals[i, 3] = phi
        flags[i, 0] = cmath.isnan(w)
        flags[i, 1] = cmath.isinf(w)
        flags[i, 2] = cmath.isfinite(w)


@cuda.jit("void(complex64[::1], complex64[:, ::1], float32[:, ::1], int32[:, ::1])")
def unary64(z, out, reals, flags):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = z[i]
        out[i, 0] = cmath.exp(w)
        out[i, 1] = cmath.log(w)
        out[i, 2] = cmath.log10(w)
        out[i, 3] = cmath.sqrt(w)
        out[i, 4] = cmath.sin(w)
        out[i, 5] = cmath.cos(w)
        out[i, 6] = cmath.tan(w)
        out[i, 7] = cmath.asin(w)
        out[i, 8] = cmath.acos(w)
        out[i, 9] = cmath.atan(w)
        out[i, 10] = cmath.sinh(w)
        out[i, 11] = cmath.cosh(w)
        out[i, 12] = cmath.tanh(w)
        out[i, 13] = cmath.asinh(w)
        out[i, 14] = cmath.acosh(w)
        out[i, 15] = cmath.atanh(w)
        out[i, 16] = np.exp(w)
        out[i, 17] = cmath.rect(w.real, w.imag)
        reals[i, 0] = abs(w)
        reals[i, 1] = cmath.phase(w)
        r, phi = cmath.polar(w)
        reals[i, 2] = r
        reals[i, 3] = phi
        flags[i, 0] = cmath.isnan(w)
        flags[i, 1] = cmath.isinf(w)
        flags[i, 2] = cmath.isfinite(w)


@cuda.jit("void(complex128[::1], complex128[::1], complex128[:, ::1])")
def binary128(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = a[i] / b[i]
        out[i, 1] = cmath.log(a[i], b[i])


@cuda.jit("void(complex64[::1], complex64[::1], complex64[:, ::1])")
def binary64(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = a[i] / b[i]
        out[i, 1] = cmath.log(a[i], b[i])
