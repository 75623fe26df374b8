import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def reduce_u4(xs, acc):
    _acc = np.float32(0)
    n = xs.shape[0]
    g = cuda.gridsize(1)
    i = cuda.grid(1)
    while i + 3 * g < n:
        a0 = xs[i]
        a1 = xs[i + g]
        a2 = xs[i + 2 * g]
        a3 = xs[i + 3 * g]
        _acc += a0
        _acc += a1
        _acc += a2
        _acc += a3
        i += 4 * g
    while i < n:
        _acc += xs[i]
        i += g
    offset = cuda.warpsize // 2
    while offset > 0:
        _acc += cuda.shfl_down_sync(0xFFFFFFFF, _acc, offset)
        offset //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(acc, 0, _acc)
