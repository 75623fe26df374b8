"""FMA-rate ceiling: every thread runs 8 independent chains of 512 cuda.fma steps
(8192 flops a thread). fma_chain_muladd writes the same chains as a*b + c, which a
compiler that does not contract (nvc) turns into a multiply and an add."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32, float32)")
def fma_chain(out, b, c):
    i = cuda.grid(1)
    a0 = np.float32(i)
    a1 = a0 + np.float32(1)
    a2 = a0 + np.float32(2)
    a3 = a0 + np.float32(3)
    a4 = a0 + np.float32(4)
    a5 = a0 + np.float32(5)
    a6 = a0 + np.float32(6)
    a7 = a0 + np.float32(7)
    for _ in range(512):
        a0 = cuda.fma(a0, b, c)
        a1 = cuda.fma(a1, b, c)
        a2 = cuda.fma(a2, b, c)
        a3 = cuda.fma(a3, b, c)
        a4 = cuda.fma(a4, b, c)
        a5 = cuda.fma(a5, b, c)
        a6 = cuda.fma(a6, b, c)
        a7 = cuda.fma(a7, b, c)
    if i < out.shape[0]:
        out[i] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7
