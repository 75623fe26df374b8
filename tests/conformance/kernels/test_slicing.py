# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_slicing.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them.
import numpy as np
from numba import cuda


# TestCudaSlicing.test_slice_as_arg (upstream: the plain function foo, compiled
# as the global cufoo = cuda.jit("void(int32[:], int32[:])", device=True)(foo),
# which copy calls; named cufoo here)
@cuda.jit("void(int32[:], int32[:])", device=True)
def cufoo(inp, out):
    for i in range(out.shape[0]):
        out[i] = inp[i]


# TestCudaSlicing.test_slice_as_arg (cucopy = cuda.jit("void(int32[:,:], int32[:,:])")(copy))
@cuda.jit("void(int32[:,:], int32[:,:])")
def copy(inp, out):
    i = cuda.grid(1)
    cufoo(inp[i, :], out[i, :])
