# RUN: %nvc %s --index-bits 64 --emit=spirv | FileCheck %s --implicit-check-not="OpISub %ushort" --implicit-check-not="OpISub %uchar"
# RUN: %nvc %s -O0 --emit=spirv | FileCheck %s --implicit-check-not="OpISub %ushort" --implicit-check-not="OpISub %uchar"
# numba keeps abs() of an int8/int16 in its type (abs(int16(-32768)) is
# -32768). nvc computes it in 32 bits and truncates: NVIDIA's driver keeps a
# 16-bit `0 - x` in a 32-bit register without wrapping it, and an extension to
# 64 bits then read 32768 (tests/difftest/FOUND.md #25).
# CHECK: OpSConvert %uint
# CHECK: OpISub %uint %uint_0
# CHECK: OpSelect %uint
# CHECK: OpSConvert %ushort
# CHECK: OpSConvert %uint
# CHECK: OpISub %uint %uint_0
# CHECK: OpSelect %uint
# CHECK: OpSConvert %uchar
from numba import cuda


@cuda.jit("void(int16[::1], int8[::1], int64[::1])")
def widen(x16, x8, out):
    i = cuda.grid(1)
    if i < x16.shape[0]:
        out[i] = abs(x16[i]) + abs(x8[i]) * 3
