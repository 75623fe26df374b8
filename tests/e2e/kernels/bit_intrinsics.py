# numba.cuda's integer intrinsics on every integer dtype: cuda.popc, cuda.clz,
# cuda.ffs, cuda.brev, int.bit_count() and cuda.selp. One entry point per
# dtype (the signature list), each writing popc, clz, ffs, bit_count and brev
# of every element.
import numpy as np
from numba import cuda

@cuda.jit(["void(int8[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(int16[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(int32[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(int64[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(uint8[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(uint16[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(uint32[:], int64[:], int64[:], int64[:], int64[:], uint64[:])",
           "void(uint64[:], int64[:], int64[:], int64[:], int64[:], uint64[:])"])
def bits(x, popc, clz, ffs, count, brev):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        popc[i] = cuda.popc(v)
        clz[i] = cuda.clz(v)
        ffs[i] = cuda.ffs(v)
        count[i] = v.bit_count()
        brev[i] = cuda.brev(v)


@cuda.jit("void(int64[:], float64[:], int32[:], int64[:], float64[:], int32[:])")
def select(a, b, c, out_a, out_b, out_c):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out_a[i] = cuda.selp(a[i] > 0, a[i], -a[i])
        out_b[i] = cuda.selp(i % 3, b[i], 2.5)
        out_c[i] = cuda.selp(c[i] < 5, c[i], np.int32(5))
