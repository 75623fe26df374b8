"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_vecadd.py (kernels/doc_vecadd.py)."""
import numpy as np

from conformance import Case, empty

N = 100000
CASES = [
    Case("f", "TestVecAdd.test_ex_vecadd", "doc examples",
         sig="void(float64[:], float64[:], float64[:])",
         args=lambda rng: [rng.random(N), rng.random(N), empty(N, np.float64)],
         griddim=N // 256 + 1, blockdim=256,
         reference=lambda a, b, c: {0: a, 1: b, 2: a + b}),
]
