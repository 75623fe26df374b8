# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_cpointer.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import types

# The first kernel argument is a pointer to a uint8 array.
# The second argument holds the length as a uint32.
# The return type of a kernel is always void.
sig = types.void(types.CPointer(types.uint8), types.uint32)


# TestCPointer.test_ex_cpointer
@cuda.jit(sig)
def add_one(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] += 1
