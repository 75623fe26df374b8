"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_nondet.py (kernels/test_nondet.py)."""
import numpy as np

from conformance import Case, empty


def generate_input(n):
    A = np.array(np.arange(n * n).reshape(n, n), dtype=np.float32)
    B = np.array(np.arange(n) + 0, dtype=A.dtype)
    return A, B


def args(rng):
    N = 8
    A, B = generate_input(N)
    F = empty(A.shape, A.dtype)
    return [F, A, B]


CASES = [
    # diagproduct[(1, 1), (32, 8)](dF, dA, dB); expected np.dot(A, np.diag(B))
    Case("diagproduct", "TestCudaNonDet.test_for_pre", "control flow", args=args,
         griddim=(1, 1), blockdim=(32, 8),
         reference=lambda F, A, B: {0: np.dot(A, np.diag(B)), 1: A, 2: B}),
]
