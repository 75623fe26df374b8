"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_freevar.py (kernels/test_freevar.py).

test_freevar launches foo[1, 1](A, 0) with A = np.arange(2, dtype="float32")
and asserts nothing (A[0] becomes an uninitialised shared element): the case
checks that the kernel compiles and runs.
"""
import numpy as np

from conformance import Case

CASES = [
    Case("foo", "TestFreeVar.test_freevar", "globals",
         args=lambda rng: [np.arange(2, dtype="float32"), 0],
         reference=lambda A, i: {}),
]
