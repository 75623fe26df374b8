# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vectorize.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the ufuncs as upstream wrote them, lifted out of their test methods. Each
# test loops over vectorize_funcs = [cuda_vectorize, partial(numba_vectorize,
# target="cuda")]: one function per decorator.
import numpy as np

from numba.cuda import vectorize as cuda_vectorize
from numba import cuda, vectorize as numba_vectorize
from numba.cuda.types import int32, float32, float64


# Signatures to test with - these are all homogeneous in dtype, so the output
# dtype should match the input dtype - the output should not have been cast
# upwards, as reported in #8400: https://github.com/numba/numba/issues/8400
signatures = [
    int32(int32, int32),
    float32(float32, float32),
    float64(float64, float64),
]


# TestCUDAVectorize.test_scalar, test_1d, test_nd, test_output_arg, test_reduce,
# test_manual_transfer, test_ufunc_output_2d, check_tuple_arg (vector_add with
# cuda_vectorize)
@cuda_vectorize(signatures)
def vector_add(a, b):
    return a + b


# The same tests (vector_add with partial(numba_vectorize, target="cuda");
# renamed)
@numba_vectorize(signatures, target="cuda")
def vector_add_numba(a, b):
    return a + b
