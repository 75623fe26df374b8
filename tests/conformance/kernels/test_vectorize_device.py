# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vectorize_device.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the device function and ufunc as upstream wrote them, lifted out of their
# test method.
from numba.cuda import vectorize
from numba import cuda
from numba.cuda import float32
import numpy as np


# TestCudaVectorizeDeviceCall.test_cuda_vectorize_device_call
@cuda.jit(float32(float32, float32, float32), device=True)
def cu_device_fn(x, y, z):
    return x**y / z


# TestCudaVectorizeDeviceCall.test_cuda_vectorize_device_call (cu_ufunc,
# compiled with vectorize([float32(float32, float32, float32)], target="cuda"))
@vectorize([float32(float32, float32, float32)], target="cuda")
def cu_ufunc(x, y, z):
    return cu_device_fn(x, y, z)
