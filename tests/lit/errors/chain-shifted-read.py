# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not %nvc %s -O0 -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# The second launch reads an element of the intermediate that another
# invocation of the first wrote: the launches cannot fuse.
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(float32[::1], float32[::1])")
def double(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + x[i]


@cuda.jit("void(float32[::1], float32[::1])")
def forward_difference(t, out):
    i = cuda.grid(1)
    if i + 1 < t.size:
        out[i] = t[i + 1] - t[i]


@nv.chain
def doubled_difference(x, out):
    tmp = cuda.device_array_like(x)
    double[blocks, threads](x, tmp)
    forward_difference[blocks, threads](tmp, out)

# CHECK: chain-shifted-read.py:21:18: error: 'tmp' is an intermediate of launch chain 'doubled_difference': a launch may only load or store its own element of it, cuda.grid(1)
# CHECK-NEXT: out[i] = t[i + 1] - t[i]
# CHECK-NEXT: {{^}}                 ^
# CHECK-NOT: internal compiler error
