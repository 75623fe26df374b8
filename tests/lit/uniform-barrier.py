# RUN: %nvc %s -o %t.spv -Werror -Wno-workgroup-size 2>&1 | count 0
# Barriers under uniform control flow get no -Wdivergent-barrier warning:
# conditions on scalar arguments, group ids and sizes, loops whose trip
# count depends only on those (004's block_sums tree, whose `if t < step:`
# holds no barrier), and the workshop's shared-memory cache, whose loop runs
# over vis.size.
import numpy as np
import numba_vulkan as nv
from numba import cuda


@nv.jit("void(float32[::1], float32[::1])")
def block_sums(x, out):
    partial = nv.shared.array(256, np.float32)
    t = nv.local_id(0)
    i = nv.global_id(0)
    partial[t] = x[i] if i < x.shape[0] else np.float32(0)
    nv.barrier()
    step = 128
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        nv.barrier()
        step //= 2
    if t == 0:
        out[nv.group_id(0)] = partial[0]


@cuda.jit("void(float32[::1], int32, float32[::1])")
def uniform(x, n, out):
    s = cuda.shared.array(64, np.float32)
    t = cuda.threadIdx.x
    if n > 3 and cuda.blockIdx.x % 2 == 0:
        cuda.syncthreads()
    for offset in range(0, x.size, cuda.blockDim.x):
        s[t] = x[offset + t] if offset + t < x.size else np.float32(0)
        cuda.syncthreads()
        if s[t] > 0:
            out[t] += s[t]
        cuda.syncthreads()
    for k in range(cuda.warpsize * cuda.gridDim.x):
        if k > n:
            break
        nv.barrier()
    c = cuda.syncthreads_count(x[t] > 0)
    if c > 0:
        cuda.syncthreads()


@cuda.jit("void(float32[::1], int32)")
def tuple_loop(x, n):
    steps = (32, 16, 8)
    for step in steps:
        if step < n:
            cuda.syncthreads()
