"""Device functions with declared signatures: a call converts its arguments
to the signature Numba's dispatcher would pick, and the result to the
declared type (the arguments' own types were used before: 17.1 for 15)."""
from numba import cuda


@cuda.jit("int32(int32)", device=True)
def triple(a):
    return a * 3


@cuda.jit(["float64(float64, float64)", "int64(int64, int64)"], device=True)
def combine(a, b):
    return a * 2 + b


@cuda.jit("float32(float64)", device=True)
def halve(x):
    return x / 3.0


@cuda.jit("uint8(uint8)", device=True)
def wrap(v):
    return v + 200


@cuda.jit("void(float32[::1], int32[::1], float64[::1], float32[::1], int64[::1], float32[::1], int64[::1])")
def calls(x, k, y, outf, outi, outh, outw):
    i = cuda.grid(1)
    if i < x.shape[0]:
        outf[2 * i] = triple(x[i])          # float32 -> int32: truncated
        outf[2 * i + 1] = combine(x[i], y[i])    # float64 signature
        outi[3 * i] = combine(k[i], k[i])        # int32 -> int64 signature
        outi[3 * i + 1] = triple(k[i] * 1000003)
        outi[3 * i + 2] = combine(k[i], 7)
        outh[i] = halve(y[i])                     # float64 result of the body, float32 declared
        outw[i] = wrap(k[i])
