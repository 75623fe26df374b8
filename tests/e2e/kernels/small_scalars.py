"""Scalar arguments narrower than 32 bits (bool, int8, uint8, int16, uint16):
each travels in a 4-byte field of the parameter block, sign- or
zero-extended; nvc-run rejected nvc's own manifest for them before."""
from numba import cuda


@cuda.jit(["void(int64[::1], boolean, int8, uint8, int16, uint16)",
           "void(int64[::1], boolean, uint8, int8, uint16, int16)"])
def small(out, flag, a, b, c, d):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = (i if flag else -i) + a * 1000000 + b * 10000 + c * 100 + d


@cuda.jit("void(float32[::1], int8, boolean)")
def scale(out, k, neg):
    i = cuda.grid(1)
    if i < out.shape[0]:
        v = out[i] * k
        out[i] = -v if neg else v
