# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_cg.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from numba import cuda
from numba.cuda import int32
import numpy as np

sig = (int32[:, ::1],)


# TestCooperativeGroups.test_ex_grid_sync
@cuda.jit(sig)
def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()

    rows = M.shape[0]
    cols = M.shape[1]

    for row in range(1, rows):
        opposite = cols - col - 1
        # Each row's elements are one greater than the previous row
        M[row, col] = M[row - 1, opposite] + 1
        # Wait until all threads have written their column element,
        # and that the write is visible to all other threads
        g.sync()
