"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_py2_div_issue.py (kernels/test_py2_div_issue.py)."""
import numpy as np

from conformance import Case

numDataPoints = 15
CASES = [
    # Upstream asserts y == yA and y == yB; the reference is the simulator
    # (float32(1.001 * float32(i)) in each).
    Case("preCalc", "TestCudaPy2Div.test_py2_div_issue", "arithmetic",
         args=lambda rng: [np.zeros(numDataPoints, dtype=np.float32),
                           np.zeros(numDataPoints, dtype=np.float32),
                           np.zeros(numDataPoints, dtype=np.float32), numDataPoints],
         griddim=1, blockdim=15, rtol=0.0),
]
