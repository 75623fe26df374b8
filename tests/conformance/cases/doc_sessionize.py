"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_sessionize.py (kernels/doc_sessionize.py).

test_ex_sessionize launches sessionize.forall(28)(ids, sec, results) on the
test's user ids (int64), timestamps (datetime64[ns] cast to int64) and
results = zeros(28), and asserts the session labels it lists; that is the
reference (upstream skips the test on the simulator). forall(n) launches
ceil(n / tpb) blocks of tpb threads, tpb from the occupancy calculator;
here one block of 256. The kernel is compiled lazily.
"""
import numpy as np

from conformance import Case

IDS = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4]
SEC = [1, 2, 3, 5000, 5001, 5002, 1, 2, 3, 1, 2, 5000, 5001, 10000, 10001, 10002, 10003,
       15000, 150001, 1, 5000, 50001, 15000, 20000, 25000, 25001, 25002, 25003]
EXPECT = [0, 0, 0, 3, 3, 3, 6, 6, 6, 9, 9, 11, 11, 13, 13, 13, 13, 17, 18, 19, 20, 21, 21,
          23, 24, 24, 24, 24]


def args(rng):
    ids = np.array(IDS)
    sec = np.array(SEC, dtype="datetime64[ns]").astype("int64")  # Cast to int64
    return [ids, sec, np.zeros(len(ids))]


CASES = [
    Case("sessionize", "TestSessionization.test_ex_sessionize", "doc examples",
         sig="void(int64[::1], int64[::1], float64[::1])", args=args,
         griddim=1, blockdim=256,
         reference=lambda ids, sec, results: {0: ids, 1: sec,
                                              2: np.array(EXPECT, dtype=np.float64)}),
]
