# 8- and 16-bit results that wrapped, widened to 64 bits (test_examples.py,
# case_subword_extend): abs() keeps numba's int8/int16 type, so abs(-32768)
# is -32768; NVIDIA's driver extended the 32-bit register it lived in, giving
# 32768, until nvc computed abs in 32 bits and truncated it (FOUND.md #25).
import numpy as np
from numba import cuda


@cuda.jit("void(int8[::1], int16[::1], int64[:, ::1])")
def widen_signed(x8, x16, o):
    i = cuda.grid(1)
    if i < x8.shape[0]:
        o[i, 0] = abs(x8[i])
        o[i, 1] = abs(x16[i])
        o[i, 2] = abs(x8[i]) % 7
        o[i, 3] = abs(x16[i]) // 3
        o[i, 4] = np.int16(x16[i] * 2)
        o[i, 5] = np.int8(x8[i] + x8[i])
        o[i, 6] = ~x16[i]


# Two kernels: the LLVM backend passes at most 128 bytes of parameters.
@cuda.jit("void(uint8[::1], uint16[::1], uint64[:, ::1])")
def widen_unsigned(u8, u16, uo):
    i = cuda.grid(1)
    if i < u8.shape[0]:
        uo[i, 0] = np.uint8(u8[i] + u8[i])
        uo[i, 1] = np.uint16(u16[i] * 3)
        uo[i, 2] = ~u8[i]
