"""Matrix multiplication over a 1-D grid from the GPU workshop (000,
"Matrix multiplication"): each invocation maps its index to (i, j) with
divmod and accumulates into C (which must start as zeros).
"""
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[:, ::1])")
def matmul(A, B, C):
    ij = cuda.grid(1)

    if ij < C.size:
        i, j = divmod(ij, C.shape[1])

        for k in range(A.shape[1]):
            C[i, j] += A[i, k] * B[k, j]
