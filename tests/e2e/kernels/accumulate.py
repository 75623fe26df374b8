"""Global-memory accumulators (docs/optimisation.md, accumulator promotion):
each invocation adds k terms into its own element, as the workshop's naive
imaging kernel does; k = 0 must leave the element as it was."""
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int32)")
def accumulate(x, out, k):
    i = cuda.grid(1)
    if i < out.size:
        for j in range(k):
            out[i] += x[(i + j) % x.size] * 0.5


@cuda.jit("void(complex128[::1], complex128[::1], int32)")
def caccumulate(x, out, k):
    i = cuda.grid(1)
    if i < out.size:
        for j in range(k):
            out[i] += x[(i + j) % x.size] * x[j % x.size]
