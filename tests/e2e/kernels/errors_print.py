# Exceptions and printing from kernels (docs/language.md "Errors" and
# "Printing"; 004_…txt *Errors*, *Printing*). tests/e2e/test_examples.py
# checks what nvc-run reports and prints against Python's own formatting.
import math

import numpy as np
from numba import cuda
import numba_vulkan as nv


class DomainError(ValueError):
    pass


class NegativeInput(DomainError):
    pass


@cuda.jit(device=True)
def checked_log(x):
    if x <= 0:
        raise ValueError("log of a non-positive number")
    return math.log(x)


# 004's example: the invocations with x <= 0 raise in the device function,
# the others store their logarithm.
@cuda.jit("void(float64[::1], float64[::1])")
def log_kernel(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = checked_log(x[i])


# A raise in the kernel itself, of a class of this file (two levels below
# ValueError), without arguments; and an assert with a message.
@cuda.jit("void(int32[::1], int32[::1])")
def user_class(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        if x[i] < 0:
            raise NegativeInput
        out[i] = x[i] * 2


@cuda.jit("void(float32[::1], float32[::1])")
def asserts(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        assert x[i] < 100, "x must stay below 100"
        out[i] = x[i] + np.float32(1)


# A device function that raises under a loop: the loop stops at the raise.
@cuda.jit(device=True)
def row_total(a, i, n):
    s = 0
    for j in range(n):
        if a[i, j] < 0:
            raise DomainError("negative entry", 3)
        s += a[i, j]
    return s


@cuda.jit("void(int32[:, ::1], int32[::1])")
def row_sums(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = row_total(a, i, a.shape[1])


# error_model="python": each operator by zero raises with Numba's message;
# the same code without it gives numba.cuda's 0 / inf / nan.
@cuda.jit("void(int64[::1], int64[::1], float64[::1], float64[::1], complex128[::1], "
          "complex128[::1], int64[::1], float64[::1], complex128[::1], int64)",
          error_model="python")
def python_divisions(a, b, fa, fb, ca, cb, q, fq, cq, op):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if op == 0:
            q[i] = a[i] // b[i]
        elif op == 1:
            q[i] = a[i] % b[i]
        elif op == 2:
            fq[i] = a[i] / b[i]
        elif op == 3:
            fq[i] = fa[i] / fb[i]
        elif op == 4:
            fq[i] = fa[i] // fb[i]
        elif op == 5:
            fq[i] = fa[i] % fb[i]
        else:
            cq[i] = ca[i] / cb[i]


@cuda.jit("void(int64[::1], int64[::1], float64[::1], float64[::1], complex128[::1], "
          "complex128[::1], int64[::1], float64[::1], complex128[::1], int64)")
def numpy_divisions(a, b, fa, fb, ca, cb, q, fq, cq, op):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if op == 0:
            q[i] = a[i] // b[i]
        elif op == 1:
            q[i] = a[i] % b[i]
        elif op == 2:
            fq[i] = a[i] / b[i]
        elif op == 3:
            fq[i] = fa[i] / fb[i]
        elif op == 4:
            fq[i] = fa[i] // fb[i]
        elif op == 5:
            fq[i] = fa[i] % fb[i]
        else:
            cq[i] = ca[i] / cb[i]


# boundscheck=True: reads past the end raise IndexError naming the array;
# negative indices wrap first. Without it (`unchecked`) the kernel has no
# error buffer (the test launches it only in range).
@cuda.jit("void(float32[:, ::1], float32[::1], int64)", boundscheck=True)
def checked_read(a, out, k):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = a[k, i - a.shape[1]]


@cuda.jit("void(float32[::1], float32[::1])")
def unchecked(a, out):
    i = cuda.grid(1)
    out[i] = a[i]


# print() of every scalar type: one line per invocation.
@cuda.jit("void(boolean[::1], int8[::1], int16[::1], int32[::1], int64[::1], uint8[::1], "
          "uint16[::1], uint32[::1], uint64[::1], float32[::1], float64[::1], complex64[::1], "
          "complex128[::1])")
def print_all(b, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, c64, c128):
    i = cuda.grid(1)
    if i < b.shape[0]:
        print("row", i, b[i], i8[i], i16[i], i32[i], i64[i], u8[i], u16[i], u32[i], u64[i],
              f32[i], f64[i], c64[i], c128[i])


label = "tuple:"


@cuda.jit("void(float64[::1])")
def print_forms(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        print(label, (i, (x[i], True)), (i,))
        print()
        if i == 0:
            print(cuda.blockDim, "done")


# Prints and raises together: the invocations that raise print first.
@cuda.jit("void(int32[::1], int32[::1])")
def print_then_raise(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        print("visit", x[i])
        if x[i] % 7 == 3:
            raise RuntimeError("multiple of 7 plus 3")
        out[i] = x[i]


# A chain (@nv.chain): an invocation that raises in the first launch stops
# that launch only; the second launch still runs for it, as separate
# launches would (its input element is then undefined).
@cuda.jit("void(float32[::1], float32[::1])")
def halve_positive(x, out):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] < 0:
            raise ValueError("negative input")
        out[i] = x[i] / np.float32(2)


@cuda.jit("void(float32[::1], float32[::1])")
def report_double(y, out):
    i = cuda.grid(1)
    if i < y.size:
        if i == 0:
            print("second launch sees", y[i])
        out[i] = y[i] * np.float32(2)


@nv.chain
def halve_then_double(x, out):
    y = cuda.device_array_like(x)
    halve_positive[blocks, threads](x, y)
    report_double[blocks, threads](y, out)
