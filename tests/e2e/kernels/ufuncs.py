# NumPy's ufuncs called by name in kernels (issue 20): with output arrays
# (numba-cuda's test_ufuncs form), out=, broadcasting, scalars and array
# expressions, typed by Numba's ufunc loop selection (int32 arrays add in
# int32) and compared with NumPy in tests/e2e/test_examples.py.
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:, ::1], int32[:, ::1], int32[:, :, ::1], int64[:, ::1])")
def int_ufuncs(a, b, out, wide):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = a[i]
        y = b[i]
        np.add(x, y, out[0, i])
        np.subtract(x, y, out[1, i])
        np.multiply(x, y, out[2, i])
        np.floor_divide(x, y, out[3, i])
        np.remainder(x, y, out[4, i])
        np.bitwise_and(x, y, out=out[5, i])
        np.bitwise_or(x, y, out[6, i])
        np.bitwise_xor(x, 7, out[7, i])
        np.left_shift(x, 3, out[8, i])
        np.right_shift(x, 2, out[9, i])
        np.maximum(x, y, out[10, i])
        np.minimum(x, y, out[11, i])
        np.negative(x, out[12, i])
        np.invert(x, out[13, i])
        np.absolute(x, out[14, i])
        np.fmax(x, y, out[15, i])
        wide[i, :] = x * y  # two int32 arrays multiply in int32, wrapping


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, :, ::1], boolean[:, :, ::1])")
def float_ufuncs(a, b, out, flags):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = a[i]
        y = b[i]
        np.true_divide(x, y, out[0, i])
        np.maximum(x, y, out[1, i])
        np.minimum(x, y, out[2, i])
        np.fmax(x, y, out[3, i])
        np.fmin(x, y, out[4, i])
        np.remainder(x, y, out[5, i])
        np.floor_divide(x, y, out[6, i])
        np.negative(x, out[7, i])
        np.arctan2(x, y, out[8, i])
        np.hypot(x, y, out[9, i])
        np.sin(x, out=out[10, i])
        np.greater(x, y, flags[0, i])
        np.less_equal(x, y, flags[1, i])
        np.equal(x, y, flags[2, i])
        np.not_equal(x, y, flags[3, i])
        np.logical_and(x, y, flags[4, i])
        np.logical_or(x, y, flags[5, i])
        np.logical_xor(x, y, flags[6, i])
        np.logical_not(x, flags[7, i])
        np.isnan(x, flags[8, i])


@cuda.jit("void(complex128[::1], complex128[::1], complex128[:, ::1], boolean[:, ::1])")
def complex_ufuncs(z, w, out, flags):
    if cuda.grid(1) == 0:
        np.maximum(z, w, out[0])
        np.minimum(z, w, out[1])
        np.fmax(z, w, out[2])
        np.fmin(z, w, out[3])
        np.add(z, w, out[4])
        np.negative(z, out[5])
        np.sin(z, out[6])
        np.log(z, out[7])
        np.sqrt(z, out[8])
        np.log2(z, out[9])
        np.arctanh(z, out[10])
        np.greater(z, w, flags[0])
        np.less_equal(z, w, flags[1])
        np.less(z, w, flags[2])
        np.greater_equal(z, w, flags[3])
        np.not_equal(z, w, flags[4])
        np.logical_or(z, w, flags[5])
        np.isnan(w, flags[6])
        np.isinf(w, flags[7])
        np.isfinite(w, flags[8])
        for k in range(z.shape[0]):
            flags[9, k] = np.isnan(z[k]) or np.isinf(w[k]) and not np.isfinite(z[k])


# Broadcasting into the output, the output read in place, scalars, and
# ufuncs without an output as array expressions.
@cuda.jit("void(float64[:, ::1], float64[::1], float64[:, ::1], float64[:, ::1])")
def broadcast_ufuncs(a, v, out, s):
    i = cuda.grid(1)
    if i == 0:
        np.add(a, v, out)
        np.multiply(out, 2.0, out)
    if i < v.shape[0]:
        s[i, 0] = np.add(v[i], 1.5) + np.greater(v[i], 0) + np.fmax(v[i], np.nan)
        s[i, 1] = np.subtract(a[:, i], v[i]).sum()
        s[i, 2] = np.logical_and(a[:, i] > 0, np.less(a[:, i], 0.5)).sum()
        s[i, 3] = np.maximum(a[:, i], 0).max() + np.sqrt(np.absolute(a[:, i])).min()


# np.where of arrays and scalars: an array expression (NumPy's broadcasting).
@cuda.jit("void(float64[:, ::1], float64[::1], float64[:, ::1], int64[::1])")
def where_select(a, v, out, count):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = np.where(a[i] > v, a[i], 0.5 * v)
        count[i] = np.where(np.isnan(a[i]), 1, 0).sum() + np.where(a[i] < 0, 10, 0).sum()


# Unary operators on arrays keep the dtype (np.negative, np.invert): -u of
# uint8 wraps in uint8, as in NumPy and Numba.
@cuda.jit("void(uint8[::1], int8[::1], int16[::1], float64[:, ::1])")
def unary_small(u, s, h, out):
    if cuda.grid(1) == 0:
        out[0, :] = -u
        out[1, :] = ~u
        out[2, :] = -s
        out[3, :] = ~h + (+s)
        out[4, 0] = (-u).sum()
        out[4, 1] = np.maximum(s, -s).sum()


# np.fmod: integer loops (the dividend's sign, 0 for a zero divisor) and
# C's fmod of floats.
@cuda.jit("void(int32[::1], int32[::1], int32[::1], float64[::1], float64[::1], float64[::1])")
def fmods(a, b, out, x, y, fout):
    if cuda.grid(1) == 0:
        np.fmod(a, b, out)
        np.fmod(x, y, out=fout)


# A ufunc's value is its output array: held in a variable, indexed, reduced.
@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[::1])")
def output_value(a, out, s):
    i = cuda.grid(1)
    if i < a.shape[0]:
        r = np.multiply(a[i], 2, out=out[i])
        s[i] = r.sum() + np.add(a[i], 1, out[i])[0]
