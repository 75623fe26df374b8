# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_dispatcher.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles the module-level functions add and add_kernel with
# cuda.jit(SIGS)(fn) in many tests, each with its own signatures; each such
# compilation with a list of signatures (or device=True) is a copy of the
# function here, named after its test, decorated as the test compiles it.
import numpy as np
from numba import cuda
from numba.cuda.types import (
    boolean,
    float32,
    float64,
    int32,
    int64,
    uint32,
    void,
)


# TestDispatcher.test_coerce_input_types (cuda.jit(add_kernel), lazily, and
# cuda.jit("(i4[::1], i4, i4)")(add_kernel))
@cuda.jit
def add_kernel(r, x, y):
    r[0] = x + y


# TestDispatcher.test_lock
@cuda.jit
def foo(r, x):
    r[0] = x + 1


# TestDispatcher.test_explicit_signatures_strings (add_kernel)
@cuda.jit(
    [
        "(int64[::1], int64, int64)",
        "(float64[::1], float64, float64)",
    ]
)
def add_kernel_strings(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_tuples (add_kernel)
@cuda.jit([(int64[::1], int64, int64), (float64[::1], float64, float64)])
def add_kernel_tuples(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_signatures (add_kernel)
@cuda.jit(
    [
        void(int64[::1], int64, int64),
        void(float64[::1], float64, float64),
    ]
)
def add_kernel_signatures(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_mixed, tuple and string (add_kernel)
@cuda.jit([(int64[::1], int64, int64), "(float64[::1], float64, float64)"])
def add_kernel_mixed_tuple_string(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_mixed, tuple and Signature object
# (add_kernel)
@cuda.jit(
    [
        (int64[::1], int64, int64),
        void(float64[::1], float64, float64),
    ]
)
def add_kernel_mixed_tuple_signature(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_mixed, Signature object and string
# (add_kernel)
@cuda.jit(
    [
        void(int64[::1], int64, int64),
        "(float64[::1], float64, float64)",
    ]
)
def add_kernel_mixed_signature_string(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_same_type_class (add_kernel)
@cuda.jit(
    [
        "(float64[::1], float32, float32)",
        "(float64[::1], float64, float64)",
    ]
)
def add_kernel_same_type_class(r, x, y):
    r[0] = x + y


# TestDispatcher.test_explicit_signatures_device (add_device = cuda.jit(sigs,
# device=True)(add))
@cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)
def add_device_explicit(x, y):
    return x + y


# TestDispatcher.add_device_usecase, from test_explicit_signatures_device
# (f; add_device is add_device_explicit)
@cuda.jit
def f_explicit(r, x, y):
    r[0] = add_device_explicit(x, y)


# TestDispatcher.test_explicit_signatures_device_same_type_class (add_device)
@cuda.jit(["(float32, float32)", "(float64, float64)"], device=True)
def add_device_same_type_class(x, y):
    return x + y


# TestDispatcher.add_device_usecase, from
# test_explicit_signatures_device_same_type_class (f)
@cuda.jit
def f_same_type_class(r, x, y):
    r[0] = add_device_same_type_class(x, y)


# TestDispatcher.test_explicit_signatures_device_ambiguous (add_device)
@cuda.jit(["(float32, float64)", "(float64, float32)", "(int64, int64)"], device=True)
def add_device_ambiguous(x, y):
    return x + y


# TestDispatcher.add_device_usecase, from
# test_explicit_signatures_device_ambiguous (f)
@cuda.jit
def f_ambiguous(r, x, y):
    r[0] = add_device_ambiguous(x, y)


# TestDispatcher.test_explicit_signatures_device_unsafe, first part
# (add_device)
@cuda.jit(["(int64, int64)"], device=True)
def add_device_unsafe_int(x, y):
    return x + y


# TestDispatcher.add_device_usecase, from
# test_explicit_signatures_device_unsafe, first part (f)
@cuda.jit
def f_unsafe_int(r, x, y):
    r[0] = add_device_unsafe_int(x, y)


# TestDispatcher.test_explicit_signatures_device_unsafe, second part
# (add_device)
@cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)
def add_device_unsafe_int_float(x, y):
    return x + y


# TestDispatcher.add_device_usecase, from
# test_explicit_signatures_device_unsafe, second part (f)
@cuda.jit
def f_unsafe_int_float(r, x, y):
    r[0] = add_device_unsafe_int_float(x, y)

