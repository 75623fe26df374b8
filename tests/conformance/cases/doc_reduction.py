"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_reduction.py (kernels/doc_reduction.py).

test_ex_reduction launches array_sum[1, 1024] on the device copy of
np.arange(1024) (int64) and asserts a[0] == sum(np.arange(1024)); the
reference is that, the other elements unchanged (upstream skips the test
on the simulator). The kernel is compiled lazily.
"""
import numpy as np

from conformance import Case


def summed(a):
    a[0] = sum(np.arange(1024))
    return {0: a}


CASES = [
    Case("array_sum", "TestReduction.test_ex_reduction", "doc examples",
         sig="void(int64[::1])", args=lambda rng: [np.arange(1024)],
         griddim=1, blockdim=1024, reference=summed),
]
