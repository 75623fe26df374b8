# RUN: %nvc %s --emit=spirv | FileCheck %s
# Loops over range() with a run-time step, break and continue become
# structured SPIR-V loops.
from numba import cuda


@cuda.jit("void(int32[::1], int32)")
def k(x, step):
    total = 0
    for i in range(len(x) - 1, -1, step):
        if x[i] < 0:
            continue
        if x[i] > 100:
            break
        total += x[i] // 3 + x[i] % 3
    x[0] = total

# CHECK: OpLoopMerge
# Python floor division and modulo come from a truncating division, with
# no OpSRem/OpSMod (which some drivers get wrong for negative operands).
# CHECK-NOT: OpSRem
# CHECK-NOT: OpSMod
# CHECK: OpSDiv
