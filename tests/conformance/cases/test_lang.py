"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_lang.py (kernels/test_lang.py)."""
import numpy as np

from conformance import Case

CASES = [
    Case("foo", "TestLang.test_enumerate", "tuples", args=lambda rng: [np.zeros(3)]),
    # The test asserts a == (b + c).sum(): the float64 sum of the six values
    # in NumPy's order; the kernel adds (i + j) in turn (the simulator's
    # reference, which the test's tolerance-free == accepts for these values).
    Case("foo_zip", "TestLang.test_zip", "tuples", args=lambda rng: [np.zeros(1)]),
    # Upstream only launches it (typing and lowering in several blocks); the
    # result is compared as well.
    Case("cuda_kernel_api_in_multiple_blocks", "TestLang.test_issue_872", "shared memory",
         args=lambda rng: [np.zeros((2, 3))], griddim=1, blockdim=(2, 3)),
]
