# numba.cuda's memory fences and warp barrier: cuda.threadfence(),
# threadfence_block(), threadfence_system() order an invocation's memory
# accesses; cuda.syncwarp() lets the lanes of a subgroup read each other's
# shared-memory writes (lane pairs i, i ^ 1 share every subgroup size >= 2).
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], int32[::1])")
def exchange(x, out, flags):
    sm = cuda.shared.array(64, np.float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sm[t] = x[i]
    cuda.threadfence_block()
    cuda.syncwarp()
    out[i] = sm[t ^ 1]
    cuda.syncwarp(0xffffffff)
    flags[i] = 1
    cuda.threadfence()
    cuda.threadfence_system()
