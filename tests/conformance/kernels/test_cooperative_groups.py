# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import int32


# TestCudaCooperativeGroups.test_this_grid
@cuda.jit
def this_grid(A):
    cuda.cg.this_grid()
    A[0] = 1.0


# TestCudaCooperativeGroups.test_sync_group
@cuda.jit
def sync_group(A):
    g = cuda.cg.this_grid()
    g.sync()
    A[0] = 1.0


# TestCudaCooperativeGroups.test_sync_at_matrix_row (compiled with
# cuda.jit((int32[:, ::1],)))
@cuda.jit
def sequential_rows(M):
    # The grid writes rows one at a time. Each thread reads an element from
    # the previous row written by its "opposite" thread.
    #
    # A failure to sync the grid at each row would result in an incorrect
    # result as some threads could run ahead of threads in other blocks, or
    # fail to see the update to the previous row from their opposite thread.

    col = cuda.grid(1)
    g = cuda.cg.this_grid()

    rows = M.shape[0]
    cols = M.shape[1]

    for row in range(1, rows):
        opposite = cols - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()
