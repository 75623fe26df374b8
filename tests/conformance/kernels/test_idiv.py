# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_idiv.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int32, void


# TestCudaIDiv.test_inplace_div
@cuda.jit(void(float32[:, :], int32, int32))
def div(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0


# TestCudaIDiv.test_inplace_div_double
@cuda.jit(void(float64[:, :], int32, int32))
def div_double(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0
