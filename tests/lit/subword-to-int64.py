# RUN: %nvc %s --index-bits 64 --emit=spirv | FileCheck %s
# An 8- or 16-bit integer is extended to 64 bits through 32 bits: NVIDIA's
# driver extends the 32-bit register a wrapped narrow result lives in, not the
# narrow value (abs(int16(-32768)) read 32768; tests/difftest/FOUND.md #25).
# CHECK: %[[ABS16:[0-9]+]] = OpSelect %ushort
# CHECK: %[[ABS8:[0-9]+]] = OpSelect %uchar
# CHECK: %[[MID8:[0-9]+]] = OpSConvert %uint %[[ABS8]]
# CHECK: OpSConvert %ulong %[[MID8]]
# CHECK: %[[MID16:[0-9]+]] = OpSConvert %uint %[[ABS16]]
# CHECK: OpSConvert %ulong %[[MID16]]
from numba import cuda


@cuda.jit("void(int16[::1], int8[::1], int64[::1])")
def widen(x16, x8, out):
    i = cuda.grid(1)
    if i < x16.shape[0]:
        out[i] = abs(x16[i]) + abs(x8[i]) * 3
