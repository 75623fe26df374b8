# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_laplace.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import float64, void

# NOTE: CUDA kernel does not return any value

# Upstream: `if config.ENABLE_CUDASIM: tpb = 4 else: tpb = 16`; the GPU's value.
tpb = 16
SM_SIZE = tpb, tpb


# TestCudaLaplace.test_laplace_small
@cuda.jit(float64(float64, float64), device=True, inline="always")
def get_max(a, b):
    if a > b:
        return a
    else:
        return b


# TestCudaLaplace.test_laplace_small
@cuda.jit(void(float64[:, :], float64[:, :], float64[:, :]))
def jocabi_relax_core(A, Anew, error):
    err_sm = cuda.shared.array(SM_SIZE, dtype=float64)

    ty = cuda.threadIdx.x
    tx = cuda.threadIdx.y
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y

    n = A.shape[0]
    m = A.shape[1]

    i, j = cuda.grid(2)

    err_sm[ty, tx] = 0
    if j >= 1 and j < n - 1 and i >= 1 and i < m - 1:
        Anew[j, i] = 0.25 * (
            A[j, i + 1] + A[j, i - 1] + A[j - 1, i] + A[j + 1, i]
        )
        err_sm[ty, tx] = Anew[j, i] - A[j, i]

    cuda.syncthreads()

    # max-reduce err_sm vertically
    t = tpb // 2
    while t > 0:
        if ty < t:
            err_sm[ty, tx] = get_max(err_sm[ty, tx], err_sm[ty + t, tx])
        t //= 2
        cuda.syncthreads()

    # max-reduce err_sm horizontally
    t = tpb // 2
    while t > 0:
        if tx < t and ty == 0:
            err_sm[ty, tx] = get_max(err_sm[ty, tx], err_sm[ty, tx + t])
        t //= 2
        cuda.syncthreads()

    if tx == 0 and ty == 0:
        error[by, bx] = err_sm[0, 0]
