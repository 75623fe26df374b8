# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_device_array_capture.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels and device functions as upstream wrote them, lifted out of their
# test methods. Each test captures device arrays from its scope; here they are
# module-level device arrays made as the "numba_device" array factory makes
# them (make_numba_array: cuda.to_device(host_arr)). Kernels and arrays whose
# names clash between tests are renamed (said at each).
import numpy as np

from numba import cuda


# TestDeviceArrayCapture.test_basic_capture, test_computation
global_array = cuda.to_device(np.array([1.0, 2.0, 3.0, 4.0, 5.0], dtype=np.float32))


# TestDeviceArrayCapture.test_basic_capture
@cuda.jit(device=True)
def read_global(idx):
    return global_array[idx]


# TestDeviceArrayCapture.test_basic_capture (renamed from kernel)
@cuda.jit
def kernel_basic_capture(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = read_global(i)


# TestDeviceArrayCapture.test_computation
@cuda.jit(device=True)
def double_global_value(idx):
    return global_array[idx] * 2.0


# TestDeviceArrayCapture.test_computation (renamed from kernel)
@cuda.jit
def kernel_computation(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = double_global_value(i)


# TestDeviceArrayCapture.test_mutability
mutable_array = cuda.to_device(np.zeros(5, dtype=np.float32))


# TestDeviceArrayCapture.test_mutability
@cuda.jit
def write_kernel():
    i = cuda.grid(1)
    if i < 5:
        mutable_array[i] = float(i + 1)


# TestDeviceArrayCapture.test_multiple_arrays
arr_a = cuda.to_device(np.array([1.0, 2.0, 3.0], dtype=np.float32))
arr_b = cuda.to_device(np.array([10.0, 20.0, 30.0], dtype=np.float32))


# TestDeviceArrayCapture.test_multiple_arrays
@cuda.jit(device=True)
def add_globals(idx):
    return arr_a[idx] + arr_b[idx]


# TestDeviceArrayCapture.test_multiple_arrays (renamed from kernel)
@cuda.jit
def kernel_multiple_arrays(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = add_globals(i)


# TestDeviceArrayCapture.test_multidimensional
arr_2d = cuda.to_device(
    np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=np.float32)
)


# TestDeviceArrayCapture.test_multidimensional
@cuda.jit(device=True)
def read_2d(row, col):
    return arr_2d[row, col]


# TestDeviceArrayCapture.test_multidimensional (renamed from kernel)
@cuda.jit
def kernel_multidimensional(output):
    i = cuda.grid(1)
    if i < 6:
        row = i // 2
        col = i % 2
        output[i] = read_2d(row, col)


# TestDeviceArrayCapture.test_dtypes, dtype = np.int32 (global_arr is global_arr_int32)
global_arr_int32 = cuda.to_device(np.array([10, 20, 30, 40], dtype=np.int32))


# TestDeviceArrayCapture.test_dtypes, dtype = np.int32 (renamed from read_arr;
# global_arr is global_arr_int32)
@cuda.jit(device=True)
def read_arr_int32(idx):
    return global_arr_int32[idx]


# TestDeviceArrayCapture.test_dtypes, dtype = np.int32 (renamed from kernel)
@cuda.jit
def kernel_dtypes_int32(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = read_arr_int32(i)


# TestDeviceArrayCapture.test_dtypes, dtype = np.float64 (global_arr is
# global_arr_float64)
global_arr_float64 = cuda.to_device(np.array([1.5, 2.5, 3.5, 4.5], dtype=np.float64))


# TestDeviceArrayCapture.test_dtypes, dtype = np.float64 (renamed from read_arr;
# global_arr is global_arr_float64)
@cuda.jit(device=True)
def read_arr_float64(idx):
    return global_arr_float64[idx]


# TestDeviceArrayCapture.test_dtypes, dtype = np.float64 (renamed from kernel)
@cuda.jit
def kernel_dtypes_float64(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = read_arr_float64(i)


# TestDeviceArrayCapture.test_direct_kernel_access
global_direct = cuda.to_device(np.array([7.0, 8.0, 9.0], dtype=np.float32))


# TestDeviceArrayCapture.test_direct_kernel_access
@cuda.jit
def direct_access_kernel(output):
    i = cuda.grid(1)
    if i < output.size:
        output[i] = global_direct[i] + 1.0


# TestDeviceArrayCapture.test_zero_dimensional
global_0d = cuda.to_device(np.array(42.0, dtype=np.float32))


# TestDeviceArrayCapture.test_zero_dimensional
@cuda.jit
def kernel_0d(output):
    output[()] = global_0d[()] * 2.0
