# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# All dynamic shared arrays of a kernel are one memory (numba-cuda); of
# different element types they would need VK_KHR_workgroup_memory_explicit_layout.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def helper(i):
    d = cuda.shared.array(0, np.int32)
    d[i] = i


@cuda.jit("void(float32[::1])")
def k(x):
    f = cuda.shared.array(0, np.float32)
    i = cuda.threadIdx.x
    helper(i)
    x[i] = f[i]

# CHECK: dynamic-shared-mixed-dtypes.py:10:9: error: this dynamic shared array of int32 and the one of float32 at line 16 would be the same memory (all dynamic shared arrays of a kernel alias, as in numba-cuda); nvc supports one element type per kernel, since Vulkan lets workgroup variables of different types share memory only with VK_KHR_workgroup_memory_explicit_layout: declare them with one dtype
# CHECK-NEXT: d = cuda.shared.array(0, np.int32)
