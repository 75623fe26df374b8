# RUN: %nvc -O1 %s -o %t.spv
# RUN: spirv-val --target-env vulkan1.1 %t.spv
# RUN: %nvc -O2 --index-bits 64 %s -o %t64.spv
# RUN: spirv-val --target-env vulkan1.1 %t64.spv
# A loop with break and continue exits through lift-cf-to-scf's switch on the
# exit taken; the canonicalizer turns its index_castui of an extended bool
# into index_castui from i1, which MLIR's SPIR-V conversion has no pattern
# for ("failed to legalize operation 'arith.index_castui'", an internal
# compiler error at -O1 and up; tests/difftest/FOUND.md #8). The difftest
# regression ice-index-castui runs the reduced kernel against the reference.
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], uint32[::1], float64[:, ::1])")
def k(x_f64, x_u32, o_f64):
    i = cuda.grid(1)
    if i < x_f64.shape[0]:
        v5 = 0.0
        for j2 in range(1, 0, 1):
            if bool(x_u32[0] + np.int8(0)):
                if bool(v5):
                    break
                o_f64[i, 0] = 0.0
                if x_f64[0] == 1.0:
                    continue
            v5 = 0.0
