"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_errors.py (kernels/test_errors.py).

Not ported: TestJitErrors.test_too_many_dims, test_non_integral_dims,
test_unconfigured_typed_cudakernel, test_unconfigured_untyped_cudakernel
(launch-configuration errors of the host API), test_lto_without_nvjitlink_error
(linking, nvjitlink).
"""
import numpy as np

from conformance import Case

CASES = [
    Case("kernel", "TestStringArgCompileTime.test_string_device_function_arg_compiles_quickly",
         "device functions", sig="void(float32[::1])",
         args=lambda rng: [np.zeros(32, dtype=np.float32)],
         griddim=1, blockdim=32,
         # Debian's Numba 0.56 lacks forceinline=: the value the kernel writes.
         reference=lambda buff: {0: np.ones(32, dtype=np.float32)}),
    # Upstream asserts a TypingError ("NameError: name 'floor' is not defined").
    Case("kernel_func", "TestJitErrors.test_typing_error", "device functions",
         sig="void()", args=lambda rng: [], rejects="floor"),
]
