# RUN: %nvc %s --emit=spirv | FileCheck %s
# complex64 arrays are interleaved float32 pairs; a complex product is four
# multiplies and two adds, each kept exact (NoContraction).
import numpy as np
from numba import cuda


@cuda.jit("void(complex64[::1], complex64[::1])")
def k(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        b[i] = a[i] * b[i]

# CHECK: %[[A:.*]] = OpFMul %float
# CHECK: %[[B:.*]] = OpFMul %float
# CHECK: OpFSub %float %[[B]] %[[A]]
# CHECK: %[[C:.*]] = OpFMul %float
# CHECK: %[[D:.*]] = OpFMul %float
# CHECK: OpFAdd %float %[[D]] %[[C]]
