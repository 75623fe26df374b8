# An in-place streaming kernel: its vectorised form's scalar remainder loop
# loads and stores x (different elements, which the pass does not try to
# prove), so the module, x's read-only neighbour included, gets no
# NonWritable decoration (passes/MarkReadOnlyBuffers.cpp).
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# CHECK-NOT: NonWritable
# CHECK: OpFunction
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def scale_in_place(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * y[i]
