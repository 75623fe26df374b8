"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_matmul.py (kernels/test_matmul.py).

test_cuda_matmul multiplies two random 1600 x 1600 float32 matrices (the GPU
sizes: 50 blocks of 32 x 32 per dimension) and asserts
assert_allclose(C, np.dot(A, B), rtol=1e-5); that is the reference (the
simulator takes far too long for 2.56 million threads).
"""
import numpy as np

from conformance import Case, empty

BPG, TPB = 50, 32
N = BPG * TPB

CASES = [
    Case("cu_square_matrix_mul", "test_cuda_matmul", "shared memory",
         args=lambda rng: [np.array(rng.random((N, N)), dtype=np.float32),
                           np.array(rng.random((N, N)), dtype=np.float32),
                           empty((N, N), np.float32)],  # np.empty_like(A)
         griddim=(BPG, BPG), blockdim=(TPB, TPB),
         reference=lambda A, B, C: {0: A, 1: B, 2: np.dot(A, B)}, rtol=1e-5),
]
