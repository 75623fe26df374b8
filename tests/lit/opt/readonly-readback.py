# A module with a kernel that may load a buffer after storing to it gets no
# NonWritable decoration at all (passes/MarkReadOnlyBuffers.cpp): with any
# NonWritable buffer in a module, NVIDIA's driver loads the written buffers
# through the read-only path as well and moves those loads above the stores,
# even in another entry point (the loop-fusion e2e case on the H200).
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# CHECK-NOT: NonWritable
# CHECK: OpFunction
import numpy as np
from numba import cuda


# Only loads x: would be decorated on its own.
@cuda.jit("void(float64[::1], float64[::1])")
def scale(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * 2.0


# Reads tmp[i] after writing it.
@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def producer_consumer(x, tmp, out):
    i = cuda.grid(1)
    if i < x.size:
        tmp[i] = x[i] * 2.0
        out[i] = tmp[i] * tmp[i]
