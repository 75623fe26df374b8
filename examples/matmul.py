"""Naive matrix multiplication from numba.cuda's examples (003, "Matrix
multiplication"): C = A @ B for any shapes (m×k)·(k×n), one invocation per
element of C, launched with --grid M,N.
"""
from numba import cuda, float32
import numpy as np
import math


@cuda.jit(["void(float64[:, :], float64[:, :], float64[:, :])",
           "void(float32[:, :], float32[:, :], float32[:, :])"])
def matmul(A, B, C):
    """Perform square matrix multiplication of C = A * B."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp
