"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_overload.py (kernels/test_overload.py).

Skipped on the simulator upstream (overloading): the references are the
values the tests assert (each overload called multiplies x[0] by its prime).

Not ported: test_target_overloaded_calls_target_overloaded_cpu (CPU target,
njit), test_overload_attribute_target (a CPU typing error, and a CUDA kernel
compiled for an opaque extension type from the test support's
make_dummy_type, never launched).
"""
import numpy as np

from conformance import Case, empty

GENERIC_FUNCTION_1 = 2
CUDA_FUNCTION_1 = 3
GENERIC_FUNCTION_2 = 5
CUDA_FUNCTION_2 = 7
GENERIC_CALLS_GENERIC = 11
GENERIC_CALLS_CUDA = 13
CUDA_CALLS_GENERIC = 17
CUDA_CALLS_CUDA = 19
GENERIC_TARGET_OL = 23
CUDA_TARGET_OL = 29
GENERIC_CALLS_TARGET_OL = 31
CUDA_CALLS_TARGET_OL = 37
GENERIC_TARGET_OL_CALLS_TARGET_OL = 41
CUDA_TARGET_OL_CALLS_TARGET_OL = 43

# (test, expected x[0])
CHECK_OVERLOAD = [
    ("test_generic", GENERIC_FUNCTION_1),
    ("test_cuda", CUDA_FUNCTION_1),
    ("test_generic_and_cuda", GENERIC_FUNCTION_1 * CUDA_FUNCTION_1),
    ("test_call_two_generic_calls", GENERIC_FUNCTION_1 * GENERIC_FUNCTION_2),
    ("test_call_two_cuda_calls", CUDA_FUNCTION_1 * CUDA_FUNCTION_2),
    ("test_generic_calls_generic", GENERIC_CALLS_GENERIC * GENERIC_FUNCTION_1),
    ("test_generic_calls_cuda", GENERIC_CALLS_CUDA * CUDA_FUNCTION_1),
    ("test_cuda_calls_generic", CUDA_CALLS_GENERIC * GENERIC_FUNCTION_1),
    ("test_cuda_calls_cuda", CUDA_CALLS_CUDA * CUDA_FUNCTION_1),
    ("test_call_target_overloaded", CUDA_TARGET_OL),
    ("test_generic_calls_target_overloaded", GENERIC_CALLS_TARGET_OL * CUDA_TARGET_OL),
    ("test_cuda_calls_target_overloaded", CUDA_CALLS_TARGET_OL * CUDA_TARGET_OL),
    ("test_target_overloaded_calls_target_overloaded",
     CUDA_TARGET_OL_CALLS_TARGET_OL * CUDA_TARGET_OL),
]

CASES = [
    # check_overload: x = np.ones(1, dtype=np.int32); cuda.jit(kernel)[1, 1](x)
    Case("kernel_" + test[len("test_"):], f"TestOverload.{test}", "device functions",
         sig="void(int32[::1])", args=lambda rng: [np.ones(1, dtype=np.int32)],
         reference=lambda x, e=expected: {0: np.array([e], dtype=np.int32)})
    for test, expected in CHECK_OVERLOAD
] + [
    Case("kernel_default_values_and_kwargs", "TestOverload.test_default_values_and_kwargs",
         "device functions", sig="void(int64, int64, int64[::1])",
         args=lambda rng: [1, 2, empty(2, np.int64)],
         reference=lambda a, b, out: {2: np.array([6, 2], dtype=np.int64)}),
]
