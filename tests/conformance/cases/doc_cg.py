"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_cg.py (kernels/doc_cg.py).

test_ex_grid_sync launches sequential_rows[32, 32] on a 1024 x 1024 int32
array of zeros and asserts that row r holds r everywhere; that is the
reference (upstream skips the test on the simulator, which has no grid
group).
"""
import numpy as np

from conformance import Case

CASES = [
    Case("sequential_rows", "TestCooperativeGroups.test_ex_grid_sync", "doc examples",
         args=lambda rng: [np.zeros((1024, 1024), dtype=np.int32)],
         griddim=1024 // 32, blockdim=32,
         reference=lambda A: {0: np.tile(np.arange(1024), (1024, 1)).T.astype(np.int32)}),
]
