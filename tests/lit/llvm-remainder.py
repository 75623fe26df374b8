# RUN: %nvc %s --backend=llvm --index-bits 64 --emit=spirv | FileCheck %s --implicit-check-not=OpSRem --implicit-check-not=OpSMod --implicit-check-not=OpUMod
# RUN: %nvc %s --backend=llvm --emit=spirv | FileCheck %s --implicit-check-not=OpSRem --implicit-check-not=OpSMod --implicit-check-not=OpUMod
# The LLVM backend computes Python's % from a truncating division, as the
# default backend does: InstCombine folds a - (a / b) * b into srem/urem, and
# NVIDIA's driver gets the 64-bit OpSRem wrong at -2^63 rem -(2^63 - 1), so
# the remainders are expanded again after O2 (LLVMSPIRVPrepare.h).
# CHECK: OpSDiv
# CHECK: OpUDiv
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1], int64[::1], uint64[::1], uint64[::1])")
def remainders(a, b, r, ua, ur):
    i = cuda.grid(1)
    if i < a.shape[0]:
        r[i] = a[i] % b[i] + a[i] // b[i]
        ur[i] = ua[i] % ua[(i + 1) % ua.shape[0]]
