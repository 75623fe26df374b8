# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_montecarlo.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import math
from numba import cuda


# TestCudaMonteCarlo.test_montecarlo
@cuda.jit(
    "void(double[:], double[:], double, double, double, double[:])"
)
def step(last, paths, dt, c0, c1, normdist):
    i = cuda.grid(1)
    if i >= paths.shape[0]:
        return
    noise = normdist[i]
    paths[i] = last[i] * math.exp(c0 * dt + c1 * noise)
