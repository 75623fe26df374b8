# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_errors.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda


# TestStringArgCompileTime.test_string_device_function_arg_compiles_quickly
# (the kernel of its subprocess code)
@cuda.jit(device=True, forceinline=True)
def load(gmem, value):
    if value == "1":
        gmem[cuda.threadIdx.x] = 1.0
    else:
        gmem[cuda.threadIdx.x] = 0.0


# TestStringArgCompileTime.test_string_device_function_arg_compiles_quickly
@cuda.jit
def kernel(buff):
    load(buff, "1")


# TestJitErrors.test_typing_error
@cuda.jit(device=True)
def dev_func(x):
    # floor is deliberately not imported for the purpose of this test.
    return floor(x)  # noqa: F821


# TestJitErrors.test_typing_error
@cuda.jit
def kernel_func():
    dev_func(1.5)
