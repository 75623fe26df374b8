# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_nondet.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernel as upstream wrote it, lifted out of its test method.
import numpy as np
from numba import cuda
from numba.cuda import float32, void


# TestCudaNonDet.test_for_pre
@cuda.jit(void(float32[:, :], float32[:, :], float32[:]))
def diagproduct(c, a, b):
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    height = c.shape[0]
    width = c.shape[1]

    for x in range(startX, width, (gridX)):
        for y in range(startY, height, (gridY)):
            c[y, x] = a[y, x] * b[x]
