# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# Each kernel's error is reported, not only the first kernel's (clang reports
# every function's errors); an error in a device function that two kernels
# call is reported once.
from numba import cuda


@cuda.jit(device=True)
def broken(x):
    return x + undefined_name


@cuda.jit("void(float32[::1])")
def first(x):
    x[0] = "text"


@cuda.jit("void(float32[::1])")
def second(x):
    x[0] = broken(x[0])


@cuda.jit("void(float32[::1])")
def third(x):
    x[0] = broken(x[0])


@cuda.jit("void(float32[::1])")
def fine(x):
    x[0] = 1.0

# CHECK: every-kernel-error.py:16:
# CHECK-SAME: error:
# CHECK: every-kernel-error.py:11:
# CHECK-SAME: error: name 'undefined_name' is not defined
# CHECK-NOT: error:
