# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_exception.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda


# TestException.test_exception (foo, compiled as unsafe_foo = cuda.jit(foo))
@cuda.jit
def foo(ary):
    x = cuda.threadIdx.x
    if x == 2:
        # NOTE: indexing with a out-of-bounds constant can fail at
        # compile-time instead (because the getitem is rewritten as a
        # static_getitem)
        ary.shape[-x]


# TestException.test_exception (the same foo, compiled as safe_foo =
# cuda.jit(debug=True, opt=False)(foo); renamed from foo)
@cuda.jit(debug=True, opt=False)
def safe_foo(ary):
    x = cuda.threadIdx.x
    if x == 2:
        # NOTE: indexing with a out-of-bounds constant can fail at
        # compile-time instead (because the getitem is rewritten as a
        # static_getitem)
        ary.shape[-x]


# TestException.test_user_raise (renamed from foo)
@cuda.jit(debug=True, opt=False)
def user_raise(do_raise):
    if do_raise:
        raise ValueError


# TestException.case_raise_causing_warp_diverge, from
# test_raise_causing_warp_diverge (with_debug_mode=False: debug=False, opt=True)
@cuda.jit(debug=False, opt=True)
def problematic(x, y):
    tid = cuda.threadIdx.x
    ntid = cuda.blockDim.x

    if tid > 12:
        for i in range(ntid):
            y[i] += x[i] // y[i]

    cuda.syncthreads()
    if tid < 17:
        for i in range(ntid):
            x[i] += x[i] // y[i]


# TestException.case_raise_causing_warp_diverge, from
# test_raise_causing_warp_diverge
@cuda.jit
def oracle(x, y):
    tid = cuda.threadIdx.x
    ntid = cuda.blockDim.x

    if tid > 12:
        for i in range(ntid):
            if y[i] != 0:
                y[i] += x[i] // y[i]

    cuda.syncthreads()
    if tid < 17:
        for i in range(ntid):
            if y[i] != 0:
                x[i] += x[i] // y[i]


# TestException.test_no_zero_division_error (renamed from f)
@cuda.jit
def no_zero_division_error(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0]


# TestException.test_zero_division_error_in_debug (renamed from f)
@cuda.jit(debug=True, opt=False)
def zero_division_error_in_debug(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0]


# TestException.test_raise_in_device_function
msg = "Device Function Error"


# TestException.test_raise_in_device_function
@cuda.jit(device=True)
def f():
    raise ValueError(msg)


# TestException.test_raise_in_device_function
@cuda.jit(debug=True, opt=False)
def kernel():
    f()
