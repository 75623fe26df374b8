# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_py2_div_issue.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import float32, int32, void


# TestCudaPy2Div.test_py2_div_issue
@cuda.jit(void(float32[:], float32[:], float32[:], int32))
def preCalc(y, yA, yB, numDataPoints):
    i = cuda.grid(1)
    # k is unused, but may be part of the trigger for the bug this
    # tests for.
    k = i % numDataPoints  # noqa: F841

    ans = float32(1.001 * float32(i))

    y[i] = ans
    yA[i] = ans * 1.0
    yB[i] = ans / 1.0
