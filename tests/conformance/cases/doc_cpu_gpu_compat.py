"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_cpu_gpu_compat.py (kernels/doc_cpu_gpu_compat.py).

test_ex_cpu_gpu_compat launches f.forall(3)(results, X, Y, Z) on the device
copies of [1, 10, 234], [2, 2, 4014], [3, 14, 2211] (int64) and
results = [0.0, 0.0, 0.0], and asserts that results equal
business_logic(x, y, z) computed on the CPU; that is the reference.
forall(n) launches ceil(n / tpb) blocks of tpb threads, tpb from the
occupancy calculator; here one block of 256. f is compiled lazily.
"""
import math

import numpy as np

from conformance import Case


def business_logic(x, y, z):
    return 4 * z * (2 * x - (4 * y) / 2 * math.pi)


def expected(results, X, Y, Z):
    return {0: np.array([business_logic(int(x), int(y), int(z)) for x, y, z in zip(X, Y, Z)]),
            1: X, 2: Y, 3: Z}


CASES = [
    Case("f", "TestCpuGpuCompat.test_ex_cpu_gpu_compat", "doc examples",
         sig="void(float64[::1], int64[::1], int64[::1], int64[::1])",
         args=lambda rng: [np.array([0.0, 0.0, 0.0]), np.array([1, 10, 234]),
                           np.array([2, 2, 4014]), np.array([3, 14, 2211])],
         griddim=1, blockdim=256, reference=expected),
]
