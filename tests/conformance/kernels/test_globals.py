# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_globals.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels and the module constants they read, as upstream wrote them.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn) in its
# tests; here they carry @cuda.jit and the cases give SIG.
import numpy as np
from numba import cuda
from numba.cuda import int32, float32

N = 100


# TestCudaTestGlobal.test_global_int_const
@cuda.jit
def simple_smem(ary):
    sm = cuda.shared.array(N, int32)
    i = cuda.grid(1)
    if i == 0:
        for j in range(N):
            sm[j] = j
    cuda.syncthreads()
    ary[i] = sm[i]


S0 = 10
S1 = 20


# TestCudaTestGlobal.test_global_tuple_const (skipped upstream: @unittest.SkipTest)
@cuda.jit
def coop_smem2d(ary):
    i, j = cuda.grid(2)
    sm = cuda.shared.array((S0, S1), float32)
    sm[i, j] = (i + 1) / (j + 1)
    cuda.syncthreads()
    ary[i, j] = sm[i, j]
