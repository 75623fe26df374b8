# RUN: %nvc %s --emit=mlir | FileCheck %s
import numpy as np
from numba import cuda

TPB = 8


@cuda.jit("void(float32[::1])")
def k(x):
    tmp = cuda.local.array((2, TPB), np.float32)
    z = np.zeros(3, dtype=np.int32)
    tmp[1, 2] = x[0] + z[1]
    x[1] = tmp[1, 2]

# One allocation per array at kernel entry, in Function storage:
# CHECK-DAG: memref.alloca() : memref<16xf32, #spirv.storage_class<Function>>
# CHECK-DAG: memref.alloca() : memref<3xi32, #spirv.storage_class<Function>>
# np.zeros fills where it is called:
# CHECK: scf.for
