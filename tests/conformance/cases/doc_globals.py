"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_globals.py (kernels/doc_globals.py).

test_ex_globals_constant_capture launches compute_totals[1, 32] twice (after
changing TAX_RATE and PRICES on the host, which the compiled kernel does not
see) and asserts the first launch's values [10.8, 54.0, 16.2, 64.8, 162.0]
(assert_allclose, rtol 1e-7); that is the reference.

test_ex_globals_device_array_capture launches compute_totals[1, 32] with a
global device array PRICES, copies new prices into that device array on the
host, launches again and asserts that the second launch sees them. The
harness cannot change a global device array between launches; the case is
the first launch, whose result upstream prints as [10. 25. 5. 15. 30.].
"""
import numpy as np

from conformance import Case, empty

CASES = [
    Case("compute_totals", "TestGlobals.test_ex_globals_constant_capture", "doc examples",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.array([1, 2, 3, 4, 5], dtype=np.float64),
                           empty(5, np.float64)],  # cuda.device_array(5, dtype=np.float64)
         griddim=1, blockdim=32,
         reference=lambda q, t: {0: q, 1: np.array([10.8, 54.0, 16.2, 64.8, 162.0])},
         rtol=1e-7),
    Case("compute_totals_device_array", "TestGlobals.test_ex_globals_device_array_capture",
         "doc examples",
         sig="void(float32[::1], float32[::1])",
         args=lambda rng: [np.array([1.0, 1.0, 1.0, 1.0, 1.0], dtype=np.float32),
                           empty(5, np.float32)],  # cuda.device_array(5, dtype=np.float32)
         griddim=1, blockdim=32,
         reference=lambda q, t: {0: q, 1: np.array([10.0, 25.0, 5.0, 15.0, 30.0],
                                                   dtype=np.float32)}),
]
