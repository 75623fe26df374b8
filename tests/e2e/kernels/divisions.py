"""Float divisions that PowerOfTwoDivisor turns into multiplications by an
exact reciprocal (a power-of-two divisor, constant or tested before the loop)
next to ones it must keep (other divisors, reciprocals that are not normal):
results must be bit-identical to the divisions. The loops with barriers and
shuffles divide by a divisor per invocation (a power of two in some, not in
their neighbours): the invocations must still reach the barriers and
shuffles together, so such loops are versioned on uniform divisors only
(staged_sums: StageShared puts the barriers into the loop)."""
import numba_vulkan as nv
import numpy as np
from numba import cuda, float64


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
        # Not powers of two: NVIDIA multiplies by the reciprocal unless nvc
        # corrects it (passes/ConstantDivisorDivision.cpp).
        out[i, 5] = x / -7.0
        out[i, 6] = x / 0.1
        out[i, 7] = x / 1e300
        out[i, 8] = x / -3e-300
        out[i, 9] = x / 1.7976931348623157e+308
        out[i, 10] = x / 10.0
        out[i, 11] = np.float32(x) / np.float32(3.0)
        out[i, 12] = np.float32(x) / np.float32(-0.1)


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def barrier_rounds(x, d, out):
    s = cuda.shared.array(64, float64)
    t = cuda.threadIdx.x
    dt = d[t]
    v = x[t]
    for r in range(4):
        s[t] = v
        cuda.syncthreads()
        v = s[(t + 1) % 64] / dt
        cuda.syncthreads()
    out[t] = v


@cuda.jit("void(float64[::1], float64, float64[::1])")
def barrier_rounds_uniform(x, d, out):
    s = cuda.shared.array(64, float64)
    t = cuda.threadIdx.x
    v = x[t]
    for r in range(4):
        s[t] = v
        cuda.syncthreads()
        v = s[(t + 1) % 64] / d
        cuda.syncthreads()
    out[t] = v


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def shuffle_rounds(x, d, out):
    t = cuda.grid(1)
    dt = d[t]
    v = x[t]
    for r in range(4):
        v = nv.subgroup.shuffle_xor(v, 1) / dt
    out[t] = v


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def staged_sums(xs, d, out):
    i = cuda.grid(1)
    di = d[i]
    acc = 0.0
    for j in range(xs.shape[0]):
        acc += xs[j] / di
    out[i] = acc
