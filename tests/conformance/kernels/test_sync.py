# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_sync.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them. Upstream compiles the module-level
# functions with cuda.jit(SIG)(fn) or cuda.jit(fn) in its tests; here they
# carry @cuda.jit and the cases give SIG.
import numpy as np
from numba import cuda
from numba.cuda import int32, float32


# TestCudaSync.test_useless_syncthreads
@cuda.jit
def useless_syncthreads(ary):
    i = cuda.grid(1)
    cuda.syncthreads()
    ary[i] = i


# TestCudaSync.test_useless_syncwarp
@cuda.jit
def useless_syncwarp(ary):
    i = cuda.grid(1)
    cuda.syncwarp()
    ary[i] = i


# TestCudaSync.test_useless_syncwarp_with_mask
@cuda.jit
def useless_syncwarp_with_mask(ary):
    i = cuda.grid(1)
    cuda.syncwarp(0xFFFF)
    ary[i] = i


# TestCudaSync.test_coop_syncwarp
@cuda.jit
def coop_syncwarp(res):
    sm = cuda.shared.array(32, int32)
    i = cuda.grid(1)

    sm[i] = i
    cuda.syncwarp()

    if i < 16:
        sm[i] = sm[i] + sm[i + 16]
        cuda.syncwarp(0xFFFF)

    if i < 8:
        sm[i] = sm[i] + sm[i + 8]
        cuda.syncwarp(0xFF)

    if i < 4:
        sm[i] = sm[i] + sm[i + 4]
        cuda.syncwarp(0xF)

    if i < 2:
        sm[i] = sm[i] + sm[i + 2]
        cuda.syncwarp(0x3)

    if i == 0:
        res[0] = sm[0] + sm[1]


# TestCudaSync.test_simple_smem
@cuda.jit
def simple_smem(ary):
    N = 100
    sm = cuda.shared.array(N, int32)
    i = cuda.grid(1)
    if i == 0:
        for j in range(N):
            sm[j] = j
    cuda.syncthreads()
    ary[i] = sm[i]


# TestCudaSync.test_coop_smem2d
@cuda.jit
def coop_smem2d(ary):
    i, j = cuda.grid(2)
    sm = cuda.shared.array((10, 20), float32)
    sm[i, j] = (i + 1) / (j + 1)
    cuda.syncthreads()
    ary[i, j] = sm[i, j]


# TestCudaSync.test_dyn_shared_memory
@cuda.jit
def dyn_shared_memory(ary):
    i = cuda.grid(1)
    sm = cuda.shared.array(0, float32)
    sm[i] = i * 2
    cuda.syncthreads()
    ary[i] = sm[i]


# TestCudaSync.test_threadfence_codegen
@cuda.jit
def use_threadfence(ary):
    ary[0] += 123
    cuda.threadfence()
    ary[0] += 321


# TestCudaSync.test_threadfence_block_codegen
@cuda.jit
def use_threadfence_block(ary):
    ary[0] += 123
    cuda.threadfence_block()
    ary[0] += 321


# TestCudaSync.test_threadfence_system_codegen
@cuda.jit
def use_threadfence_system(ary):
    ary[0] += 123
    cuda.threadfence_system()
    ary[0] += 321


# TestCudaSync.test_syncthreads_count*
@cuda.jit
def use_syncthreads_count(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_count(ary_in[i])


# TestCudaSync.test_syncthreads_and*
@cuda.jit
def use_syncthreads_and(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_and(ary_in[i])


# TestCudaSync.test_syncthreads_or*
@cuda.jit
def use_syncthreads_or(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_or(ary_in[i])
