"""Shuffles whose source lane is outside the subgroup: CUDA returns the
invocation's own value for shfl_down/up/xor and reads lane src modulo the
width for shfl_sync (SPIR-V leaves them undefined; lavapipe wraps round)."""
import numpy as np
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(int32[::1], float64[::1], int64[::1], int32[::1], float64[::1])")
def cuda_edges(deltas, x, k, out, outf):
    i = cuda.grid(1)
    d = deltas[0]
    v = np.int32(i * 3 + 1)
    out[9 * i] = cuda.shfl_down_sync(0xffffffff, v, d)
    out[9 * i + 1] = cuda.shfl_up_sync(0xffffffff, v, d)
    out[9 * i + 2] = cuda.shfl_xor_sync(0xffffffff, v, d)
    out[9 * i + 3] = cuda.shfl_sync(0xffffffff, v, d + cuda.laneid)
    out[9 * i + 4] = np.int32(cuda.shfl_down_sync(0xffffffff, k[i], d))
    out[9 * i + 5] = np.int32(cuda.shfl_up_sync(0xffffffff, k[i], d))
    out[9 * i + 6] = cuda.shfl_down_sync(0xffffffff, v, 1)
    out[9 * i + 7] = cuda.shfl_up_sync(0xffffffff, v, 1)
    outf[2 * i] = cuda.shfl_down_sync(0xffffffff, x[i], d)
    outf[2 * i + 1] = cuda.shfl_xor_sync(0xffffffff, x[i], d)
    out[9 * i + 8] = cuda.laneid + 1000 * cuda.warpsize


@nv.jit("void(int32[::1], float32[::1], int32[::1], float32[::1])")
def nv_edges(deltas, x, out, outf):
    i = nv.global_id(0)
    d = deltas[0]
    v = np.int32(i * 5 - 7)
    out[4 * i] = nv.subgroup.shuffle_down(v, d)
    out[4 * i + 1] = nv.subgroup.shuffle_up(v, d)
    out[4 * i + 2] = nv.subgroup.shuffle_xor(v, d)
    out[4 * i + 3] = nv.subgroup.shuffle(v, d)
    outf[i] = nv.subgroup.shuffle_down(x[i], d)
