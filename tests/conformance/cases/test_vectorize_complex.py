"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vectorize_complex.py
(kernels/test_vectorize_complex.py).

The test calls a ufunc (`vcomp(A)`), which the harness cannot launch (a Case
is one kernel[griddim, blockdim](*args)): CASES is empty and UFUNC_CALLS
lists the call for a Case extension (see cases/test_vectorize.py).
"""
import numpy as np

CASES = []

UFUNC_CALLS = [
    dict(kernel="vcomp", test="TestVectorizeComplex.test_vectorize_complex", name="vcomp",
         args=lambda rng: [np.arange(5, dtype=np.complex128)],
         reference=lambda A: A * A + 1.0),
]
