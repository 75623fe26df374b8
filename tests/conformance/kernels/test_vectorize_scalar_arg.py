# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vectorize_scalar_arg.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the ufuncs as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba.cuda import vectorize
from numba import cuda
from numba.cuda import float64

sig = [float64(float64, float64)]


# TestCUDAVectorizeScalarArg.test_vectorize_scalar_arg
@vectorize(sig, target="cuda")
def vector_add(a, b):
    return a + b


# TestCUDAVectorizeScalarArg.test_vectorize_all_scalars (renamed from vector_add)
@vectorize(sig, target="cuda")
def vector_add_all_scalars(a, b):
    return a + b
