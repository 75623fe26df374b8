# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn) in its
# tests; here they carry @cuda.jit and the cases give SIG.
import numpy as np
from numba import cuda
from numba.cuda import int32, int64, float32, float64


# TestCudaWarpOperations.test_useful_syncwarp
@cuda.jit
def useful_syncwarp(ary):
    i = cuda.grid(1)
    if i == 0:
        ary[0] = 42
    cuda.syncwarp(0xFFFFFFFF)
    ary[i] = ary[0]


# TestCudaWarpOperations.test_shfl_sync_idx
@cuda.jit
def use_shfl_sync_idx(ary, idx):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, i, idx)
    ary[i] = val


# TestCudaWarpOperations.test_shfl_sync_up
@cuda.jit
def use_shfl_sync_up(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_up_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


# TestCudaWarpOperations.test_shfl_sync_down
@cuda.jit
def use_shfl_sync_down(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_down_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


# TestCudaWarpOperations.test_shfl_sync_xor
@cuda.jit
def use_shfl_sync_xor(ary, xor):
    i = cuda.grid(1)
    val = cuda.shfl_xor_sync(0xFFFFFFFF, i, xor)
    ary[i] = val


# TestCudaWarpOperations.test_shfl_sync_types
@cuda.jit
def use_shfl_sync_with_val(ary, into):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, into, 0)
    ary[i] = val


# TestCudaWarpOperations.test_vote_sync_all
@cuda.jit
def use_vote_sync_all(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


# TestCudaWarpOperations.test_vote_sync_any
@cuda.jit
def use_vote_sync_any(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


# TestCudaWarpOperations.test_vote_sync_eq
@cuda.jit
def use_vote_sync_eq(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.eq_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


# TestCudaWarpOperations.test_vote_sync_ballot
@cuda.jit
def use_vote_sync_ballot(ary):
    i = cuda.threadIdx.x
    ballot = cuda.ballot_sync(0xFFFFFFFF, True)
    ary[i] = ballot


# TestCudaWarpOperations.test_match_any_sync
@cuda.jit
def use_match_any_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot = cuda.match_any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot


# TestCudaWarpOperations.test_match_all_sync
@cuda.jit
def use_match_all_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot, pred = cuda.match_all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot if pred else 0


# TestCudaWarpOperations.test_independent_scheduling
@cuda.jit
def use_independent_scheduling(arr):
    i = cuda.threadIdx.x
    if i % 4 == 0:
        ballot = cuda.ballot_sync(0x11111111, True)
    elif i % 4 == 1:
        ballot = cuda.ballot_sync(0x22222222, True)
    elif i % 4 == 2:
        ballot = cuda.ballot_sync(0x44444444, True)
    elif i % 4 == 3:
        ballot = cuda.ballot_sync(0x88888888, True)
    arr[i] = ballot


# TestCudaWarpOperations.test_vote_sync_type_validation
@cuda.jit
def use_vote_sync_all_with_mask(mask, predicate, result):
    i = cuda.grid(1)
    if i < result.shape[0]:
        result[i] = cuda.all_sync(mask[i], predicate[i])


# TestCudaWarpOperations.test_vote_sync_type_validation
@cuda.jit
def use_vote_sync_all_with_literal(result):
    i = cuda.grid(1)
    if i < result.shape[0]:
        result[i] = cuda.all_sync(0xFFFFFFFF, 1)


# TestCudaWarpOperations.test_vote_sync_type_validation
@cuda.jit
def use_vote_sync_all_with_predicate_literal(mask, result):
    i = cuda.grid(1)
    if i < mask.shape[0]:
        result[i] = cuda.all_sync(mask[i], 1)


# TestCudaWarpOperations.test_activemask
@cuda.jit
def use_activemask(x):
    i = cuda.grid(1)
    if (i % 2) == 0:
        # Even numbered threads fill in even numbered array entries
        # with binary "...01010101"
        x[i] = cuda.activemask()
    else:
        # Odd numbered threads fill in odd numbered array entries
        # with binary "...10101010"
        x[i] = cuda.activemask()


# TestCudaWarpOperations.test_lanemask_lt
@cuda.jit
def use_lanemask_lt(x):
    i = cuda.grid(1)
    x[i] = cuda.lanemask_lt()
