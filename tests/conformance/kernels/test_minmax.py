# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_minmax.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles builtin_max/builtin_min with cuda.jit(kernel) (lazily);
# here they are @cuda.jit and each case gives the signature of the launch.
import numpy as np

from numba import cuda
from numba.cuda import float64


# TestCudaMinMax.test_max_f8f8, test_max_f4f8, test_max_f8f4, test_max_f4f4
@cuda.jit
def builtin_max(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(max(A[i], B[i]))


# TestCudaMinMax.test_min_f8f8, test_min_f4f8, test_min_f8f4, test_min_f4f4
@cuda.jit
def builtin_min(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(min(A[i], B[i]))
