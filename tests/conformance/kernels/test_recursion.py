# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_recursion.py
# and recursion_usecases.py (the device functions the tests use) at
# b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# check_fib's kernel calls its closure variable cfunc; it is one kernel per
# test here (kernel_fib1, kernel_fib2, kernel_fib3), each calling its test's
# function under that function's name. The kernels of test_runaway and
# test_growing_return_tuple are renamed kernel_runaway and
# kernel_growing_return_tuple, and call their cfunc by name alike.
from numba import cuda


# recursion_usecases.fib1 (TestSelfRecursion.test_global_explicit_sig)
@cuda.jit("i8(i8)", device=True)
def fib1(n):
    if n < 2:
        return n
    # Note the second call does not use a named argument, unlike the CPU target
    # usecase
    return fib1(n - 1) + fib1(n - 2)


# recursion_usecases.make_fib2's fib2 (TestSelfRecursion.test_inner_explicit_sig)
@cuda.jit("i8(i8)", device=True)
def fib2(n):
    if n < 2:
        return n
    return fib2(n - 1) + fib2(n - 2)


# recursion_usecases.fib3 (TestSelfRecursion.test_global_implicit_sig)
# Implicit signature
@cuda.jit(device=True)
def fib3(n):
    if n < 2:
        return n

    return fib3(n - 1) + fib3(n - 2)


# recursion_usecases.runaway_self (TestSelfRecursion.test_runaway)
# Run-away self recursion
@cuda.jit(device=True)
def runaway_self(x):
    return runaway_self(x)


# recursion_usecases.make_growing_tuple_case's make_list, with jit=cuda.jit
# (TestSelfRecursion.test_growing_return_tuple)
# From issue #4387
@cuda.jit
def make_list(n):
    if n <= 0:
        return None

    return (n, make_list(n - 1))


# TestSelfRecursion.check_fib, from test_global_explicit_sig (cfunc = fib1)
@cuda.jit
def kernel_fib1(r, x):
    r[0] = fib1(x[0])


# TestSelfRecursion.check_fib, from test_inner_explicit_sig (cfunc = fib2)
@cuda.jit
def kernel_fib2(r, x):
    r[0] = fib2(x[0])


# TestSelfRecursion.check_fib, from test_global_implicit_sig (cfunc = fib3)
@cuda.jit
def kernel_fib3(r, x):
    r[0] = fib3(x[0])


# TestSelfRecursion.test_runaway (cfunc = runaway_self)
@cuda.jit("void()")
def kernel_runaway():
    runaway_self(1)


# TestSelfRecursion.test_growing_return_tuple (cfunc = make_list)
@cuda.jit("void()")
def kernel_growing_return_tuple():
    make_list(100)
