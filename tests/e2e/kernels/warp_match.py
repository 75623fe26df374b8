# numba.cuda's cuda.match_any_sync, match_all_sync and eq_sync on every
# lane of full subgroups, and cuda.cbrt; also a dtype given by name
# (cuda.local.array(n, dtype="int32")) and libdevice imported from numba.cuda.
from numba import cuda
from numba.cuda import libdevice
from numba.cuda import float32 as numba_float32


@cuda.jit("void(int64[::1], uint32[::1], uint32[::1], boolean[::1], boolean[::1], int32[::1], "
          "uint32[::1])")
def matches(keys, any_lanes, all_lanes, all_same, eq, size, below):
    i = cuda.grid(1)
    v = keys[i]
    below[i] = cuda.lanemask_lt()
    any_lanes[i] = cuda.match_any_sync(0xffffffff, v)
    m, p = cuda.match_all_sync(0xffffffff, v)
    all_lanes[i] = m
    all_same[i] = p
    eq[i] = cuda.eq_sync(0xffffffff, v > 1)
    size[i] = cuda.warpsize


@cuda.jit("void(float64[::1], float32[::1], float64[::1], int32[::1])")
def roots(x, r32, r64, named):
    i = cuda.grid(1)
    if i < x.shape[0]:
        r32[i] = cuda.cbrt(numba_float32(x[i]))
        r64[i] = libdevice.cbrt(x[i])
        tmp = cuda.local.array(2, dtype="int32")
        tmp[0] = i
        tmp[1] = 3
        named[i] = tmp[0] * tmp[1]
