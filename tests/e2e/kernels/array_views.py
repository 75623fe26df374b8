# Arrays inside kernels (004_…txt "Arrays inside kernels" and "Arrays inside
# kernels and array expressions"; docs/language.md): views from slices,
# reductions, array expressions. tests/e2e/test_examples.py compares each
# kernel with NumPy on random shapes.
import numpy as np
import numba_vulkan as nv
from numba import cuda, types


# 004's example, verbatim.
@nv.jit("void(float32[:, ::1], float32[:, ::1])")
def normalise_rows(a, out):
    i = nv.global_id(0)
    if i < a.shape[0]:
        row = a[i]                    # a view, not a copy
        total = row.sum()
        for j, value in enumerate(row):
            out[i, j] = value / total
        out[i, -1] = row[1:-1].max()  # slices of slices
        out[i, :2] = 0                # fill a slice


WEIGHTS = np.array([0.25, 0.5, 0.25], dtype=np.float32)


# 004's example, verbatim.
@nv.jit("void(float32[::1], float32[::1])")
def smooth(x, out):
    i = nv.global_id(0)
    if 0 < i < x.shape[0] - 1:
        out[i] = np.dot(x[i - 1 : i + 2], WEIGHTS)


# Row i of `out` holds a[i, lo:hi:step] (its length in the last column):
# bounds and steps at run time, negative ones included.
@cuda.jit("void(float64[:, ::1], float64[:, ::1], int64, int64, int64)")
def row_slice(a, out, lo, hi, step):
    i = cuda.grid(1)
    if i < a.shape[0]:
        v = a[i, lo:hi:step]
        for j in range(v.shape[0]):
            out[i, j] = v[j]
        out[i, out.shape[1] - 1] = len(v)


# Columns, reversed views, views of views, None.
@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1])")
def column_views(a, colsum, tail):
    j = cuda.grid(1)
    if j < a.shape[1]:
        c = a[:, j]
        colsum[j] = (c + c).sum()
        r = c[::-1][1::2]
        tail[j] = r.sum() + a[None, :, j].max()


# The transposed view: rows of a.T are columns of a; .T of a 1-d view is itself.
@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[::1])")
def transposed(a, out, diag):
    j = cuda.grid(1)
    t = a.T
    if j < t.shape[0]:
        out[j, :] = t[j] * 2
        diag[j] = t[j, ::-1].T[0] + a.T.T[0, j] + t.shape[1]


# NumPy's Ellipsis: `...` stands for the dimensions the other items leave.
@cuda.jit("void(float64[:, :, ::1], float64[:, ::1], float64[::1])")
def ellipsis(a, out, last):
    k = cuda.grid(1)
    if k < a.shape[2]:
        out[..., k] = a[..., k].sum() + a[0, ..., k].max() + a[..., 0, k].min()
        last[k] = a[1, 0, ...][k] + a[..., None, 0, 0, k].sum() + a[..., :, :, k][0, 0]


# The nine reductions and np.dot on rows of every dtype's result type.
@cuda.jit("void(float64[:, ::1], float64[:, ::1], int64[:, ::1])")
def reductions(a, out, iout):
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]
        out[i, 0] = row.sum()
        out[i, 1] = np.prod(row[:4])
        out[i, 2] = row.mean()
        out[i, 3] = np.max(row)
        out[i, 4] = row.min()
        out[i, 5] = np.dot(row, a[0])
        out[i, 6] = sum(a[i, 1:])
        iout[i, 0] = row.argmax()
        iout[i, 1] = np.argmin(a[i, ::-1])
        iout[i, 2] = row.any()
        iout[i, 3] = np.all(row)


@cuda.jit("void(int32[:, ::1], int64[:, ::1], uint8[:, ::1], uint64[::1])")
def int_reductions(a, out, u, usum):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = a[i].sum()
        out[i, 1] = a[i].max()
        out[i, 2] = a[i].argmin()
        out[i, 3] = a[i].prod()
        usum[i] = u[i].sum()


# 004's array expressions, verbatim, and more.
@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1], float64[:, ::1], float64[::1], "
          "float64, float64[::1])")
def expressions(a, b, w, out, norm, c, pick):
    i = cuda.grid(1)
    if i < a.shape[0]:
        d = a[i] - b                      # nothing is computed yet
        norm[i] = np.sqrt((d * d).sum())   # elements computed inside the reduction
        out[i, :] = a[i] * w + c          # computed element by element into out
        out[i, :] *= 2                    # in-place operators work the same way
        x = (a[i] * 2)[3]                 # computes one element
        pick[i] = x + len(d) + np.abs(-d).max() + (d > 0).sum() + np.maximum(d, 0.5).min()


# Broadcasting a row against a column into a 2-D view.
@cuda.jit("void(float32[::1], float32[::1], float32[:, :, ::1])")
def outer(x, y, out):
    k = cuda.grid(1)
    if k < out.shape[0]:
        out[k] = x[:, None] * y[None, :] + k


