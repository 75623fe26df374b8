"""Subgroup (warp) reduction: a grid-stride partial sum per thread, a butterfly of warp
shuffles, one atomic add per warp (blocks of a multiple of 32 threads). The butterfly
starts at cuda.warpsize // 2, the device's subgroup size under nvc (8 on lavapipe), so the
same source is right on every device."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def reduce_subgroup(xs, acc):
    _acc = np.float32(0)
    for i in range(cuda.grid(1), xs.shape[0], cuda.gridsize(1)):
        _acc += xs[i]
    offset = cuda.warpsize // 2
    while offset > 0:
        _acc += cuda.shfl_down_sync(0xFFFFFFFF, _acc, offset)
        offset //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(acc, 0, _acc)
