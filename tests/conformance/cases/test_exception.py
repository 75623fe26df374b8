"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_exception.py (kernels/test_exception.py).

Launches that upstream expects to raise (safe_foo: IndexError, user_raise(True):
ValueError, zero_division_error_in_debug: ZeroDivisionError, kernel:
ValueError) check the exception nvc-run reports (Case.raises) and the state
of the arrays the test asserts.
"""
import numpy as np

from conformance import Case

N = 32

CASES = [
    # The simulator raises regardless of debug; upstream launches unsafe_foo
    # only on the GPU and asserts nothing but that it returns: numba-cuda
    # drops the exceptions of kernels compiled without debug=True. nvc
    # reports every exception (004_…txt "Errors"; docs/language.md), so the
    # case expects the IndexError the simulator raises.
    Case("foo", "TestException.test_exception", "exceptions",
         sig="void(int64[::1])",
         args=lambda rng: [np.array([0, 1])],
         griddim=1, blockdim=3,
         reference=lambda ary: {0: np.array([0, 1])},
         raises="IndexError: tuple index out of range"),
    # Upstream asserts IndexError("tuple index out of range").
    Case("safe_foo", "TestException.test_exception", "exceptions",
         sig="void(int64[::1])",
         args=lambda rng: [np.array([0, 1])],
         griddim=1, blockdim=3,
         reference=lambda ary: {0: np.array([0, 1])},
         raises="IndexError: tuple index out of range"),
    Case("user_raise", "TestException.test_user_raise", "exceptions",
         sig="void(boolean)",
         args=lambda rng: [False], name="user_raise_false"),
    # Upstream asserts ValueError.
    Case("user_raise", "TestException.test_user_raise", "exceptions",
         sig="void(boolean)",
         args=lambda rng: [True], name="user_raise_true", reference=lambda d: {},
         raises="ValueError"),
    Case("problematic", "TestException.test_raise_causing_warp_diverge", "exceptions",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [1.0 / (np.arange(N) + 0.01), 1.0 / (np.arange(N) + 0.01)],
         griddim=1, blockdim=N),
    Case("oracle", "TestException.test_raise_causing_warp_diverge", "exceptions",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [1.0 / (np.arange(N) + 0.01), 1.0 / (np.arange(N) + 0.01)],
         griddim=1, blockdim=N),
    # Upstream asserts r[0] is inf and r[1] == y[0] (the simulator raises
    # FloatingPointError).
    Case("no_zero_division_error", "TestException.test_no_zero_division_error",
         "exceptions", sig="void(float64[::1], float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(2), np.zeros(1), np.ones(1)],
         reference=lambda r, x, y: {0: np.array([np.inf, 1.0]), 1: x, 2: y}),
    # Upstream asserts ZeroDivisionError, r left unset (execution stops).
    Case("zero_division_error_in_debug", "TestException.test_zero_division_error_in_debug",
         "exceptions", sig="void(float64[::1], float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(2), np.zeros(1), np.ones(1)],
         reference=lambda r, x, y: {0: np.zeros(2), 1: x, 2: y},
         raises="ZeroDivisionError: division by zero"),
    # Upstream asserts ValueError("Device Function Error") (an expected
    # failure on the GPU, numba#8036).
    Case("kernel", "TestException.test_raise_in_device_function", "exceptions",
         sig="void()", args=lambda rng: [], reference=lambda: {},
         raises="ValueError: Device Function Error"),
]
