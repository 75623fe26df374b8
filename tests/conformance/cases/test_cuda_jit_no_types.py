"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_cuda_jit_no_types.py (kernels/test_cuda_jit_no_types.py).

Not ported: test_jit_debug_simulator (checks only that the decorator accepts
debug=True, opt=False under the simulator; nothing is launched).
"""
import numpy as np

from conformance import Case, empty

CASES = [
    # y = np.empty_like(x), copied to the device and back.
    Case("foo", "TestCudaJitNoTypes.test_device_array", "indexing",
         sig="void(int64[::1], int64[::1])",
         args=lambda rng: [np.arange(10), empty(10, np.int64)],
         griddim=10, blockdim=1),
    Case("driver", "TestCudaJitNoTypes.test_device_jit", "device functions",
         sig="void(float32[::1], float32[::1])",
         args=lambda rng: [np.arange(100, dtype=np.float32), np.arange(100, dtype=np.float32)],
         griddim=1, blockdim=100),
    # Launched on a stream upstream (host detail).
    Case("outer", "TestCudaJitNoTypes.test_device_jit_2", "device functions",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(1), np.zeros(1)]),
]
