# Python's operator module in kernels: each function is its operator, with
# Numba's typing (operator.truediv of integers is float64, floordiv and mod
# floor); also passed to a device function as a compile-time argument.
import operator
from numba import cuda


@cuda.jit(device=True)
def combine(op, a, b):
    return op(a, b)


@cuda.jit("void(int64[::1], int64[::1], int64[:, ::1], float64[::1], boolean[:, ::1])")
def integer_ops(a, b, out, quotient, tests):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x, y = a[i], b[i]
        out[i, 0] = operator.add(x, y)
        out[i, 1] = operator.sub(x, y)
        out[i, 2] = operator.mul(x, y)
        out[i, 3] = operator.floordiv(x, y)
        out[i, 4] = operator.mod(x, y)
        out[i, 5] = operator.and_(x, y)
        out[i, 6] = operator.or_(x, y)
        out[i, 7] = operator.xor(x, y)
        out[i, 8] = operator.lshift(x, y & 7)
        out[i, 9] = operator.rshift(x, y & 7)
        out[i, 10] = combine(operator.sub, y, x)
        quotient[i] = operator.truediv(x, y)
        tests[i, 0] = operator.lt(x, y)
        tests[i, 1] = operator.le(x, y)
        tests[i, 2] = operator.eq(x, y)
        tests[i, 3] = operator.ne(x, y)
        tests[i, 4] = operator.gt(x, y)
        tests[i, 5] = operator.ge(x, y)


@cuda.jit("void(float32[::1], float32[::1], float32[:, ::1])")
def float_ops(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = operator.add(a[i], b[i])
        out[i, 1] = operator.truediv(a[i], b[i])
        out[i, 2] = operator.pow(a[i], 2)
        out[i, 3] = combine(operator.mul, a[i], b[i])
