"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_device_array_capture.py
(kernels/test_device_array_capture.py).

Upstream skips the class on the simulator: the references are the values the
tests assert. Each test runs once per array factory; the "numba_device"
iteration is ported. The "foreign" iteration (ForeignArray, a host wrapper
exposing __cuda_array_interface__ around the same device array) launches the
same kernel on the same data; what it adds is host API, so it is not ported.
test_mutability's kernel writes only the captured module-level array, which
the harness cannot read back: the case checks that it compiles and runs (the
harness would need a way to read captured device arrays after the run).
"""
import numpy as np

from conformance import Case, empty

C = "globals"
T = "TestDeviceArrayCapture."


def f32(values):
    return np.array(values, dtype=np.float32)


CASES = [
    Case("kernel_basic_capture", T + "test_basic_capture", C, sig="void(float32[::1])",
         args=lambda rng: [empty(5, np.float32)], griddim=1, blockdim=5,
         reference=lambda out: {0: f32([1.0, 2.0, 3.0, 4.0, 5.0])}),
    Case("kernel_computation", T + "test_computation", C, sig="void(float32[::1])",
         args=lambda rng: [empty(5, np.float32)], griddim=1, blockdim=5,
         reference=lambda out: {0: f32([1.0, 2.0, 3.0, 4.0, 5.0]) * 2.0}),
    Case("write_kernel", T + "test_mutability", C, sig="void()",
         args=lambda rng: [], griddim=1, blockdim=5, reference=lambda: {}),
    Case("kernel_multiple_arrays", T + "test_multiple_arrays", C, sig="void(float32[::1])",
         args=lambda rng: [empty(3, np.float32)], griddim=1, blockdim=3,
         reference=lambda out: {0: f32([11.0, 22.0, 33.0])}),
    Case("kernel_multidimensional", T + "test_multidimensional", C, sig="void(float32[::1])",
         args=lambda rng: [empty(6, np.float32)], griddim=1, blockdim=6,
         reference=lambda out: {0: f32([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])}),
    Case("kernel_dtypes_int32", T + "test_dtypes", C, sig="void(int32[::1])",
         args=lambda rng: [empty(4, np.int32)], griddim=1, blockdim=4,
         reference=lambda out: {0: np.array([10, 20, 30, 40], dtype=np.int32)}),
    Case("kernel_dtypes_float64", T + "test_dtypes", C, sig="void(float64[::1])",
         args=lambda rng: [empty(4, np.float64)], griddim=1, blockdim=4,
         reference=lambda out: {0: np.array([1.5, 2.5, 3.5, 4.5], dtype=np.float64)}),
    Case("direct_access_kernel", T + "test_direct_kernel_access", C, sig="void(float32[::1])",
         args=lambda rng: [empty(3, np.float32)], griddim=1, blockdim=3,
         reference=lambda out: {0: f32([8.0, 9.0, 10.0])}),
    Case("kernel_0d", T + "test_zero_dimensional", C, sig="void(Array(float32, 0, 'C'))",
         args=lambda rng: [empty((), np.float32)],
         reference=lambda out: {0: np.array(84.0, dtype=np.float32)}),
]
