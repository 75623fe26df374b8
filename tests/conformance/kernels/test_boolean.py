# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_boolean.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles boolean_func with cuda.jit("void(float64[:], bool_)");
# here it is @cuda.jit and the cases give the signature.
import numpy as np
from numba import cuda


# TestCudaBoolean.test_boolean
@cuda.jit
def boolean_func(A, vertial):
    if vertial:
        A[0] = 123
    else:
        A[0] = 321
