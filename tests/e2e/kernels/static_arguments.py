# Device functions specialised on compile-time arguments, as numba-cuda's
# atomics tests write them: a builtin (cuda.atomic.add), a device function,
# a dtype, integer and tuple literals (the shapes of shared and local
# arrays) and a boolean, all passed as arguments.
import numpy as np
from numba import cuda
from numba.cuda import uint32, float32, int64


@cuda.jit(device=True)
def cast_none(num):
    return num


@cuda.jit(device=True)
def cast_to_int(num):
    return int(num)


@cuda.jit(device=True)
def histogram_1d(ary, idx, op2, ary_dtype, n, binop, cast, init, neg_idx):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(n, ary_dtype)
    sm[tid] = init
    cuda.syncthreads()
    b = cast(idx[tid] % n)
    if neg_idx:
        b = b - n
    binop(sm, b, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def combine_2d(ary, op2, ary_dtype, shape, binop, y_cast):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array(shape, ary_dtype)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    binop(sm, (tx, y_cast(ty)), op2)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit(device=True)
def local_prefix(x, i, n, dtype):
    acc = cuda.local.array(n, dtype)
    total = dtype(0)
    for k in range(n):
        acc[k] = x[(i + k) % x.shape[0]]
        total += acc[k]
    return total


@cuda.jit("void(uint32[:], uint32[:])")
def count_uint32(ary, idx):
    histogram_1d(ary, idx, 1, uint32, 32, cuda.atomic.add, cast_none, 0, False)


@cuda.jit("void(uint32[:], uint32[:])")
def count_uint32_negative(ary, idx):
    histogram_1d(ary, idx, 1, uint32, 32, cuda.atomic.add, cast_to_int, 0, True)


@cuda.jit("void(float32[:], uint32[:])")
def max_float32(ary, idx):
    histogram_1d(ary, idx, 2.5, float32, 32, cuda.atomic.max, cast_none, -1.0, False)


@cuda.jit("void(uint32[:, :])")
def add_2d(ary):
    combine_2d(ary, 3, uint32, (4, 8), cuda.atomic.add, cast_none)


@cuda.jit("void(float32[:], float32[:], int64[:], int64[:])")
def window_sums(x, out32, xi, out64):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out32[i] = local_prefix(x, i, 4, float32)
        out64[i] = local_prefix(xi, i, 7, int64)
