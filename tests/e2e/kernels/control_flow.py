"""Python semantics that are easy to get wrong: floor division and modulo of
negative numbers, division by zero (0, as numba.cuda), range() with a
negative and a run-time step, break/continue, chained comparisons, and
short-circuit and/or with side-effect-free operands."""
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int32[::1], int32)")
def semantics(a, b, out, step):
    i = cuda.grid(1)
    if i >= a.shape[0]:
        return
    x = a[i]
    y = b[i]
    total = x // y + 3 * (x % y)
    for k in range(10, -10, step):
        if k % 4 == 0:
            continue
        if k < -7:
            break
        total += k
    if -50 < x <= 50 and (y > 0 or x < 0):
        total += 1000
    n = 0
    while n < 5:
        n += 1
        if n == x % 5:
            break
    else:
        total += 7
    out[i] = total + n * 100000
