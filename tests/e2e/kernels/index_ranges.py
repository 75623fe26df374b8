"""Index sign tests that FoldRangeChecks folds (indices that are never
negative) next to ones it must keep: a[i - 1] at i = 0 is the last element,
divmod of a negative number floors, indices read from data may be negative."""
from numba import cuda


@cuda.jit("void(float64[::1], int32[::1], float64[::1])")
def shifted(a, idx, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        acc = a[i - 1]                      # i = 0: a[-1], the test stays
        if 0 < i < a.shape[0] - 1:
            acc += a[i - 1] * 2.0 + a[i + 1]  # folded: 0 <= i - 1, i + 1
        for k in range(i % 5, -1, -1):      # a counter down to 0: folded
            acc += a[k] * 0.5
        for k in range(4):
            acc += a[k - 2] * 0.25          # negative for k < 2: the test stays
        q, r = divmod(i, 7)                 # never negative: corrections folded
        acc += a[q] + a[r] * 3.0
        q, r = divmod(i - 5, 7)             # negative for i < 5: corrections stay
        acc += a[q] * 5.0 + a[r] * 7.0
        acc += a[idx[i]] * 11.0             # data: may be negative
        out[i] = acc


@cuda.jit("void(float64[:, ::1], float64[:, ::1])")
def tile_sums(a, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        acc = 0.0
        for k in range(a.shape[1]):
            acc += a[i, k] * a[k % a.shape[0], j]
        out[i, j] = acc + a[i - 1, j - 1]   # the last row/column at i, j = 0
