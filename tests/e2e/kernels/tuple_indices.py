# Array indices held in a tuple value: `a[cuda.grid(2)]`, `a[idx]` with idx a
# tuple variable (negative items count from the end), and atomics' tuple
# indices, whose float items convert to intp as numba-cuda's atomics do.
import cmath
import math
from numba import cuda


@cuda.jit("void(float64[:, :], float64[:, :], int64[:, :])")
def scaled_copy(a, b, back):
    gid = cuda.grid(2)
    if gid[0] < a.shape[0] and gid[1] < a.shape[1]:
        b[gid] = a[gid] * 2.0
        mirror = (-1 - gid[0], -1 - gid[1])
        back[gid] = int(a[mirror] * 1000.0)


@cuda.jit("void(uint32[:, :], float64[:, :])")
def tuple_atomics(ary, shifts):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    b = (tx, ty)
    if shifts[tx, ty] > 0.5:
        b = (b[0], (b[1] + 1) % 8.0)   # Tuple(int64, float64), as upstream's
    cuda.atomic.add(ary, b, 1)


# f(*t): a tuple unpacked into a call's arguments (numba-cuda's
# complex_usecases write complex(*cmath.polar(x))); round(x, ndigits).
@cuda.jit("void(complex128[::1], complex128[::1], float64[::1])")
def unpacked(z, back, r):
    i = cuda.grid(1)
    if i < z.shape[0]:
        back[i] = cmath.rect(*cmath.polar(z[i]))
        pair = (z[i].real, z[i].imag)
        r[i] = math.hypot(*pair) + round(z[i].real, 2)
