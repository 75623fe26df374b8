# The reductions of the seeds that end in atomics, unchanged but for the
# signatures: block_sums and total from 004_…txt ("Workgroups, shared memory
# and atomics", "Subgroups"), and the two grid-stride sums of 000_…txt
# (one atomic per thread; shared-memory tree with one atomic per block).
import numpy as np
from numba import cuda
import numba_vulkan as nv


@nv.jit("void(float32[:], float32[:])")
def block_sums(x, out):
    partial = nv.shared.array(256, np.float32)
    t = nv.local_id(0)
    i = nv.global_id(0)
    partial[t] = x[i] if i < x.shape[0] else np.float32(0)
    nv.barrier()
    step = 128
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        nv.barrier()
        step //= 2
    if t == 0:
        nv.atomic.add(out, 0, partial[0])


@nv.jit("void(float32[:], float32[:])")
def total(x, out):
    partial = nv.shared.array(32, np.float32)    # one value per subgroup
    i = nv.global_id(0)
    v = nv.subgroup.sum(x[i] if i < x.shape[0] else np.float32(0))
    if nv.subgroup.elect():
        partial[nv.subgroup.id()] = v
    nv.barrier()
    if nv.subgroup.id() == 0:
        lane = nv.subgroup.lane()
        v = partial[lane] if lane < nv.subgroup.count() else np.float32(0)
        v = nv.subgroup.sum(v)
        if nv.subgroup.elect():
            nv.atomic.add(out, 0, v)                 # one atomic per workgroup


@cuda.jit("void(float64[:], float32[:])")
def sum_atomic(xs, acc):
    # Each thread performs a partial sum
    _acc = 0
    for i in range(cuda.grid(1), len(xs), cuda.gridsize(1)):
        _acc += xs[i]

    cuda.atomic.add(acc, 0, _acc)


@cuda.jit("void(float64[:], float32[:])")
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
