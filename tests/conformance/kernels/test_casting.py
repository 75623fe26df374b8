# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_casting.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# TestCasting._create_wrapped(pyfunc, intype, outtype) compiles pyfunc as a
# device function, wrapped_func = cuda.jit(device=True)(pyfunc), and a
# kernel cuda_wrapper_fn that calls it through that closure variable. Here
# the module-level functions the result-checking tests use are
# @cuda.jit(device=True), and each has its own cuda_wrapper_fn
# (cuda_wrapper_fn_<pyfunc>) calling it in wrapped_func's place; the kernels
# are compiled lazily upstream (@cuda.jit), so each case gives the
# signature. (native_cast, to_uint8 ... to_uint64 and the reference_* host
# functions are used only by PTX tests or on the host: not ported.)
import numpy as np

from numba import cuda
from numba.cuda import types


# TestCasting.test_float_to_int, test_float_to_uint
@cuda.jit(device=True)
def to_int8(x):
    return np.int8(x)


# TestCasting.test_float_to_int, test_float_to_uint
@cuda.jit(device=True)
def to_int16(x):
    return np.int16(x)


# TestCasting.test_float_to_int, test_float_to_uint
@cuda.jit(device=True)
def to_int32(x):
    return np.int32(x)


# TestCasting.test_float_to_int, test_float_to_uint
@cuda.jit(device=True)
def to_int64(x):
    return np.int64(x)


# TestCasting.test_int_to_float, test_float_to_float
@cuda.jit(device=True)
def to_float16(x):
    # When division and operators on float16 types are supported, this should
    # be changed to match the implementation in to_float32.
    return np.float16(x) * np.float16(0.5)


# TestCasting.test_int_to_float, test_float_to_float
@cuda.jit(device=True)
def to_float32(x):
    return np.float32(x) / np.float32(2)


# TestCasting.test_int_to_float, test_float_to_float
@cuda.jit(device=True)
def to_float64(x):
    return np.float64(x) / np.float64(2)


# TestCasting.test_float_to_complex
@cuda.jit(device=True)
def to_complex64(x):
    return np.complex64(x)


# TestCasting.test_float_to_complex
@cuda.jit(device=True)
def to_complex128(x):
    return np.complex128(x)


# TestCasting.test_literal_to_float16
@cuda.jit(device=True)
def cuda_int_literal_to_float16(x):
    # Note that we need to use `2` and not `np.float16(2)` to ensure that this
    # types as a literal int and not a const float16.
    return cuda.fp16.hmul(np.float16(x), 2)


# TestCasting.test_literal_to_float16
@cuda.jit(device=True)
def cuda_float_literal_to_float16(x):
    # Note that `2.5` types as a const float64 and not a literal float, but
    # this case is provided in case that changes in future.
    return cuda.fp16.hmul(np.float16(x), 2.5)


# TestCasting.test_float_to_int, test_float_to_uint (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_int8)
@cuda.jit
def cuda_wrapper_fn_to_int8(arg, res):
    res[0] = to_int8(arg[0])


# TestCasting.test_float_to_int, test_float_to_uint (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_int16)
@cuda.jit
def cuda_wrapper_fn_to_int16(arg, res):
    res[0] = to_int16(arg[0])


# TestCasting.test_float_to_int, test_float_to_uint (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_int32)
@cuda.jit
def cuda_wrapper_fn_to_int32(arg, res):
    res[0] = to_int32(arg[0])


# TestCasting.test_float_to_int, test_float_to_uint (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_int64)
@cuda.jit
def cuda_wrapper_fn_to_int64(arg, res):
    res[0] = to_int64(arg[0])


# TestCasting.test_int_to_float, test_float_to_float (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_float16)
@cuda.jit
def cuda_wrapper_fn_to_float16(arg, res):
    res[0] = to_float16(arg[0])


# TestCasting.test_int_to_float, test_float_to_float (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_float32)
@cuda.jit
def cuda_wrapper_fn_to_float32(arg, res):
    res[0] = to_float32(arg[0])


# TestCasting.test_int_to_float, test_float_to_float (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_float64)
@cuda.jit
def cuda_wrapper_fn_to_float64(arg, res):
    res[0] = to_float64(arg[0])


# TestCasting.test_float_to_complex (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_complex64)
@cuda.jit
def cuda_wrapper_fn_to_complex64(arg, res):
    res[0] = to_complex64(arg[0])


# TestCasting.test_float_to_complex (_create_wrapped's cuda_wrapper_fn, wrapped_func = to_complex128)
@cuda.jit
def cuda_wrapper_fn_to_complex128(arg, res):
    res[0] = to_complex128(arg[0])


# TestCasting.test_literal_to_float16 (_create_wrapped's cuda_wrapper_fn, wrapped_func = cuda_int_literal_to_float16)
@cuda.jit
def cuda_wrapper_fn_cuda_int_literal_to_float16(arg, res):
    res[0] = cuda_int_literal_to_float16(arg[0])


# TestCasting.test_literal_to_float16 (_create_wrapped's cuda_wrapper_fn, wrapped_func = cuda_float_literal_to_float16)
@cuda.jit
def cuda_wrapper_fn_cuda_float_literal_to_float16(arg, res):
    res[0] = cuda_float_literal_to_float16(arg[0])
