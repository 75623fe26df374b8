"""Block reduction of 000 ("Parallel reductions") in float32: a grid-stride partial sum
per thread, a tree in shared memory per block of 256, one atomic add per block."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def reduce_shared(xs, acc):
    shared = cuda.shared.array(256, dtype=np.float32)
    _acc = np.float32(0)
    for i in range(cuda.grid(1), xs.shape[0], cuda.gridsize(1)):
        _acc += xs[i]
    tid = cuda.threadIdx.x
    shared[tid] = _acc
    for offset in (128, 64, 32, 16, 8, 4, 2, 1):
        cuda.syncthreads()
        if tid < offset:
            shared[tid] += shared[tid + offset]
    if tid == 0:
        cuda.atomic.add(acc, 0, shared[0])
