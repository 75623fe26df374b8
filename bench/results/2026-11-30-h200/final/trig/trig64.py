import math
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64[::1], float64[::1])")
def trig64(x, s, c, t):
    i = cuda.grid(1)
    if i < x.size:
        s[i] = math.sin(x[i])
        c[i] = math.cos(x[i])
        t[i] = math.tan(x[i])
