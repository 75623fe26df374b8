# numba's literal_unroll: loops over tuples whose items differ in type, the
# body compiled once per item (numba-cuda's test_array_reductions iterates
# module-level tuples of arrays so).
import numpy as np
from numba import cuda, literal_unroll

# Arrays of four dtypes and two ranks, one a reversed view, frozen at
# compile time; written as numba-cuda's tests write them (np.float64([...])).
TABLES = (
    np.int32([3, -1, 4, 1, -5]),
    np.float64([[0.5, float("inf")], [2.5, -3.5]])[::-1],
    np.array([True, False, True, True]),
    np.float32([1.25, float("nan"), -0.5]),
)


# Items of one loop: a Python int, a float, a float32, a bool and an
# argument's element, with continue, break and else taken per invocation.
@cuda.jit("void(float64[::1], float64[::1])")
def mixed(x, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        acc = 0.0
        for v in literal_unroll((1, 2.5, np.float32(0.25), True, x[i])):
            if v == 2.5 and i % 3 == 0:
                continue
            if i % 5 == 4 and v == 0.25:
                break
            acc += v * 2
        else:
            acc += 1000
        out[i] = acc


# A tuple of arrays bound at module level: reductions of each, its rank, a
# variable holding it, and a nested literal_unroll loop.
@cuda.jit("void(float64[:, ::1])")
def tables(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        k = 0
        for a in literal_unroll(TABLES):
            out[i, k] = np.nansum(a) + np.nanmax(a) * 10 + a.ndim * 100 + a.size * 1000
            out[i, k + 4] = a.min()
            k += 1
        s = 0.0
        t = (np.int32(i), 0.5 * i, i % 2 == 0)
        for v in literal_unroll(t):
            for w in literal_unroll((2, 0.25)):
                s += v * w
        out[i, 8] = s


# literal_unroll over a tuple of one type that is not written in the
# source (a device function's argument): an ordinary loop.
@cuda.jit(device=True)
def total(t):
    s = 0.0
    for v in literal_unroll(t):
        s += v
    return s


@cuda.jit("void(float32[::1], float64[::1])")
def uniform(x, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = total((x[i], x[i] * np.float32(2), np.float32(0.5)))


# The tuple literal is evaluated once, before the loop, as in Python: items
# that read a variable or an array the body then changes keep their values.
@cuda.jit("void(float64[::1], float64[::1])")
def evaluated_once(x, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        s = x[i]
        acc = 0.0
        for v in literal_unroll((s, 1, x[i] * 2, np.int32(i))):
            s += 10
            x[i] = -1.0
            acc = acc * 3 + v
        out[i] = acc + s
