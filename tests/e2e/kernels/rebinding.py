# Variables re-bound to values of other types keep each binding's type where
# the bindings never meet, as Numba's SSA types them (x // d stays an integer
# division); where they meet (after if/else, around a loop) they unify. Also
# numba.cuda's vector types (cuda.float32x3, cuda.short2, .x .y .z .w) and
# loops over tuples of them.
from numba import cuda
from numba.cuda import float32


@cuda.jit("void(float64[:, ::1], int64[::1])")
def rebound(out, d):
    i = cuda.grid(1)
    if i < d.shape[0]:
        x = 7
        out[i, 0] = x // d[i]         # int64 floor division (0 for d == 0)
        out[i, 1] = x % d[i]
        x = 0.5
        out[i, 2] = x * 3
        if d[i] > 0:
            y = 1
        else:
            y = 2.5
        out[i, 3] = y                 # the two bindings meet: float64
        z = 0
        for k in range(3):
            z = z + 0.5               # loop-carried: one web, float64
        out[i, 4] = z
        t = 9007199254740993          # 2**53 + 1: exact only as an int64
        out[i, 5] = t - 9007199254740992
        t = 1.5
        out[i, 6] = t


@cuda.jit("void(float32[:, ::1], int16[::1])")
def vectors(out, s):
    i = cuda.grid(1)
    if i < s.shape[0]:
        one = float32(1.0)
        a = cuda.float32x2(one, float32(s[i]))
        b = cuda.float32x3(a, float32(2.0))
        c = cuda.float32x3(one, a)
        j = 0
        for v in (b, c):
            out[i, j] = v.x + v.y * 10 + v.z * 100
            j += 1
        for v in (a, cuda.float32x2(a.y, a.x)):
            out[i, j] = v.x - v.y
            j += 1
        w = cuda.short2(s[i], 3)
        out[i, j] = w.x * w.y
