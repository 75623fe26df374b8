"""Kernels with shared memory and cuda.syncthreads() for the e2e cases
"barrier coarsening: …" (passes/CoarsenBarrierKernels.cpp). The element type
is the module-level DT (compile with -D DT=np.float64, …) and the e2e cases
replace the decorators' float32 signatures with --sig, so that one file serves
float32, float64 and int32 (the file compiles as it is, for the determinism test). The
halo stencil is in barrier_coarsening_stencil.py: nvc's LLVM backend crashes
on it (free(): invalid pointer, also before the pass existed)."""
import numpy as np
from numba import cuda, float32

DT = float32
TPB = 16     # matmul tiles: TPB x TPB workgroups
WG = 64      # 1-D kernels: workgroups of WG


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def tiled_matmul(A, B, C):
    """C = A @ B with shared tiles (fast_matmul with a tile loop over A's
    columns, so any shapes run): the cost model merges 4 x 4 workgroups
    (float32; 4 x 2 for float64 and int32's int64 accumulators)."""
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=DT)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=DT)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = DT(0)
    for i in range((A.shape[1] + TPB - 1) // TPB):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and tx + i * TPB < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and ty + i * TPB < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            acc += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = acc


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :], int32[::1])")
def tiled_matmul_ids(A, B, C, tiles):
    """tiled_matmul with its ids written out (blockIdx, blockDim along x and
    y) and one more store per workgroup: tiles[blockIdx.y * gridDim.x +
    blockIdx.x] = gridDim.y * 1000 + blockIdx.y, so that merging along y must
    remap blockIdx.y and gridDim.y and keep the copies past the grid from
    storing (tiles has 3 elements past the last workgroup's)."""
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=DT)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=DT)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x = cuda.blockIdx.x * cuda.blockDim.x + tx
    y = cuda.blockIdx.y * cuda.blockDim.y + ty
    acc = DT(0)
    for i in range((A.shape[1] + TPB - 1) // TPB):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and tx + i * TPB < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and ty + i * TPB < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            acc += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = acc
    if tx == 0 and ty == 0:
        tiles[cuda.blockIdx.y * cuda.gridDim.x + cuda.blockIdx.x] = \
            cuda.gridDim.y * 1000 + cuda.blockIdx.y


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def tiled_dot(x, w, out):
    """out[i] = sum_j w[j] * x[i] with w staged tile by tile (the n-body
    shape): every workgroup stages the same tile, shared by the copies."""
    sh = cuda.shared.array(WG, dtype=DT)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    xi = x[i] if i < x.size else DT(0)
    acc = DT(0)
    for tile in range((w.size + WG - 1) // WG):
        k = tile * WG + t
        sh[t] = w[k] if k < w.size else DT(0)
        cuda.syncthreads()
        for j in range(WG):
            acc += sh[j] * xi
        cuda.syncthreads()
    if i < out.size:
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1])")
def block_sums(x, out):
    """out[blockIdx.x] = the workgroup's tree sum: blockIdx.x remapped, a
    barrier in a loop, a store by one invocation per workgroup."""
    sh = cuda.shared.array(WG, dtype=DT)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i] if i < x.size else DT(0)
    cuda.syncthreads()
    s = WG // 2
    while s > 0:
        if t < s:
            sh[t] += sh[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = sh[0]
