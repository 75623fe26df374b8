"""Loop fusion (docs/optimisation.md): adjacent loops over the same counter
run as one loop at -O2; results must be those of the loops one after the
other (the e2e-O0 run compiles the same file unfused)."""
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1])")
def row_stats(x, sums, sumsq):
    """Sum and sum of squares of each row: two read-only loops, fused."""
    i = cuda.grid(1)
    if i < x.shape[0]:
        s = 0.0
        for j in range(x.shape[1]):
            s += x[i, j]
        q = 0.0
        for j in range(x.shape[1]):
            q += x[i, j] * x[i, j]
        sums[i] = s
        sumsq[i] = q


@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[:, ::1])")
def producer_consumer(x, tmp, out):
    """Iteration j of each loop reads only what iteration j of the loops
    before it wrote: all three fuse."""
    i = cuda.grid(1)
    if i < x.shape[0]:
        for j in range(x.shape[1]):
            tmp[i, j] = x[i, j] * 2.0 + 1.0
        for j in range(x.shape[1]):
            out[i, j] = tmp[i, j] * tmp[i, j] - x[i, j]
        for j in range(x.shape[1]):
            out[i, j] = out[i, j] * 0.5 + tmp[i, j]


@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[:, ::1])")
def shifted(x, tmp, out):
    """The second loop reads what a later iteration of the first writes:
    must not fuse (fused, tmp[i, j + 1] would be read before it is written)."""
    i = cuda.grid(1)
    if i < x.shape[0]:
        m = x.shape[1]
        for j in range(m):
            tmp[i, j] = x[i, j] * 3.0
        for j in range(m):
            out[i, j] = tmp[i, (j + 1) % m] - tmp[i, j]
