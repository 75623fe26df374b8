"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_device_func.py (kernels/test_device_func.py).

Not ported: test_inspect_llvm, test_inspect_asm, test_inspect_sass_disallowed
(inspect_* output), test_device_func_as_kernel_disallowed (host API error),
TestDeclareDevice and TestDeclareDeviceCABI (linking external CUDA C/C++
code, cffi).
"""
import numpy as np

from conformance import Case, empty

CASES = [
    Case("use_add2f", "TestDeviceFunc.test_use_add2f", "device functions",
         sig="void(float32[:])",
         args=lambda rng: [np.arange(10, dtype=np.float32)],
         griddim=1, blockdim=10),
    Case("indirect_add2f", "TestDeviceFunc.test_indirect_add2f", "device functions",
         sig="void(float32[:])",
         args=lambda rng: [np.arange(10, dtype=np.float32)],
         griddim=1, blockdim=10),
    Case("add_kernel", "TestDeviceFunc.test_cpu_dispatcher", "device functions",
         sig="void(int64[::1])",
         args=lambda rng: [np.arange(10)],
         griddim=1, blockdim=10),
    # Upstream asserts a TypingError ("Untyped global name 'add': ... using cpu
    # function on device"): a CPU function with an explicit signature. nvc
    # refuses it too, but for another reason: it reads "(i4, i4)" as a void
    # result ("'add_invalid' returns int64 but its signature declares void").
    Case("add_kernel_invalid", "TestDeviceFunc.test_cpu_dispatcher_invalid",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.arange(10)],
         griddim=1, blockdim=10, rejects=""),
    Case("add_kernel_other_module", "TestDeviceFunc.test_cpu_dispatcher_other_module",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.arange(10)],
         griddim=1, blockdim=10),
    # The simulator ignores the device function's signature (no casts); the
    # test asserts the int32 result of the casts.
    Case("rgba_caller", "TestDeviceFunc.test_device_casting", "device functions",
         sig="void(int32[::1], float32[::1])",
         args=lambda rng: [empty(1, np.int32),
                           np.asarray([1.0, 2.0, 3.0, 4.0], dtype=np.float32)],
         reference=lambda x, channels: {0: np.array([0x04010203], np.int32)}),
]
