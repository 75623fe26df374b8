# RUN: %nvc %s --index-bits 64 --emit=spirv | FileCheck %s --implicit-check-not="OpSConvert %ulong"
# An 8- or 16-bit integer is extended to 64 bits from its own bits: NVIDIA's
# driver extends the 32-bit register a wrapped narrow result lives in, not the
# narrow value (abs(int16(-32768)) read 32768; tests/difftest/FOUND.md #25),
# and lavapipe miscompares a sign-extended int32 (#15), so: zero-extend, then
# shift the sign bit into place (or mask, for unsigned values).
# CHECK: %[[ABS16:[0-9]+]] = OpSelect %ushort
# CHECK: %[[ABS8:[0-9]+]] = OpSelect %uchar
# CHECK: %[[W8:[0-9]+]] = OpUConvert %ulong %[[ABS8]]
# CHECK: %[[L8:[0-9]+]] = OpShiftLeftLogical %ulong %[[W8]] %ulong_56
# CHECK: OpShiftRightArithmetic %ulong %[[L8]] %ulong_56
# CHECK: %[[W16:[0-9]+]] = OpUConvert %ulong %[[ABS16]]
# CHECK: %[[L16:[0-9]+]] = OpShiftLeftLogical %ulong %[[W16]] %ulong_48
# CHECK: OpShiftRightArithmetic %ulong %[[L16]] %ulong_48
# CHECK: OpBitwiseAnd %ulong %{{[0-9]+}} %ulong_65535
from numba import cuda


@cuda.jit("void(int16[::1], int8[::1], uint16[::1], int64[::1], uint64[::1])")
def widen(x16, x8, u16, out, uout):
    i = cuda.grid(1)
    if i < x16.shape[0]:
        out[i] = abs(x16[i]) + abs(x8[i]) * 3
        uout[i] = u16[i]
