"""Loops over a tuple of numbers (Numba's UniTuple iteration), as the
workshop's shared-memory tree reduction writes them (000, "Optimisation:
reductions": `for offset in (128, 64, 32, 16, 8, 4, 2, 1)`), with break,
continue and else."""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int32[::1])")
def tree(xs, out, info):
    shared = cuda.shared.array(256, dtype=np.float64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    shared[tid] = xs[i] if i < len(xs) else 0.0
    for offset in (128, 64, 32, 16, 8, 4, 2, 1):
        cuda.syncthreads()
        if tid < offset:
            shared[tid] += shared[tid + offset]
    if tid == 0:
        out[cuda.blockIdx.x] = shared[0]
    limit = i % 10
    acc = 0
    for v in (3, -1, 4, -1, 5, 9, 2):
        if v < 0:
            continue
        if v > limit:
            break
        acc += v
    else:
        acc += 1000
    if i < len(xs):
        info[i] = acc
