# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# A mask passed in at run time cannot be checked, so it is an error.
from numba import cuda


@cuda.jit("void(int32[::1], uint32)")
def any_mask(x, mask):
    x[0] = cuda.all_sync(mask, x[0] > 0)

# CHECK: subgroup-mask-param.py:8:26: error: cuda.all_sync() supports only a mask of all active lanes
