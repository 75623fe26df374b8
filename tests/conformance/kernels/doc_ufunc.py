# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_ufunc.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda


# TestUFunc.test_ex_cuda_ufunc_call
# A kernel calling a ufunc (sin, in this case)
@cuda.jit
def f(r, x):
    # Compute sin(x) with result written to r
    np.sin(x, r)
