import numpy as np
from numba import cuda, literal_unroll


# The tuple is an argument: its items' types differ and its length is not
# in the source, so the body cannot be copied per item.
@cuda.jit(device=True)
def total(t):
    s = 0.0
    for v in literal_unroll(t):
        s += v
    return s


@cuda.jit("void(float64[::1])")
def k(out):
    out[0] = total((1, 2.5))
# EXPECT: 10:29
