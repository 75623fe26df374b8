# RUN: %nvc %s --emit=spirv -o - | FileCheck %s --check-prefixes=CHECK,O2
# RUN: %nvc -O0 %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s --fastmath --emit=spirv -o - | FileCheck %s --check-prefix=FAST
# float64 x / 3.0 is computed as x times the reciprocal of 3's mantissa 1.5,
# corrected with exact remainders (Dekker products, no FMA) and a final step
# to a neighbour, then scaled by 2^-1: NVIDIA's driver multiplies by the
# reciprocal itself, 1 ulp off for a third of random x (e2e "float division
# by powers of two ... and other divisors", divide_constants, checks the bits
# on lavapipe and the H200). The division remains for the range the steps
# cannot handle (zeros, infinities, NaN, quotients that are not normal), by
# `x is NaN ? x : 3.0`, which the driver cannot take for a constant; fastmath
# keeps the plain division. A power of two's reciprocal is exact: a multiplication at
# -O2 (power-of-two-divisor), a division left alone at -O0.
from numba import cuda


@cuda.jit("void(float64[::1], float64[:, ::1])")
def k(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i, 0] = x[i] / 3.0
        out[i, 1] = x[i] / 0.25

# CHECK-LABEL: OpFunction
# CHECK: OpFMul %double %{{[0-9a-z_]+}} %double_0_66666666666666663
# CHECK: OpFMul %double %{{[0-9a-z_]+}} %double_134217729
# CHECK: OpFMul %double %{{[0-9a-z_]+}} %double_1_5
# CHECK: OpBitcast %ulong
# CHECK: OpIsNan %bool %[[X:[0-9]+]]
# CHECK: %[[DIVISOR:[0-9]+]] = OpSelect %double %{{[0-9]+}} %[[X]] %double_3
# CHECK: OpFDiv %double %[[X]] %[[DIVISOR]]
# CHECK: OpSelect %double
# CHECK-NOT: Fma
# O2: OpFMul %double %{{[0-9a-z_]+}} %double_4
# O2-NOT: OpFDiv

# FAST-NOT: 134217729
# FAST: OpFDiv %double %{{[0-9a-z_]+}} %double_3
