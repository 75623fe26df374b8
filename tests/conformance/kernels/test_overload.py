# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_overload.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods, with
# the module-level functions and overloads they call (as upstream wrote them).
import numpy as np
from numba import cuda
from numba.cuda.extending import overload


# Dummy function definitions to overload


def generic_func_1():
    pass


def cuda_func_1():
    pass


def generic_func_2():
    pass


def cuda_func_2():
    pass


def generic_calls_generic():
    pass


def generic_calls_cuda():
    pass


def cuda_calls_generic():
    pass


def cuda_calls_cuda():
    pass


def target_overloaded():
    pass


def generic_calls_target_overloaded():
    pass


def cuda_calls_target_overloaded():
    pass


def target_overloaded_calls_target_overloaded():
    pass


def default_values_and_kwargs():
    pass


# To recognise which functions are resolved for a call, we identify each with a
# prime number. Each function called multiplies a value by its prime (starting
# with the value 1), and we can check that the result is as expected based on
# the final value after all multiplications.

GENERIC_FUNCTION_1 = 2
CUDA_FUNCTION_1 = 3
GENERIC_FUNCTION_2 = 5
CUDA_FUNCTION_2 = 7
GENERIC_CALLS_GENERIC = 11
GENERIC_CALLS_CUDA = 13
CUDA_CALLS_GENERIC = 17
CUDA_CALLS_CUDA = 19
GENERIC_TARGET_OL = 23
CUDA_TARGET_OL = 29
GENERIC_CALLS_TARGET_OL = 31
CUDA_CALLS_TARGET_OL = 37
GENERIC_TARGET_OL_CALLS_TARGET_OL = 41
CUDA_TARGET_OL_CALLS_TARGET_OL = 43


# Overload implementations


@overload(generic_func_1, target="generic")
def ol_generic_func_1(x):
    def impl(x):
        x[0] *= GENERIC_FUNCTION_1

    return impl


@overload(cuda_func_1, target="cuda")
def ol_cuda_func_1(x):
    def impl(x):
        x[0] *= CUDA_FUNCTION_1

    return impl


@overload(generic_func_2, target="generic")
def ol_generic_func_2(x):
    def impl(x):
        x[0] *= GENERIC_FUNCTION_2

    return impl


@overload(cuda_func_2, target="cuda")
def ol_cuda_func(x):
    def impl(x):
        x[0] *= CUDA_FUNCTION_2

    return impl


@overload(generic_calls_generic, target="generic")
def ol_generic_calls_generic(x):
    def impl(x):
        x[0] *= GENERIC_CALLS_GENERIC
        generic_func_1(x)

    return impl


@overload(generic_calls_cuda, target="generic")
def ol_generic_calls_cuda(x):
    def impl(x):
        x[0] *= GENERIC_CALLS_CUDA
        cuda_func_1(x)

    return impl


@overload(cuda_calls_generic, target="cuda")
def ol_cuda_calls_generic(x):
    def impl(x):
        x[0] *= CUDA_CALLS_GENERIC
        generic_func_1(x)

    return impl


@overload(cuda_calls_cuda, target="cuda")
def ol_cuda_calls_cuda(x):
    def impl(x):
        x[0] *= CUDA_CALLS_CUDA
        cuda_func_1(x)

    return impl


@overload(target_overloaded, target="generic")
def ol_target_overloaded_generic(x):
    def impl(x):
        x[0] *= GENERIC_TARGET_OL

    return impl


@overload(target_overloaded, target="cuda")
def ol_target_overloaded_cuda(x):
    def impl(x):
        x[0] *= CUDA_TARGET_OL

    return impl


@overload(generic_calls_target_overloaded, target="generic")
def ol_generic_calls_target_overloaded(x):
    def impl(x):
        x[0] *= GENERIC_CALLS_TARGET_OL
        target_overloaded(x)

    return impl


@overload(cuda_calls_target_overloaded, target="cuda")
def ol_cuda_calls_target_overloaded(x):
    def impl(x):
        x[0] *= CUDA_CALLS_TARGET_OL
        target_overloaded(x)

    return impl


@overload(target_overloaded_calls_target_overloaded, target="generic")
def ol_generic_calls_target_overloaded_generic(x):
    def impl(x):
        x[0] *= GENERIC_TARGET_OL_CALLS_TARGET_OL
        target_overloaded(x)

    return impl


@overload(target_overloaded_calls_target_overloaded, target="cuda")
def ol_generic_calls_target_overloaded_cuda(x):
    def impl(x):
        x[0] *= CUDA_TARGET_OL_CALLS_TARGET_OL
        target_overloaded(x)

    return impl


@overload(default_values_and_kwargs)
def ol_default_values_and_kwargs(out, x, y=5, z=6):
    def impl(out, x, y=5, z=6):
        out[0], out[1] = x + y, z

    return impl


# TestOverload.test_generic (renamed from kernel)
@cuda.jit
def kernel_generic(x):
    generic_func_1(x)


# TestOverload.test_cuda (renamed from kernel)
@cuda.jit
def kernel_cuda(x):
    cuda_func_1(x)


# TestOverload.test_generic_and_cuda (renamed from kernel)
@cuda.jit
def kernel_generic_and_cuda(x):
    generic_func_1(x)
    cuda_func_1(x)


# TestOverload.test_call_two_generic_calls (renamed from kernel)
@cuda.jit
def kernel_call_two_generic_calls(x):
    generic_func_1(x)
    generic_func_2(x)


# TestOverload.test_call_two_cuda_calls (renamed from kernel)
@cuda.jit
def kernel_call_two_cuda_calls(x):
    cuda_func_1(x)
    cuda_func_2(x)


# TestOverload.test_generic_calls_generic (renamed from kernel)
@cuda.jit
def kernel_generic_calls_generic(x):
    generic_calls_generic(x)


# TestOverload.test_generic_calls_cuda (renamed from kernel)
@cuda.jit
def kernel_generic_calls_cuda(x):
    generic_calls_cuda(x)


# TestOverload.test_cuda_calls_generic (renamed from kernel)
@cuda.jit
def kernel_cuda_calls_generic(x):
    cuda_calls_generic(x)


# TestOverload.test_cuda_calls_cuda (renamed from kernel)
@cuda.jit
def kernel_cuda_calls_cuda(x):
    cuda_calls_cuda(x)


# TestOverload.test_call_target_overloaded (renamed from kernel)
@cuda.jit
def kernel_call_target_overloaded(x):
    target_overloaded(x)


# TestOverload.test_generic_calls_target_overloaded (renamed from kernel)
@cuda.jit
def kernel_generic_calls_target_overloaded(x):
    generic_calls_target_overloaded(x)


# TestOverload.test_cuda_calls_target_overloaded (renamed from kernel)
@cuda.jit
def kernel_cuda_calls_target_overloaded(x):
    cuda_calls_target_overloaded(x)


# TestOverload.test_target_overloaded_calls_target_overloaded (renamed from kernel)
@cuda.jit
def kernel_target_overloaded_calls_target_overloaded(x):
    target_overloaded_calls_target_overloaded(x)


# TestOverload.test_default_values_and_kwargs (renamed from kernel)
@cuda.jit()
def kernel_default_values_and_kwargs(a, b, out):
    default_values_and_kwargs(out, a, z=b)
