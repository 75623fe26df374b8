# Every atomic operation of numba.cuda (cuda.atomic.*) and numba-vulkan
# (nv.atomic.*), on array arguments and shared arrays, with the previous
# values they return written out so the test can check them too.
import numpy as np
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(int32[:], int32[:], int32[:], uint32[:], uint32[:], int64[:], int32[:])")
def integer_atomics(values, counts, olds, bits, wraps, wide, claims):
    i = cuda.grid(1)
    if i < values.shape[0]:
        v = values[i]
        olds[i] = cuda.atomic.add(counts, 0, 1)        # olds: a permutation of 0..n-1
        cuda.atomic.sub(counts, 1, v)
        cuda.atomic.max(counts, 2, v)
        cuda.atomic.min(counts, 3, v)
        olds[values.shape[0] + i] = cuda.atomic.exch(counts, 4, i)
        cuda.atomic.and_(bits, 0, np.uint32(v))
        cuda.atomic.or_(bits, 1, np.uint32(v))
        cuda.atomic.xor(bits, 2, np.uint32(v))
        cuda.atomic.max(bits, 3, np.uint32(v))          # unsigned: negative v are large
        cuda.atomic.min(bits, 4, np.uint32(v))
        cuda.atomic.inc(wraps, 0, np.uint32(6))         # counts 0..6, then wraps to 0
        cuda.atomic.dec(wraps, 1, np.uint32(4))
        nv.atomic.add(wide, 0, np.int64(v))             # int64 array, 32-bit on the device
        if cuda.atomic.cas(claims, 0, 0, i + 1) == 0:   # exactly one invocation wins
            cuda.atomic.add(claims, 1, 1)


@cuda.jit(["void(float32[:], float32[:], float32[:])",
           "void(float64[:], float64[:], float64[:])"])
def float_atomics(x, acc, olds):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        olds[i] = cuda.atomic.add(acc, 0, v)
        cuda.atomic.sub(acc, 1, v)
        cuda.atomic.max(acc, 2, v)
        cuda.atomic.min(acc, 3, v)
        nv.atomic.max(acc, 4, v)
        cuda.atomic.nanmax(acc, 5, v)
        cuda.atomic.nanmin(acc, 6, v)
        olds[x.shape[0] + i] = cuda.atomic.exch(acc, 7, v)


# A histogram in shared memory (integer and float atomics on workgroup
# memory), flushed with one global atomic per bin and workgroup; and a 2-D
# histogram with tuple indices.
@cuda.jit("void(int32[:], float32[:], int32[:], float32[:], int32[:, :])")
def histogram(keys, weights, counts, sums, grid2d):
    bins = cuda.shared.array(16, np.int32)
    wsum = cuda.shared.array(16, np.float32)
    t = cuda.threadIdx.x
    if t < 16:
        bins[t] = 0
        wsum[t] = np.float32(0)
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < keys.shape[0]:
        k = keys[i]
        cuda.atomic.add(bins, k, 1)
        cuda.atomic.add(wsum, k, weights[i])
        cuda.atomic.add(grid2d, (k // 4, k % 4), 1)
    cuda.syncthreads()
    if t < 16:
        cuda.atomic.add(counts, t, bins[t])
        cuda.atomic.add(sums, t, wsum[t])


@cuda.jit("void(int32[:], int32[:])")
def compare_and_swap_first(slot, olds):
    # numba.cuda's compare_and_swap: cas on slot[0]; exactly one invocation
    # finds the 0 it expects, every other one finds the winner's i + 1.
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i] = cuda.atomic.compare_and_swap(slot, 0, i + 1)


# nanmax and nanmin of integers are max and min (numba-cuda's atomics
# take every 32- and 64-bit integer type).
@cuda.jit(["void(int32[:], int32[:])", "void(int64[:], int64[:])",
           "void(uint32[:], uint32[:])", "void(uint64[:], uint64[:])"])
def integer_nan_extrema(x, acc):
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.nanmax(acc, 0, x[i])
        cuda.atomic.nanmin(acc, 1, x[i])
