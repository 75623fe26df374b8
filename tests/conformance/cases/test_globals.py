"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_globals.py (kernels/test_globals.py).

test_global_tuple_const is skipped unconditionally upstream
(@unittest.SkipTest, no reason given); its kernel and launch are valid
numba-cuda and are ported all the same.
"""
import numpy as np

from conformance import Case, empty

C = "globals"
T = "TestCudaTestGlobal."

CASES = [
    Case("simple_smem", T + "test_global_int_const", C, sig="void(int32[:])",
         args=lambda rng: [empty(100, np.int32)], griddim=1, blockdim=100,
         reference=lambda ary: {0: np.arange(100, dtype=np.int32)}),
    Case("coop_smem2d", T + "test_global_tuple_const", C, sig="void(float32[:,:])",
         args=lambda rng: [empty((10, 20), np.float32)], griddim=1, blockdim=(10, 20)),
]
