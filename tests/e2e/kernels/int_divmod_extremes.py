# Integer // and % at the edges (test_examples.py, case_int_divmod_extremes):
# numba.cuda gives 0 for a division by zero and for MIN // -1 and MIN % -1,
# whose quotient overflows (numba's int_divmod_signed), on int64 here and on
# the 32-bit integers of nvc's default width.
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1], int64[::1], int64[::1])")
def signed_divmod(a, b, q, r):
    i = cuda.grid(1)
    if i < a.shape[0]:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit("void(uint64[::1], uint64[::1], uint64[::1])")
def unsigned_divmod(a, q, r):
    i = cuda.grid(1)
    if i < a.shape[0]:
        q[i] = a[i] // a[(i + 1) % a.shape[0]]
        r[i] = a[i] % a[(i + 1) % a.shape[0]]
