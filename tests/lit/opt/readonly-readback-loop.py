# A loop that loads and stores one buffer may load, in a later iteration,
# what an earlier one stored: the module gets no NonWritable decoration
# (passes/MarkReadOnlyBuffers.cpp; readonly-readback.py says why), x
# included; with the accumulator kept in a register (loaded before the loop,
# stored after) x is decorated.
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s --emit=spirv -o - -fno-promote-accumulator | FileCheck %s --check-prefix=UNPROMOTED
# CHECK: OpDecorate %accumulate_arg0 NonWritable
# UNPROMOTED-NOT: NonWritable
# UNPROMOTED: OpFunction
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[:, ::1])")
def accumulate(x, img):
    i = cuda.grid(1)
    if i < img.shape[0]:
        for j in range(x.size):
            img[i, 0] += x[j]
