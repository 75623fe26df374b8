# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_cuda_jit_no_types.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from numba import cuda
import numpy as np


# TestCudaJitNoTypes.test_device_array
@cuda.jit
def foo(x, y):
    i = cuda.grid(1)
    y[i] = x[i]


# TestCudaJitNoTypes.test_device_jit
@cuda.jit(device=True)
def mapper(args):
    a, b, c = args
    return a + b + c


# TestCudaJitNoTypes.test_device_jit
@cuda.jit(device=True)
def reducer(a, b):
    return a + b


# TestCudaJitNoTypes.test_device_jit
@cuda.jit
def driver(A, B):
    i = cuda.grid(1)
    if i < B.size:
        args = A[i], A[i] + B[i], B[i]
        B[i] = reducer(mapper(args), 1)


# TestCudaJitNoTypes.test_device_jit_2
@cuda.jit(device=True)
def inner(arg):
    return arg + 1


# TestCudaJitNoTypes.test_device_jit_2
@cuda.jit
def outer(argin, argout):
    argout[0] = inner(argin[0]) + inner(2)
