# float16 (004_…txt "float16 arrays"; numba-cuda's float16 scalars and
# numba.cuda.fp16): arrays stored as halves, arithmetic computed in float32
# and rounded to a half after every operation. tests/e2e/test_examples.py
# compares every result with NumPy's float16 bit for bit.
import math
import numpy as np
from numba import cuda, float16
from numba.cuda import fp16


# The operators and conversions, one column each.
@cuda.jit("void(float16[::1], float16[::1], float16[:, ::1], float32[:, ::1], float16, float64[::1], int8[::1])")
def arithmetic(a, b, out, wide, s, d, n):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x, y = a[i], b[i]
        out[i, 0] = x + y
        out[i, 1] = x - y
        out[i, 2] = x * y
        out[i, 3] = x / y
        out[i, 4] = x * y + s          # two roundings, as NumPy's two ufuncs
        out[i, 5] = -x
        out[i, 6] = abs(y)
        out[i, 7] = d[i]               # float64 to a half: one rounding
        out[i, 8] = np.float16(d[i] * 3.0)
        out[i, 9] = x + n[i]           # float16 and int8 stay float16
        out[i, 10] = max(x, y)
        out[i, 11] = float16(0.1) * x  # a constant rounded to a half first
        t = cuda.local.array(2, np.float16)
        t[0] = x * x
        out[i, 12] = t[0] - y
        wide[i, 0] = x                 # exact widening
        wide[i, 1] = x * np.float32(1.5)   # float16 and float32: float32
        wide[i, 2] = (x < y) + 2 * (x == y) + 4 * (x >= s)


# numba.cuda.fp16's intrinsics.
@cuda.jit("void(float16[::1], float16[::1], float16[::1], float16[:, ::1], boolean[:, ::1])")
def intrinsics(a, b, c, out, flags):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x, y, z = a[i], b[i], c[i]
        out[i, 0] = fp16.hadd(x, y)
        out[i, 1] = fp16.hsub(x, y)
        out[i, 2] = fp16.hmul(x, y)
        out[i, 3] = fp16.hdiv(x, y)
        out[i, 4] = fp16.hfma(x, y, z)
        out[i, 5] = fp16.hneg(x)
        out[i, 6] = fp16.habs(x)
        out[i, 7] = fp16.hmax(x, y)
        out[i, 8] = fp16.hmin(x, y)
        out[i, 9] = fp16.hsqrt(fp16.habs(x))
        out[i, 10] = fp16.hfloor(x)
        out[i, 11] = fp16.hrint(x)
        flags[i, 0] = fp16.heq(x, y)
        flags[i, 1] = fp16.hlt(x, y)
        flags[i, 2] = fp16.hge(x, y)


# Math functions of float16 (float16 results, computed in float32).
@cuda.jit("void(float16[::1], float16[:, ::1])")
def functions(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = a[i]
        out[i, 0] = math.sin(x)
        out[i, 1] = math.exp(x)
        out[i, 2] = math.sqrt(abs(x))
        out[i, 3] = np.cos(x)
        out[i, 4] = fp16.hexp2(x)
        out[i, 5] = fp16.hlog(abs(x))


# Reductions of float16 rows: sums and means accumulate in float32 and round
# once, as NumPy's; max/min are halves already.
@cuda.jit("void(float16[:, ::1], float16[:, ::1])")
def reductions(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]
        out[i, 0] = row.sum()
        out[i, 1] = row.mean()
        out[i, 2] = row.max()
        out[i, 3] = np.min(row)
        out[i, 4] = np.dot(row, row)


# The same bytes seen as halves and as integers (ndarray.view).
@cuda.jit("void(float16[::1], int16[::1], float32[::1])")
def views(a, b, out):
    out[0] = a.view(np.int16)[0]
    out[1] = b.view(np.float16)[0]
    a.view(np.int16)[1] = 5
    b.view(np.float16)[1] = 1.5
    out[2] = a.view(np.int32)[0]
