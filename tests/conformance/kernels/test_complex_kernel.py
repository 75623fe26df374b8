# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_complex_kernel.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda


# TestCudaComplex.test_cuda_complex_arg
@cuda.jit("void(complex128[:], complex128)")
def foo(a, b):
    i = cuda.grid(1)
    a[i] += b
