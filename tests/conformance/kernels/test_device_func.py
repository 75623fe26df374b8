# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_device_func.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from types import ModuleType

import numpy as np
from numba import cuda, jit
from numba.cuda import float32, int32, types


# TestDeviceFunc.test_use_add2f (add2f)
@cuda.jit("float32(float32, float32)", device=True)
def add2f(a, b):
    return a + b


# TestDeviceFunc.test_use_add2f (compiled with cuda.jit("void(float32[:])"))
@cuda.jit
def use_add2f(ary):
    i = cuda.grid(1)
    ary[i] = add2f(ary[i], ary[i])


# TestDeviceFunc.test_indirect_add2f (its add2f is test_use_add2f's, same body
# and signature)
@cuda.jit("float32(float32, float32)", device=True)
def indirect(a, b):
    return add2f(a, b)


# TestDeviceFunc.test_indirect_add2f (compiled with cuda.jit("void(float32[:])"))
@cuda.jit
def indirect_add2f(ary):
    i = cuda.grid(1)
    ary[i] = indirect(ary[i], ary[i])


# TestDeviceFunc.test_cpu_dispatcher (add, a CPU @jit function called on the
# device)
@jit
def add(a, b):
    return a + b


# TestDeviceFunc._check_cpu_dispatcher, from test_cpu_dispatcher (the
# closure's `add` is the module's)
@cuda.jit
def add_kernel(ary):
    i = cuda.grid(1)
    ary[i] = add(ary[i], 1)


# TestDeviceFunc.test_cpu_dispatcher_invalid (add with an explicit CPU
# signature, renamed from add; Numba refuses it on the device)
@jit("(i4, i4)")
def add_invalid(a, b):
    return a + b


# TestDeviceFunc._check_cpu_dispatcher, from test_cpu_dispatcher_invalid
# (renamed from add_kernel; the closure's `add` is add_invalid)
@cuda.jit
def add_kernel_invalid(ary):
    i = cuda.grid(1)
    ary[i] = add_invalid(ary[i], 1)


# TestDeviceFunc.test_cpu_dispatcher_other_module: `add` (a CPU @jit
# function) reached as an attribute of another module
mymod = ModuleType(name="mymod")
mymod.add = add


# TestDeviceFunc.test_cpu_dispatcher_other_module (renamed from add_kernel)
@cuda.jit
def add_kernel_other_module(ary):
    i = cuda.grid(1)
    ary[i] = mymod.add(ary[i], 1)


# TestDeviceFunc.test_device_casting
@cuda.jit("int32(int32, int32, int32, int32)", device=True)
def rgba(r, g, b, a):
    return (
        ((r & 0xFF) << 16)
        | ((g & 0xFF) << 8)
        | ((b & 0xFF) << 0)
        | ((a & 0xFF) << 24)
    )


# TestDeviceFunc.test_device_casting
@cuda.jit
def rgba_caller(x, channels):
    x[0] = rgba(channels[0], channels[1], channels[2], channels[3])
