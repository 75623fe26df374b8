# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# An array one launch writes and another uses is not checked for
# element-wise access like an intermediate is: the chain is rejected.
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(float32[::1], float32[::1])")
def double(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + x[i]


@nv.chain
def twice(x, y, out):
    double[blocks, threads](x, y)
    double[blocks, threads](y, out)

# CHECK: chain-written-array.py:19:29: error: 'y' is written by one launch of the chain and passed to another; make it an intermediate (cuda.device_array_like) or launch the kernels separately
