# RUN: %nvc %s --emit=mlir -O2 -o - --mlir-print-ir-after=canonicalize | FileCheck %s
# RUN: %nvc %s -O1 -o %t.spv
# Integer powers with an exponent beyond the squaring limit (0x10000) take
# numba's int_power_impl path through pow(); when the exponent is only known
# to be constant after folding, the squaring loop's block is left
# unreachable. The loop is a structured scf.while, so no unreachable cycle
# of blocks remains: MLIR's canonicalizer never ended on one (a compile that
# did not finish).
import numpy as np
from numba import cuda


@cuda.jit("void(int64[::1], float64[::1], int64)")
def k(x, out, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = np.power(x.shape[0], (-3037432767154849728) * np.int16(428) - np.uint8(12))
        x[i] = x[i] ** 70000 + x[i] ** n

# CHECK-LABEL: func.func @k
# CHECK: math.powf
# CHECK: scf.while
