"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_forall.py (kernels/test_forall.py).

kernel.forall(n)(args) launches the kernel over n elements with a block size
the driver's occupancy calculator picks and enough blocks to cover n; the
cases launch one block of 64 (more threads than elements, so the kernels'
bounds guards matter, as they do when forall rounds up). test_forall_2's
reference is a * x + y computed in float32, as the kernel does (a is the
float32 argument 1.234); upstream asserts it to 3 decimals.

Not ported (host only): test_forall_no_work (forall(0) launches nothing),
test_forall_negative_work (forall(-1) raises ValueError on the host).
"""
import numpy as np

from conformance import Case

T = "TestForAll."

CASES = [
    Case("foo", T + "test_forall_1", "indexing", sig="void(int64[::1])",
         args=lambda rng: [np.arange(11)], griddim=1, blockdim=64,
         reference=lambda x: {0: x + 1}),
    Case("bar", T + "test_forall_2", "arithmetic",
         args=lambda rng: [1.234, np.arange(13, dtype=np.float32),
                           np.arange(13, dtype=np.float32)],
         griddim=1, blockdim=64,
         reference=lambda a, x, y: {1: x, 2: np.float32(a) * x + y}),
]
