"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_idiv.py (kernels/test_idiv.py)."""
import numpy as np

from conformance import Case

CASES = [
    Case("div", "TestCudaIDiv.test_inplace_div", "arithmetic",
         args=lambda rng: [np.ones((2, 2), dtype=np.float32), 2, 2],
         reference=lambda grid, lx, ly: {0: np.full((2, 2), 0.5, np.float32)}),
    Case("div_double", "TestCudaIDiv.test_inplace_div_double", "arithmetic",
         args=lambda rng: [np.ones((2, 2), dtype=np.float64), 2, 2]),
]
