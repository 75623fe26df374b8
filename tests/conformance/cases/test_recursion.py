"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_recursion.py (kernels/test_recursion.py).

Not ported: test_type_change and test_optional_return (skipped upstream:
"Needs insert_unresolved_ref support in target"), test_raise (an expected
failure upstream: it checks only that the exception raised in a recursive
device function reaches the host, which the harness cannot observe).
"""
import numpy as np

from conformance import Case


def fib_case(kernel, test):
    return Case(kernel, "TestSelfRecursion." + test, "device functions",
                sig="void(int64[::1], int64[::1])",
                args=lambda rng: [np.zeros(1, dtype=np.int64), np.asarray([10], dtype=np.int64)],
                reference=lambda r, x: {0: np.array([55], dtype=np.int64)})


CASES = [
    fib_case("kernel_fib1", "test_global_explicit_sig"),
    fib_case("kernel_fib2", "test_inner_explicit_sig"),
    fib_case("kernel_fib3", "test_global_implicit_sig"),
    # Upstream asserts a TypingError: "cannot type infer runaway recursion".
    Case("kernel_runaway", "TestSelfRecursion.test_runaway", "device functions",
         args=lambda rng: [], rejects="recursi"),
    # Upstream asserts a TypingError: "Return type of recursive function does
    # not converge".
    Case("kernel_growing_return_tuple", "TestSelfRecursion.test_growing_return_tuple",
         "device functions", args=lambda rng: [], rejects="recursi"),
]
