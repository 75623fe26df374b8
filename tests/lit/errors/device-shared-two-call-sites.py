# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# A static shared array in a device function is allocated once per call site
# where nvc inlines it; numba-cuda gives all calls one array, so two call
# sites are refused (one call site, also in a loop, compiles).
from numba import cuda, float32


@cuda.jit(device=True)
def stage(x, i):
    tile = cuda.shared.array(64, float32)
    tile[i] = x[i]
    cuda.syncthreads()
    return tile[63 - i]


@cuda.jit("void(float32[:])")
def twice(x):
    i = cuda.threadIdx.x
    x[i] = stage(x, i) + stage(x, i)

# CHECK: device-shared-two-call-sites.py:10:12: error: 'stage' declares a shared array and is reached from 2 call sites of kernel 'twice': numba-cuda gives all calls one array, nvc one per call site; call it from one place
