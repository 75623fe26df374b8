"""Unary operators and powers on every scalar family, with numba-cuda's
typing and results: -z, +z, not z on complex numbers (an internal compiler
error or a crash before), ~ on booleans (boolean, as NumPy), float ** float
at run time in float32 and float64 (refused for float64 before), float **
integer by repeated squaring (Numba's int_power_impl; the result keeps the
float's width), integer ** negative integers, pow(), and complex ** as
numba-cuda's cpow."""
import math

import numpy as np
from numba import cuda


@cuda.jit("void(complex128[::1], complex128[::1], complex64[::1], boolean[::1])")
def complex_unary(z, out, out64, truth):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = z[i]
        out[4 * i] = -w
        out[4 * i + 1] = +w
        out[4 * i + 2] = -2j * 3.0
        out[4 * i + 3] = -(w * 2) + -1j
        v = np.complex64(w)
        out64[i] = -v
        truth[2 * i] = not w
        truth[2 * i + 1] = not (w * 0)


@cuda.jit("void(boolean[::1], boolean[::1], int64[::1])")
def bool_unary(b, inv, neg):
    i = cuda.grid(1)
    if i < b.shape[0]:
        inv[i] = ~b[i]
        neg[2 * i] = -b[i]
        neg[2 * i + 1] = +b[i]


@cuda.jit("void(float64[::1], float64[::1], int64[::1], float64[::1])")
def power64(x, y, n, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[8 * i] = x[i] ** y[i]
        out[8 * i + 1] = abs(x[i]) ** (1.0 / 3.0)
        out[8 * i + 2] = pow(abs(x[i]), y[i])
        out[8 * i + 3] = x[i] ** n[i]
        out[8 * i + 4] = x[i] ** 5
        out[8 * i + 5] = x[i] ** -3
        out[8 * i + 6] = pow(x[i], 12)
        out[8 * i + 7] = x[i] ** 0


@cuda.jit("void(float32[::1], float32[::1], int32[::1], float32[::1])")
def power32(x, y, n, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[6 * i] = x[i] ** y[i]
        out[6 * i + 1] = x[i] ** n[i]
        out[6 * i + 2] = x[i] ** 7
        out[6 * i + 3] = x[i] ** -2
        out[6 * i + 4] = pow(x[i], n[i])
        out[6 * i + 5] = math.pow(x[i], y[i])


@cuda.jit("void(int64[::1], int64[::1], int64[::1])")
def power_int(a, n, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[5 * i] = a[i] ** n[i]
        out[5 * i + 1] = a[i] ** 3
        out[5 * i + 2] = a[i] ** -1
        out[5 * i + 3] = a[i] ** -2
        out[5 * i + 4] = pow(a[i], 2)


@cuda.jit("void(complex128[::1], complex128[::1], float64[::1], complex128[::1])")
def power_complex(a, b, x, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[4 * i] = a[i] ** b[i]
        out[4 * i + 1] = a[i] ** 2
        out[4 * i + 2] = pow(a[i], x[i])
        out[4 * i + 3] = x[i] ** b[i]


@cuda.jit("void(complex64[::1], complex64[::1], complex64[::1])")
def power_complex64(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i] ** b[i]


@cuda.jit(["void(float64[::1], float64[::1], float64[::1])",
           "void(float32[::1], float32[::1], float32[::1])"])
def float_divmod(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[4 * i] = a[i] % b[i]
        out[4 * i + 1] = a[i] // b[i]
        q, r = divmod(a[i], b[i])
        out[4 * i + 2] = q
        out[4 * i + 3] = r



@cuda.jit(["void(float64[::1], float64[::1], float64[::1])",
           "void(float32[::1], float32[::1], float32[::1])"])
def extrema(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[4 * i] = np.maximum(a[i], b[i])
        out[4 * i + 1] = np.minimum(a[i], b[i])
        out[4 * i + 2] = max(a[i], b[i])
        out[4 * i + 3] = min(a[i], b[i])
