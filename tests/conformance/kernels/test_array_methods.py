# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_array_methods.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them. Upstream compiles reinterpret_array_type
# with cuda.jit(pyfunc); here it carries @cuda.jit and the cases give the
# signature of the launches.
import numpy as np
from numba import cuda


# TestCudaArrayMethods.test_reinterpret_array_type
@cuda.jit
def reinterpret_array_type(byte_arr, start, stop, output):
    # Tested with just one thread
    val = byte_arr[start:stop].view(np.int32)[0]
    output[0] = val


# TestCudaArrayMethods.test_array_copy (its closure variable val)
val = np.array([1, 2, 3])[::-1]


# TestCudaArrayMethods.test_array_copy
@cuda.jit
def kernel(out):
    q = val.copy()
    for i in range(len(out)):
        out[i] = q[i]
