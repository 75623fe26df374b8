"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_montecarlo.py (kernels/test_montecarlo.py).

TestCudaMonteCarlo.test_montecarlo only compiles `step` ("Just make sure we
can compile this"). The case also launches it, on inputs of the kind its
parameters describe (a geometric Brownian motion step: last prices, normal
noise, dt, c0 = (mu - sigma**2 / 2), c1 = sigma * sqrt(dt)), with the
simulator's result as the reference.
"""
import numpy as np

from conformance import Case, empty

N = 1000
DT = 1.0 / 252
MU, SIGMA = 0.05, 0.2

CASES = [
    Case("step", "TestCudaMonteCarlo.test_montecarlo", "math",
         args=lambda rng: [100.0 * (1.0 + rng.random(N)), empty(N, np.float64), DT,
                           MU - 0.5 * SIGMA * SIGMA, SIGMA * np.sqrt(DT),
                           rng.standard_normal(N)],
         griddim=(N + 255) // 256, blockdim=256),
]
