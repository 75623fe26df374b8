"""numba-cuda's integers in @cuda.jit kernels (docs/language.md, "Precision"):
exact 64 bits by default. An accumulation that passes 2**31, cubes of int64
data and 64-bit atomic sums keep every bit, while ids, extents and counters
bounded by them are computed in 32 bits (passes/NarrowIntegers.cpp)."""
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1])")
def sum_of_squares(x, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0
        for k in range(i):
            s += k * k
        out[i] = s + x[i] * x[i] * x[i]


# A loop bounded by 64-bit scalar arguments: its counter may pass 2**31.
@cuda.jit("void(int32[::1], int64[::1], int64, int64)")
def strided_sum(a, out, start, n):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for k in range(start, n):
            acc += a[(k * 3) % a.size] * 1000003 + k + i
        out[i] = acc


# k * 3 is 32-bit only where n is small: the loop runs in two versions
# (narrow-integers), one for n <= 2**24 and one for larger n.
@cuda.jit("void(int32[::1], int64[::1], int64)")
def counted_sum(a, out, n):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for k in range(n):
            acc += a[(k * 3) % a.size] + i
        out[i] = acc


@cuda.jit("void(int64[::1], int64[::1])")
def grid_stride_cubes(x, out):
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        out[i] = x[i] * x[i] * x[i] - i


@cuda.jit("void(int64[::1], int64[::1])")
def atomic_totals(x, totals):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(totals, i % totals.size, x[i])
