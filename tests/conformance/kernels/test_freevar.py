# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_freevar.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernel as upstream wrote it, lifted out of its test method; its free
# variables size and nbtype are module constants.
import numpy as np

from numba import cuda
from numba.cuda import float32

# TestFreeVar.test_freevar
size = 1024
nbtype = float32


# TestFreeVar.test_freevar
@cuda.jit("(float32[::1], intp)")
def foo(A, i):
    "Dummy function"
    sdata = cuda.shared.array(
        size,  # size is freevar
        dtype=nbtype,
    )  # nbtype is freevar
    A[i] = sdata[i]
