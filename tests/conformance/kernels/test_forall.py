# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_forall.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them (bar lifted out of its test method).
import numpy as np

from numba import cuda


# TestForAll.test_forall_1
@cuda.jit
def foo(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += 1


# TestForAll.test_forall_2
@cuda.jit("void(float32, float32[:], float32[:])")
def bar(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]
