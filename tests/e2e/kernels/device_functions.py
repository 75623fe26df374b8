"""Functions called from kernels (004, "Functions called from kernels"):
@nv.jit helpers returning a value or a tuple, @njit helpers shared with CPU
code, @cuda.jit(device=True), helpers calling helpers, arrays passed to
helpers (reads and writes), one specialization per argument-type signature."""
import numpy as np
import numba_vulkan as nv
from numba import cuda, njit


@njit
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@nv.jit
def sum_and_diff(x, y):
    return x + y, x - y


@cuda.jit(device=True)
def scaled_sum(a, i, scale):
    s = 0.0
    for k in range(i + 1):
        s += a[k]
    return clamp(s * scale, -10.0, 10.0)     # a helper calling a helper


@nv.jit
def put(out, i, value):
    out[i] = value


@nv.jit("void(float32[::1], float64[::1], float32[::1], float32[::1], float64[::1], int32[::1])")
def helpers(x, d, out_a, out_b, out_c, out_i):
    i = nv.global_id(0)
    if i < x.shape[0]:
        s, t = sum_and_diff(x[i], np.float32(2))           # float32 specialization
        out_a[i] = clamp(s, np.float32(-1.0), np.float32(1.0))
        put(out_b, i, t)
        out_c[i] = scaled_sum(d, i, 0.5) + sum_and_diff(d[i], 1.0)[1]   # float64 one
        out_i[i] = clamp(i - 5, 0, 100)                    # integer one
