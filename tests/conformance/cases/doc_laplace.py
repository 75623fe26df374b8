"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_laplace.py (kernels/doc_laplace.py).

test_ex_laplace launches solve_heat_equation.forall(1001)(buf_0, buf_1,
10000, 0.25) on buf_0 = zeros(1001) with buf_0[500] = 10000 and buf_1 =
cuda.device_array_like(buf_0) (uninitialised), and asserts that buf_1 sums to
10000 (assert_allclose). The reference is the heat equation's 10000 steps
computed with NumPy in the kernel's order of operations (buf_1 holds step
9998's result, buf_0 step 9999's); upstream skips the test on the
simulator. forall(n) launches ceil(n / tpb) blocks of tpb threads, tpb from
the occupancy calculator; here blocks of 256.
"""
import numpy as np

from conformance import Case, empty

SIZE = 1001
NITER = 10000
K = 0.25


def heat(buf_0, buf_1, timesteps, k):
    for step in range(timesteps):
        data, next_data = (buf_0, buf_1) if step % 2 == 0 else (buf_1, buf_0)
        curr = data.copy()
        nxt = np.empty_like(curr)
        nxt[0] = curr[0] + k * (curr[1] - (2 * curr[0]))
        nxt[-1] = curr[-1] + k * (curr[-2] - (2 * curr[-1]))
        nxt[1:-1] = curr[1:-1] + k * (curr[:-2] - (2 * curr[1:-1]) + curr[2:])
        next_data[:] = nxt
    return {0: buf_0, 1: buf_1}


def inputs(rng):
    data = np.zeros(SIZE)
    # Middle element is made very hot
    data[500] = 10000
    return [data, empty(SIZE, np.float64), NITER, K]


CASES = [
    Case("solve_heat_equation", "TestLaplace.test_ex_laplace", "doc examples",
         sig="void(float64[::1], float64[::1], int64, float64)",
         args=inputs, griddim=(SIZE + 255) // 256, blockdim=256, reference=heat),
]