# Reductions along an axis (square rows so that every axis gives n values):
# constant axes (negative too), a run-time axis, expressions, 1-d arrays.
@cuda.jit("void(float64[:, :, ::1], float64[:, :, ::1], int64[:, :, ::1], float64[::1], int64)")
def axis_reductions(a, out, iout, flat, axis):
    i = cuda.grid(1)
    if i < a.shape[0]:
        m = a[i]
        out[i, 0] = m.sum(axis=0)
        out[i, 1] = np.prod(m, 1)
        out[i, 2] = m.mean(axis=-1)
        out[i, 3] = m.max(0)
        out[i, 4] = np.min(m, axis=1)
        out[i, 5] = np.sum(m, axis)
        out[i, 6] = np.max(m * 2, axis=axis)
        out[i, 7] = (m - 1).mean(axis=axis) + m.sum(axis=-2)
        iout[i, 0] = m.argmax(axis=0)
        iout[i, 1] = np.argmin(m, -1)
        iout[i, 2] = (m > 0).any(axis=0)
        iout[i, 3] = np.all(m > -1, axis=1)
        iout[i, 4] = np.argmax(m, axis=axis)
        flat[i] = m[0].sum(axis=0) + m[1].max(-1) + m[2].argmin(axis // 2)


# 004's reductions along an axis, verbatim (the 2-d result of the second line
# goes to `centred`, as `out` is the 1-d one).
@nv.jit("void(float32[:, ::1], float32[::1], float32[:, ::1], float32[::1], int32, int32)")
def axis_004(x, out, centred, m_out, k, j):
    if nv.global_id(0) == 0:
        out[:] = x.sum(axis=0)            # column sums, one loop per element of out
        centred[:, :] = x - x.mean(axis=0)    # broadcasts like NumPy
        m = np.max(x, axis=k)[j]          # k may be a variable; computes one element
        m_out[0] = m


# Complex parts and other dtypes as views of the same memory (NumPy's .real,
# .imag and view(dtype)): read, written, and an atomic on a part.
@cuda.jit("void(complex128[:, ::1], float64[::1], uint8[::1], int32[::1], float32[:, ::1], "
          "uint32[:, ::1], uint32[::1], float64[::1], int64)")
def other_views(z, parts, raw, words, f, bits, pairs, doubles, start):
    i = cuda.grid(1)
    if i < z.shape[0]:
        re = z[i].real
        parts[i] = re.sum() + z.imag[i, ::2].max()
        z[i].imag[:] = z[i].real * 2
        cuda.atomic.add(z.real, (i, 0), 1.0)
    if i == 0:
        w = raw[start:].view(np.int32)
        for k in range(w.shape[0]):
            words[k] = w[k]
        d = pairs.view(np.float64)
        doubles[: d.shape[0]] = d
        doubles[-1] = d.shape[0]
    if i < f.shape[0]:
        bits[i] = f[i].view(np.uint32)
        f[i].view(np.int32)[1:] = 0x3F800000


# Several views bound at once (every item evaluated first, as Python does).
@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[:, ::1])")
def unpacked_views(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x, y, s = a[i], b[i, ::-1], a[i].sum()
        out[i] = x * 10 + y + s


# NumPy's NaN-ignoring reductions, variance, standard deviation and
# count_nonzero, over rows and along an axis.
@cuda.jit("void(float64[:, ::1], float64[:, ::1], int32[:, ::1], complex128[:, ::1], float64[:, ::1])")
def more_reductions(a, out, b, z, cols):
    i = cuda.grid(1)
    if i < a.shape[0]:
        r = a[i]
        out[i, 0] = np.nansum(r)
        out[i, 1] = np.nanprod(r[:4])
        out[i, 2] = np.nanmean(r)
        out[i, 3] = np.nanmin(r)
        out[i, 4] = np.nanmax(r)
        out[i, 5] = r.var()
        out[i, 6] = np.std(r[1:])
        out[i, 7] = np.count_nonzero(r > 0) + np.count_nonzero(b[i])
        out[i, 8] = np.var(b[i]) + np.std(z[i])
    if i == 0:
        cols[0] = np.nanmax(a, axis=0)
        cols[1] = a.var(axis=0)


# reshape of C-contiguous arrays and rows: views in another shape, -1
# inferred, written through; a size that differs raises ValueError.
@cuda.jit("void(float64[:, ::1], float64[::1], float64[:, :, ::1], int64, int64)")
def reshaped(a, flat, cube, rows, cols):
    i = cuda.grid(1)
    if i == 0:
        f = a.reshape(-1)
        for k in range(f.shape[0]):
            flat[k] = f[k]
        c = a.reshape((rows, -1, cols))
        cube[:, :, :] = c * 2
        a[0].reshape(1, -1)[0, 0] = c.sum()


# copy() of a global array and of a private array: private copies.
@cuda.jit("void(float32[:, ::1])")
def copies(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        w = WEIGHTS.copy()
        w[0] = i
        t = np.zeros(3, dtype=np.float32)
        t[1] = 5
        u = t.copy()
        t[1] = 7
        out[i, :3] = w + u + WEIGHTS
        out[i, 3] = t[1]


# A variable holding a C view in one branch and a strided one in the other:
# Numba unifies the layouts to A.
@cuda.jit("void(float64[:, ::1], float64[::1], int64)")
def either_view(a, out, flip):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if flip:
            v = a[i, ::-1]
        else:
            v = a[i, 1:]
        out[i] = v[0] + v.sum()


# An array parameter re-bound to views of itself of its own type, a
# run-time number of times (numba-cuda's test_ssa: arr = arr.reshape(...)).
@cuda.jit("void(float64[:, ::1], float64[::1], int64)")
def rebound_parameter(a, out, k):
    i = cuda.grid(1)
    if i == 0:
        for _ in range(k):
            a = a[1:]
            flat = a.reshape(a.size)
            a = flat.reshape(a.shape[0], a.shape[1])
        out[0] = a.shape[0]
        out[1] = a.sum()
        out[2] = a[0, 0]


# Views of shared arrays, dynamic and static (numba-cuda's test_sm
# issue 5073: halves of one dynamic allocation, filled and read through).
@cuda.jit("void(int64[::1], int64[::1], float64[::1], int64)")
def shared_slices(x, y, sums, chunk):
    dyn = cuda.shared.array(0, dtype=np.int64)
    lo = dyn[0:chunk]
    hi = dyn[chunk:chunk * 2]
    st = cuda.shared.array(16, dtype=np.float64)
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bd = cuda.blockDim.x
    i = bx * bd + tx
    if tx < chunk:
        lo[tx] = x[i]
    else:
        hi[tx - chunk] = x[i]
    st[tx] = x[i] * 0.5
    cuda.syncthreads()
    if tx == 0:
        for j in range(chunk):
            y[bd * bx + j] = hi[j]
            y[bd * bx + j + chunk] = lo[j]
        sums[bx] = st[1:][::-1].sum() + hi.max()


# min, max, argmin, argmax, nanmin, nanmax of complex rows: NumPy's
# lexicographic order, NaN (in either part) propagating or skipped; along
# an axis too.
@cuda.jit("void(complex128[:, ::1], complex128[:, ::1], int64[:, ::1], complex64[:, ::1], "
          "complex64[::1])")
def complex_extrema(z, out, iout, w, wmax):
    i = cuda.grid(1)
    if i < z.shape[0]:
        r = z[i]
        out[i, 0] = r.max()
        out[i, 1] = np.min(r)
        out[i, 2] = np.nanmax(r)
        out[i, 3] = np.nanmin(r)
        iout[i, 0] = r.argmax()
        iout[i, 1] = np.argmin(r)
    if i == 0:
        wmax[:] = w.max(axis=0)


# 0-d arrays (NumPy's np.array(x), Numba's Array(dtype, 0, 'C')): one
# element, read and written with a[()] or a[...]; frozen, private and
# argument 0-d arrays; arithmetic of 0-d arrays gives numbers.
SCALE = np.array(2.5)
FLAG = np.array(True)
ZERO = np.array(0)
FLAGS = np.array([True, False, True, True])


@cuda.jit(types.void(types.Array(types.float64, 0, 'C'), types.float64[::1], types.int64[::1],
                     types.Array(types.int32, 0, 'C')))
def zero_d(s, out, iout, t):
    i = cuda.grid(1)
    if i == 0:
        out[0] = s[()] * SCALE
        out[1] = np.sqrt(s) + SCALE.sum() + s.max() + np.mean(s)
        out[2] = s.size + s.ndim * 10 + len(s.shape) * 100
        p = np.zeros(())
        p[()] = s[()] + 1
        p[...] += 1
        out[3] = p[()] + p.sum()
        v = s[...]
        out[4] = v[()] * 2 if s > 0 else -v[()]
        out[5] = -s + ZERO
        out[6] = s.reshape(1)[0] + s.reshape((1, 1))[0, 0] + t.reshape(())[()]
        out[7] = np.maximum(s, t)
        iout[0] = np.count_nonzero(ZERO) + 10 * np.count_nonzero(s) + 100 * FLAG.sum()
        iout[1] = s.argmax() + SCALE.argmin()
        iout[2] = FLAGS.sum() + 10 * (~FLAGS[1])
        iout[3] = FLAG.any() + 10 * FLAG.all() + 100 * np.any(ZERO)
        s[()] = out[0] + 1
        t[...] = t[()] * 3


# Arrays of more than three dimensions (NumPy and Numba have no such limit):
# 4-d arguments, their views and reductions, 5-d private arrays and reshapes.
@cuda.jit("void(float64[:, :, :, ::1], float64[:, :, ::1], float64[::1], int64)")
def four_d(a, out, totals, k):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i].sum(axis=0) + a[i, :, ::-1, 1:].max(axis=2).sum()
        totals[i] = a[i].sum() + a.ndim * 1000 + a[..., k].mean()
        p = np.zeros((2, 1, 2, 1, 3), dtype=np.float64)
        p[1, 0, :, 0, :] = a[i, 0, :2, :3]
        totals[i] += p.sum() + p[1, 0, 1, 0, 2] * 100 + p.reshape(12)[-1]
