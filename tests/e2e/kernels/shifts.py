"""Shifts have the left operand's signedness at 64 bits (Numba's
BitwiseShiftOperation): uint64 >> n is logical, uint8 << n is uint64 (they
were int64: arithmetic shifts and refused xor with uint64)."""
import numpy as np
from numba import cuda


@cuda.jit("void(uint64[::1], int64[::1], uint64[::1], int64[::1])", narrow=False)
def shifts(u, s, uo, so):
    i = cuda.grid(1)
    if i < u.shape[0]:
        uo[3 * i] = u[i] >> 1
        uo[3 * i + 1] = (u[i] << 3) ^ np.uint64(1)
        uo[3 * i + 2] = np.uint8(u[i]) << 60
        so[2 * i] = s[i] >> 2
        so[2 * i + 1] = s[i] << 5
