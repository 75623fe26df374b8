# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_globals.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Both tests name their kernel compute_totals and their global PRICES; the
# second test's are compute_totals_device_array and DEVICE_PRICES here (the
# global's name in the body is the only change).
import numpy as np
from numba import cuda

# TestGlobals.test_ex_globals_constant_capture
TAX_RATE = 0.08
PRICES = np.array([10.0, 25.0, 5.0, 15.0, 30.0], dtype=np.float64)


# TestGlobals.test_ex_globals_constant_capture
@cuda.jit
def compute_totals(quantities, totals):
    i = cuda.grid(1)
    if i < totals.size:
        totals[i] = quantities[i] * PRICES[i] * (1 + TAX_RATE)


# TestGlobals.test_ex_globals_device_array_capture
# Global device array - pointer is captured, not data
DEVICE_PRICES = cuda.to_device(
    np.array([10.0, 25.0, 5.0, 15.0, 30.0], dtype=np.float32)
)


# TestGlobals.test_ex_globals_device_array_capture (compute_totals)
@cuda.jit
def compute_totals_device_array(quantities, totals):
    i = cuda.grid(1)
    if i < totals.size:
        totals[i] = quantities[i] * DEVICE_PRICES[i]
