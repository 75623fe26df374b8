# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# A chain lists launches and intermediates only: host code in between
# would run between the launches, which one fused dispatch cannot do.
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
    cuda.synchronize()
    double[blocks, threads](tmp, out)

# CHECK: chain-not-a-launch.py:20:5: error: a launch chain may contain only 'name = cuda.device_array_like(param)' and launches 'kernel[blocks, threads](args)'
# CHECK-NEXT: cuda.synchronize()
# CHECK-NEXT: {{^}}    ^
