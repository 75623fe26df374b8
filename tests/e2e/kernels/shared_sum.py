"""The grid-stride sum with a shared-memory tree of the GPU workshop (000,
"Optimisation: reductions"), unchanged but for the signature: each thread
sums a grid-stride slice, the block reduces its 256 partial sums in shared
memory, and thread 0 adds the block's sum to acc[0] with cuda.atomic.add.

PENDING ATOMICS: compiled and run by case_shared_sum in test_examples.py's
ATOMIC_CASES, which the lead enables when cuda.atomic.add lands."""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def sum(xs, acc):
    # Allocate a shared array sized to match the threads per block
    shared = cuda.shared.array(256, dtype=np.float64)

    # Each thread performs a partial sum
    _acc = float(0)
    for i in range(cuda.grid(1), len(xs), cuda.gridsize(1)):
        _acc += xs[i]

    # Every thread loads its partial sum into its associated shared memory address
    tid = cuda.threadIdx.x  # thread ID - not grid ID!
    shared[tid] = _acc

    # Reduction of the shared memory across the thread block
    for offset in (128, 64, 32, 16, 8, 4, 2, 1):
        cuda.syncthreads()
        if tid < offset:
            shared[tid] += shared[tid + offset]

    # Thread ID=0 adds the entire thread block sum to global memory
    if tid == 0:
        cuda.atomic.add(acc, 0, shared[0])
