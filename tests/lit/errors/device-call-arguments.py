# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# Python's errors for arguments that do not bind to a device function's
# parameters.
from numba import cuda


@cuda.jit(device=True)
def f(x, y=1):
    return x + y


@cuda.jit("void(float64[::1])")
def unexpected(a):
    a[0] = f(a[0], z=2)


@cuda.jit("void(float64[::1])")
def twice(a):
    a[0] = f(a[0], x=2)


@cuda.jit("void(float64[::1])")
def missing(a):
    a[0] = f(y=2)


@cuda.jit("void(float64[::1])")
def too_many(a):
    a[0] = f(a[0], 1, 2)

# CHECK: device-call-arguments.py:14:20: error: f() got an unexpected keyword argument 'z'
# CHECK: device-call-arguments.py:19:20: error: f() got multiple values for argument 'x'
# CHECK: device-call-arguments.py:24:12: error: f() missing required argument 'x'
# CHECK: device-call-arguments.py:29:12: error: f() takes 2 positional arguments but 3 were given
