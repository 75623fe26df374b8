"""Subgroup (warp) operations (004, "Subgroups"; numba.cuda's warp
functions): each invocation writes what its subgroup computed, so the test
can check every lane against NumPy for the device's subgroup size."""
import numpy as np
import numba_vulkan as nv
from numba import cuda


@nv.jit("void(float32[::1], int32[::1], float32[::1], int32[:, ::1])")
def subgroup_ops(x, k, out, info):
    i = nv.global_id(0)
    v = x[i]
    out[i] = nv.subgroup.sum(v)
    lane = nv.subgroup.lane()
    info[i, 0] = lane
    info[i, 1] = nv.subgroup.size()
    info[i, 2] = nv.subgroup.max(k[i])
    info[i, 3] = 1 if nv.subgroup.any(k[i] > 40) else 0
    info[i, 4] = 1 if nv.subgroup.all(k[i] > -100) else 0
    info[i, 5] = nv.subgroup.shuffle_xor(k[i], 1)
    info[i, 6] = cuda.shfl_down_sync(0xffffffff, k[i], 1)
    info[i, 7] = cuda.laneid + 100 * cuda.warpsize
