# RUN: not %nvc %s --backend=llvm -o %t.spv 2>&1 | FileCheck %s
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    s = cuda.shared.array(0, np.float32)
    x[0] = s[0]

# CHECK: dynamic-shared-llvm.py:8:9: error: dynamic shared memory (cuda.shared.array(0, ...)) is not supported by the LLVM backend yet; use the default backend
