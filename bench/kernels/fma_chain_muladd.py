"""FMA-rate ceiling written as a*b + c (see fma_chain.py): a compiler that does not
contract (nvc) emits a multiply and an add; 8192 flops a thread either way."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32, float32)")
def fma_chain_muladd(out, b, c):
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
        a0 = a0 * b + c
        a1 = a1 * b + c
        a2 = a2 * b + c
        a3 = a3 * b + c
        a4 = a4 * b + c
        a5 = a5 * b + c
        a6 = a6 * b + c
        a7 = a7 * b + c
    if i < out.shape[0]:
        out[i] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7
