# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_matmul.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test functions.
import numpy as np

from numba import cuda
from numba.cuda import float32, void

# Upstream: `if config.ENABLE_CUDASIM: bpg, tpb = 2, 8 else: bpg, tpb = 50, 32`;
# the GPU's values.
bpg, tpb = 50, 32

n = bpg * tpb
SM_SIZE = (tpb, tpb)


# test_cuda_matmul
@cuda.jit(void(float32[:, ::1], float32[:, ::1], float32[:, ::1]))
def cu_square_matrix_mul(A, B, C):
    sA = cuda.shared.array(shape=SM_SIZE, dtype=float32)
    sB = cuda.shared.array(shape=(tpb, tpb), dtype=float32)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y
    bw = cuda.blockDim.x
    bh = cuda.blockDim.y

    x = tx + bx * bw
    y = ty + by * bh

    acc = float32(0)  # forces all the math to be f32
    for i in range(bpg):
        if x < n and y < n:
            sA[ty, tx] = A[y, tx + i * tpb]
            sB[ty, tx] = B[ty + i * tpb, x]

        cuda.syncthreads()

        if x < n and y < n:
            for j in range(tpb):
                acc += sA[ty, j] * sB[j, tx]

        cuda.syncthreads()

    if x < n and y < n:
        C[y, x] = acc
