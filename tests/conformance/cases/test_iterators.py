"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_iterators.py (kernels/test_iterators.py)."""
import numpy as np

from conformance import Case


def two_args(rng):
    """_test_twoarg_function's arguments."""
    return [np.asarray((10, 9, 8, 7, 6)), np.asarray((1, 2, 3, 4, 5)),
            np.zeros(1, dtype=np.int32)]


SIG2 = "void(int64[::1], int64[::1], int32[::1])"
CASES = [
    Case("enumerator", "TestIterators.test_enumerate", "control flow",
         sig="void(int64[::1], int32[::1])",
         args=lambda rng: [np.asarray((10, 9, 8, 7, 6)), np.zeros(1, dtype=np.int32)]),
    Case("zipper", "TestIterators.test_zip", "control flow", sig=SIG2, args=two_args),
    Case("enumerator_zipper", "TestIterators.test_enumerate_zip", "control flow", sig=SIG2,
         args=two_args),
    Case("zipper_enumerator", "TestIterators.test_zip_enumerate", "control flow", sig=SIG2,
         args=two_args),
]
