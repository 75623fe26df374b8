"""Float divisions that PowerOfTwoDivisor turns into multiplications by an
exact reciprocal (a power-of-two divisor, constant or tested before the loop)
next to ones it must keep (other divisors, reciprocals that are not normal):
results must be bit-identical to the divisions."""
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[::1], float64[:, ::1])")
def divide_rows(a, d, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        di = d[i]
        for j in range(out.shape[1]):
            out[i, j] = a[i, j] / di


@cuda.jit("void(float32[:, ::1], float32[::1], float32[:, ::1])")
def divide_rows32(a, d, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        di = d[i]
        for j in range(out.shape[1]):
            out[i, j] = a[i, j] / di


@cuda.jit("void(float64[::1], float64[:, ::1])")
def divide_constants(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = a[i]
        out[i, 0] = x / 8.0
        out[i, 1] = x / -0.25
        out[i, 2] = x / 3.0
        out[i, 3] = x / 8.98846567431158e+307   # 2^1023: 2^-1023 is subnormal, stays
        out[i, 4] = x / 2.2250738585072014e-308  # 2^-1022
