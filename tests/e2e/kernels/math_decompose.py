# math.modf, frexp, ldexp, nextafter, remainder and round(x), as numba-cuda
# supports them (cudamath.py), in float32 and float64 (one entry point each).
# Two kernels: the LLVM backend passes at most 128 bytes of parameters.
import math
from numba import cuda


@cuda.jit(["void(float32[:], int32[:], float32[:], float32[:], float32[:], int32[:], float32[:])",
           "void(float64[:], int32[:], float64[:], float64[:], float64[:], int32[:], float64[:])"])
def decompose(x, n, frac, whole, mant, expo, scaled):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        f, w = math.modf(v)
        frac[i] = f
        whole[i] = w
        m, e = math.frexp(v)
        mant[i] = m
        expo[i] = e
        scaled[i] = math.ldexp(v, n[i])


@cuda.jit(["void(float32[:], float32[:], float32[:], float32[:], int64[:])",
           "void(float64[:], float64[:], float64[:], float64[:], int64[:])"])
def neighbours(x, y, toward, rem, rounded):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        toward[i] = math.nextafter(v, y[i])
        rem[i] = math.remainder(v, y[i])
        if math.isfinite(v) and abs(v) < 1e15:
            rounded[i] = round(v)
        else:
            rounded[i] = -7
