# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_inline.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Each test compiles its own set_zero and call_set_zero; here they are named
# after the test (set_zero_always, call_set_zero_always, ...), and each
# call_set_zero calls its test's set_zero under that name.
import numpy as np
from numba import cuda
from numba.cuda import types

# TestCudaInline._test_call_inline, _test_call_forceinline (sig)
sig = (types.int32[::1],)


# TestCudaInline.test_call_inline_costmodel_false (cost_model)
def cost_model_false(expr, caller_info, callee_info):
    return False


# TestCudaInline.test_call_inline_costmodel_true (cost_model)
def cost_model_true(expr, caller_info, callee_info):
    return True


# TestCudaInline._test_call_inline, from test_call_inline_always (set_zero, inline="always")
@cuda.jit(inline="always")
def set_zero_always(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_always (call_set_zero)
@cuda.jit(sig)
def call_set_zero_always(a):
    set_zero_always(a)


# TestCudaInline._test_call_inline, from test_call_inline_never (set_zero, inline="never")
@cuda.jit(inline="never")
def set_zero_never(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_never (call_set_zero)
@cuda.jit(sig)
def call_set_zero_never(a):
    set_zero_never(a)


# TestCudaInline._test_call_inline, from test_call_inline_true (set_zero, inline=True)
@cuda.jit(inline=True)
def set_zero_true(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_true (call_set_zero)
@cuda.jit(sig)
def call_set_zero_true(a):
    set_zero_true(a)


# TestCudaInline._test_call_inline, from test_call_inline_false (set_zero, inline=False)
@cuda.jit(inline=False)
def set_zero_false(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_false (call_set_zero)
@cuda.jit(sig)
def call_set_zero_false(a):
    set_zero_false(a)


# TestCudaInline._test_call_inline, from test_call_inline_costmodel_false (set_zero, inline=cost_model_false)
@cuda.jit(inline=cost_model_false)
def set_zero_costmodel_false(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_costmodel_false (call_set_zero)
@cuda.jit(sig)
def call_set_zero_costmodel_false(a):
    set_zero_costmodel_false(a)


# TestCudaInline._test_call_inline, from test_call_inline_costmodel_true (set_zero, inline=cost_model_true)
@cuda.jit(inline=cost_model_true)
def set_zero_costmodel_true(a):
    a[0] = 0


# TestCudaInline._test_call_inline, from test_call_inline_costmodel_true (call_set_zero)
@cuda.jit(sig)
def call_set_zero_costmodel_true(a):
    set_zero_costmodel_true(a)


# TestCudaInline._test_call_forceinline, from test_call_forceinline_true (set_zero, forceinline=True)
@cuda.jit(forceinline=True)
def set_zero_force_true(a):
    a[0] = 0


# TestCudaInline._test_call_forceinline, from test_call_forceinline_true (call_set_zero)
@cuda.jit(sig)
def call_set_zero_force_true(a):
    set_zero_force_true(a)


# TestCudaInline._test_call_forceinline, from test_call_forceinline_false (set_zero, forceinline=False)
@cuda.jit(forceinline=False)
def set_zero_force_false(a):
    a[0] = 0


# TestCudaInline._test_call_forceinline, from test_call_forceinline_false (call_set_zero)
@cuda.jit(sig)
def call_set_zero_force_false(a):
    set_zero_force_false(a)
