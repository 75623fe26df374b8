# A literal beyond 32 bits in a kernel with 32-bit integers (lit int-constant-wrap.py).
from numba import cuda


@cuda.jit("void(int64[::1])")
def k(o):
    o[0] = 3000000000
