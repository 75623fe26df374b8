"""Naive matrix product of numba.cuda's examples (003): one thread per element of C."""
from numba import cuda, float32


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = float32(0.)
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp
