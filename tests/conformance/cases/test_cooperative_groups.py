"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py
(kernels/test_cooperative_groups.py).

Not ported: test_this_grid_is_cooperative, test_sync_group_is_cooperative,
test_false_cooperative_doesnt_link_cudadevrt (dispatcher introspection:
overload.cooperative, linked files), test_max_cooperative_grid_blocks
(cooperative launch host API), test_external_cooperative_func (links a .cu
file with cuda.declare_device).
"""
import numpy as np

from conformance import Case

# The GPU size of test_sync_at_matrix_row (the simulator uses (32, 32)).
SHAPE = (1024, 1024)
BLOCKDIM = 32

CASES = [
    # Upstream asserts only that A[0] is set (not NaN).
    Case("this_grid", "TestCudaCooperativeGroups.test_this_grid", "grid sync",
         sig="void(float64[::1])", args=lambda rng: [np.full(1, fill_value=np.nan)]),
    Case("sync_group", "TestCudaCooperativeGroups.test_sync_group", "grid sync",
         sig="void(float64[::1])", args=lambda rng: [np.full(1, fill_value=np.nan)]),
    Case("sequential_rows", "TestCudaCooperativeGroups.test_sync_at_matrix_row",
         "grid sync", sig="void(int32[:, ::1])",
         args=lambda rng: [np.zeros(SHAPE, dtype=np.int32)],
         griddim=SHAPE[1] // BLOCKDIM, blockdim=BLOCKDIM,
         reference=lambda A: {0: np.tile(np.arange(SHAPE[0]), (SHAPE[1], 1)).T}),
]
