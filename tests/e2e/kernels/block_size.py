# The block size a kernel is written for (test_examples.py, case_block_size):
# numba-cuda launches these with TPB threads per block; nvc infers that
# default from the shared array indexed by cuda.threadIdx.x (with a warning,
# -Wworkgroup-size), refuses larger workgroups, and takes local_size= from
# the decorator.
import numpy as np
from numba import cuda, float32, int32
import numba_vulkan as nv

TPB = 128


@cuda.jit("void(float32[::1], float32[::1])")
def block_sums(x, out):
    sm = cuda.shared.array(TPB, float32)
    tx = cuda.threadIdx.x
    i = cuda.grid(1)
    sm[tx] = x[i] if i < x.shape[0] else float32(0)
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tx < s:
            sm[tx] += sm[tx + s]
        cuda.syncthreads()
        s //= 2
    if tx == 0:
        out[cuda.blockIdx.x] = sm[0]


@nv.jit("void(int32[::1], int32[::1])", local_size=(8, 4))
def tile_transpose(x, out):
    # x holds groups of 8x4 tiles (x fastest); each workgroup writes its tile transposed.
    tile = nv.shared.array((4, 8), np.int32)
    tx = nv.local_id(0)
    ty = nv.local_id(1)
    g = nv.group_id(0)
    tile[ty, tx] = x[g * 32 + ty * 8 + tx]
    nv.barrier()
    k = ty * 8 + tx
    out[g * 32 + k] = tile[k % 4, k // 4]


@cuda.jit("void(int32[::1])")
def guarded(out):
    # The access is guarded by a test of the id: any workgroup size runs right.
    sm = cuda.shared.array(32, int32)
    t = cuda.threadIdx.x
    if t < 32:
        sm[t] = t
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = sm[t % 32] + cuda.blockDim.x
