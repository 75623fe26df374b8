# RUN: %nvc -O2 %s -o %t.spv
# RUN: spirv-val --target-env vulkan1.1 %t.spv
# RUN: %nvc -O3 --index-bits 64 %s -o %t64.spv
# RUN: spirv-val --target-env vulkan1.1 %t64.spv
# UnrollLoops copies the body of the range loop three times; the body holds
# the repeated-squaring loop of `2 ** n` (an scf.while with three carried
# values). Cloning it a second time through the first copy's mapping gave a
# loop without block arguments, an internal compiler error ("'scf.while' op
# along control flow edge from parent to Region #0: region branch point has
# 3 operands, but region successor needs 0 inputs"; tests/difftest/FOUND.md
# #9). The difftest regression unroll-nested-loop runs the reduced kernel
# against the reference.
import numba
import numpy as np
from numba import cuda


@cuda.jit("void(int16[::1], int64[:, ::1])")
def k(x_i16, o):
    i = cuda.grid(1)
    if i < x_i16.shape[0]:
        la = cuda.local.array(3, numba.int64)
        for q in range(0, 3, 1):
            la[q] = 2 ** (x_i16.shape[0] & 7) + q
        o[i, 0] = la[0] + la[1] * 10 + la[2] * 100
