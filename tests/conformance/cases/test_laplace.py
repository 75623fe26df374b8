"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_laplace.py (kernels/test_laplace.py).

TestCudaLaplace.test_laplace_small launches jocabi_relax_core on a 256 x 256
grid (the GPU sizes: NN = NM = 256, tpb = 16, iter_max = 1000) until the
error is below 1e-6, swapping A and Anew after each launch; it asserts only
that the error grid stays float64. The cases are its first and its last
launch, with the inputs the earlier launches leave (computed with NumPy, in
the kernel's order of operations), and the reference is the Jacobi step and
the per-block maximum of the change that the kernel computes (the simulator
takes far too long for 65536 threads).
"""
import numpy as np

from conformance import Case

NN, NM = 256, 256
TPB = 16
GRIDDIM = (NN // TPB, NM // TPB)
ITER_MAX = 1000


def relax(A, Anew, error):
    # What jocabi_relax_core computes: Anew's interior from A, and for each
    # block the largest Anew - A (0 for elements outside the interior).
    Anew[1:-1, 1:-1] = 0.25 * (A[1:-1, 2:] + A[1:-1, :-2] + A[:-2, 1:-1] + A[2:, 1:-1])
    err = np.zeros_like(A)
    err[1:-1, 1:-1] = Anew[1:-1, 1:-1] - A[1:-1, 1:-1]
    error[:, :] = err.reshape(GRIDDIM[1], TPB, GRIDDIM[0], TPB).max(axis=(1, 3))
    return {0: A, 1: Anew, 2: error}


def inputs(launch):
    # The arrays of the test's `launch`-th launch (0-based).
    A = np.zeros((NN, NM), dtype=np.float64)
    Anew = np.zeros((NN, NM), dtype=np.float64)
    for j in range(NN):
        A[j, 0] = 1.0
        Anew[j, 0] = 1.0
    error_grid = np.zeros(GRIDDIM)
    for _ in range(launch):
        relax(A, Anew, error_grid)
        A, Anew = Anew, A
    return [A, Anew, error_grid]


CASES = [
    Case("jocabi_relax_core", "TestCudaLaplace.test_laplace_small", "shared memory",
         args=lambda rng: inputs(0), griddim=GRIDDIM, blockdim=(TPB, TPB),
         reference=relax, name="jocabi_relax_core__first"),
    # The error stays above 1e-6, so the test makes all 1000 launches.
    Case("jocabi_relax_core", "TestCudaLaplace.test_laplace_small", "shared memory",
         args=lambda rng: inputs(ITER_MAX - 1), griddim=GRIDDIM, blockdim=(TPB, TPB),
         reference=relax, name="jocabi_relax_core__last"),
]
