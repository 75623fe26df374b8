"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_boolean.py (kernels/test_boolean.py)."""
import numpy as np

from conformance import Case

CASES = [
    Case("boolean_func", "TestCudaBoolean.test_boolean", "control flow", name="boolean_func__True",
         sig="void(float64[:], bool_)",
         args=lambda rng: [np.array([0], dtype="float64"), True],
         reference=lambda A, v: {0: np.array([123.0])}),
    Case("boolean_func", "TestCudaBoolean.test_boolean", "control flow", name="boolean_func__False",
         sig="void(float64[:], bool_)",
         args=lambda rng: [np.array([0], dtype="float64"), False],
         reference=lambda A, v: {0: np.array([321.0])}),
]
