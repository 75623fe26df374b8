# RUN: %nvc %s --emit=mlir | FileCheck %s
# A module-level NumPy array is frozen into the kernel (as Numba freezes
# globals): a private array filled with its values at entry.
import numpy as np
import numba_vulkan as nv

WEIGHTS = np.array([0.25, 0.5, 0.25], dtype=np.float32)


@nv.jit("void(float32[::1], float32[::1])")
def smooth(x, out):
    i = nv.global_id(0)
    if 0 < i < x.shape[0] - 1:
        out[i] = x[i - 1] * WEIGHTS[0] + x[i] * WEIGHTS[1] + x[i + 1] * WEIGHTS[2]

# CHECK: memref.alloca() : memref<3xf32, #spirv.storage_class<Function>>
# CHECK: arith.constant 2.500000e-01 : f32
# CHECK: arith.constant 5.000000e-01 : f32
