# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# The launches of a chain must run over one grid: fused, one invocation
# does the work of one invocation of each launch.
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(float32[::1], float32[::1])")
def double(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + x[i]


@nv.chain
def twice(x, out):
    tmp = cuda.device_array_like(x)
    double[blocks, threads](x, tmp)
    double[blocks * 2, threads](tmp, out)

# CHECK: chain-grid.py:20:12: error: every launch of a chain must use the same launch configuration (the same [blocks, threads] expressions as its first launch)
# CHECK-NEXT: double[blocks * 2, threads](tmp, out)
# CHECK-NEXT: {{^}}           ^
