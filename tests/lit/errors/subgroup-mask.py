# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(float32[::1])")
def partial(x):
    x[0] = cuda.shfl_down_sync(0xff, x[0], 1)

# CHECK: subgroup-mask.py:7:32: error: cuda.shfl_down_sync() supports only a mask of all active lanes (0xffffffff or cuda.activemask()): Vulkan subgroup operations include every active invocation
# CHECK-NEXT: {{^}}    x[0] = cuda.shfl_down_sync(0xff, x[0], 1)
# CHECK-NEXT: {{^}}                               ^
