# RUN: %nvc %s -o %t.spv && FileCheck %s < %t.json
# RUN: %nvc %s --emit=spirv -fno-promote-private-arrays | FileCheck %s --check-prefix=SPIRV
# 000's kernels size shared and local arrays with locals bound once to a
# constant (NTHREADS = 256), which Numba treats as constants; a tuple
# assigned to a row of a 2-D array stores its items along the row. (The
# local array, indexed by constants only, would otherwise become SSA values:
# -fno-promote-private-arrays keeps it an array.)
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[:, ::1])")
def k(x, out):
    NTHREADS = 64
    COARSEN = 3
    cache = cuda.shared.array((NTHREADS, 3), dtype=np.float32)
    acc = cuda.local.array((COARSEN, 2), np.float32)
    t = cuda.threadIdx.x
    cache[t] = x[t], x[t] * np.float32(2), np.float32(0)
    acc[0] = 0, 0
    out[t] = cache[t, 1], acc[0, 1], cache[t, 2]

# CHECK: "shared_memory_bytes": 768
# SPIRV: OpTypeArray %float %uint_192
# SPIRV: OpTypeArray %float %uint_6
