"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_ufunc.py (kernels/doc_ufunc.py).

test_ex_cuda_ufunc_call launches f[1, 1](r, x) on x = np.arange(10,
dtype=np.float32) - 5 and r = np.zeros_like(x), and asserts
assert_allclose(r, np.sin(x)) (rtol 1e-7); that is the reference (the
simulator cannot run a ufunc with an output argument on its device arrays:
"return arrays must be of ArrayType"). f is compiled lazily.
"""
import numpy as np

from conformance import Case

CASES = [
    Case("f", "TestUFunc.test_ex_cuda_ufunc_call", "doc examples",
         sig="void(float32[::1], float32[::1])",
         args=lambda rng: [np.zeros(10, dtype=np.float32),
                           np.arange(10, dtype=np.float32) - 5],
         reference=lambda r, x: {0: np.sin(x), 1: x}, rtol=1e-7),
]
