# Ported from numba-cuda,
# numba_cuda/numba/cuda/tests/cudapy/test_make_function_to_jit_function.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Each test builds impl = impl_factory(consumer) (impl_factory's consumer_func
# is consumer, or specialised_consumer) and launches it through a
# wrap_with_kernel_* helper, whose kernel calls jitted_func = cuda.jit(impl).
# Here each test's impl is a module-level @cuda.jit function named impl_<test>
# whose body calls the consumer by its name, and each test's kernel (named
# kernel_<test>) calls impl_<test> by its name.
try:
    from numba.cuda.extending import overload
except ImportError:  # Debian's Numba 0.56, the simulator's reference
    from numba.extending import overload
from numba import cuda
import numpy as np


@cuda.jit
def consumer(func, *args):
    return func(*args)


@cuda.jit
def consumer2arg(func1, func2):
    return func2(func1)


_global = 123


# TestMakeFunctionToJITFunction.test_escape (impl)
@cuda.jit
def impl_escape():
    def inner():
        return 10

    return consumer(inner)


# wrap_with_kernel_noarg's kernel, from test_escape
@cuda.jit
def kernel_escape(out):
    out[0] = impl_escape()


# TestMakeFunctionToJITFunction.test_nested_escape (impl)
@cuda.jit
def impl_nested_escape():
    def inner():
        return 10

    def innerinner(x):
        return x()

    return consumer2arg(inner, innerinner)


# wrap_with_kernel_noarg's kernel, from test_nested_escape
@cuda.jit
def kernel_nested_escape(out):
    out[0] = impl_nested_escape()


# TestMakeFunctionToJITFunction.test_closure_in_escaper (impl)
@cuda.jit
def impl_closure_in_escaper():
    def callinner():
        def inner():
            return 10

        return inner()

    return consumer(callinner)


# wrap_with_kernel_noarg's kernel, from test_closure_in_escaper
@cuda.jit
def kernel_closure_in_escaper(out):
    out[0] = impl_closure_in_escaper()


# TestMakeFunctionToJITFunction.test_close_over_consts (impl)
@cuda.jit
def impl_close_over_consts():
    y = 10

    def callinner(z):
        return y + z + _global

    return consumer(callinner, 6)


# wrap_with_kernel_noarg's kernel, from test_close_over_consts
@cuda.jit
def kernel_close_over_consts(out):
    out[0] = impl_close_over_consts()


# TestMakeFunctionToJITFunction.test_close_over_consts_w_args (impl)
@cuda.jit
def impl_close_over_consts_w_args(x):
    y = 10

    def callinner(z):
        return y + z + _global

    return consumer(callinner, x)


# wrap_with_kernel_one_arg's kernel, from test_close_over_consts_w_args
@cuda.jit
def kernel_close_over_consts_w_args(out, in1):
    out[0] = impl_close_over_consts_w_args(in1)


# TestMakeFunctionToJITFunction.test_with_overload (foo)
def foo(func, *args):
    nargs = len(args)
    if nargs == 1:
        return func(*args)
    elif nargs == 2:
        return func(func(*args))


# TestMakeFunctionToJITFunction.test_with_overload (foo_ol)
@overload(foo)
def foo_ol(func, *args):
    # specialise on the number of args, as per `foo`
    nargs = len(args)
    if nargs == 1:

        def impl(func, *args):
            return func(*args)

        return impl
    elif nargs == 2:

        def impl(func, *args):
            return func(func(*args))

        return impl


# TestMakeFunctionToJITFunction.test_with_overload (impl)
@cuda.jit
def impl_with_overload(x):
    y = 10

    def callinner(*z):
        if len(z) == 1:
            tmp = z[0]
        elif len(z) == 2:
            tmp = z[0] + z[1]
        return y + tmp + _global

    # run both specialisations, 1 arg, and 2 arg.
    return foo(callinner, x) + foo(callinner, x, x)


# wrap_with_kernel_one_arg's kernel, from test_with_overload
@cuda.jit
def kernel_with_overload(out, in1):
    out[0] = impl_with_overload(in1)


# TestMakeFunctionToJITFunction.test_basic_apply_like_case (apply)
def apply(arg, func):
    return func(arg)


# TestMakeFunctionToJITFunction.test_basic_apply_like_case (ov_apply)
@overload(apply)
def ov_apply(arg, func):
    return lambda arg, func: func(arg)


# TestMakeFunctionToJITFunction.test_basic_apply_like_case (impl)
@cuda.jit
def impl_basic_apply_like_case(arg):
    def mul10(x):
        return x * 10

    return apply(arg, mul10)


# wrap_with_kernel_one_arg's kernel, from test_basic_apply_like_case
@cuda.jit
def kernel_basic_apply_like_case(out, in1):
    out[0] = impl_basic_apply_like_case(in1)


# TestMakeFunctionToJITFunction.test_multiply_defined_freevar (impl, compiled
# with cuda.jit("void(int64)"))
@cuda.jit
def impl_multiply_defined_freevar(c):
    if c:
        x = 3

        def inner(y):
            return y + x

        r = consumer(inner, 1)
    else:
        x = 6

        def inner(y):
            return y + x

        r = consumer(inner, 2)
    return r


# TestMakeFunctionToJITFunction.test_non_const_in_escapee (impl, compiled with
# cuda.jit("void(int64)"))
@cuda.jit
def impl_non_const_in_escapee(x):
    z = np.arange(x)

    def inner(val):
        return 1 + z + val  # z is non-const freevar

    return consumer(inner, x)


# TestMakeFunctionToJITFunction.test_escape_with_kwargs (impl)
@cuda.jit
def impl_escape_with_kwargs():
    t = 12

    def inner(a, b, c, mydefault1=123, mydefault2=456):
        z = 4
        return mydefault1 + mydefault2 + z + t + a + b + c

    # this is awkward, top and tail closure inlining with a escapees
    # in the middle that do/don't have defaults.
    return (
        inner(1, 2, 5, 91, 53),
        consumer(inner, 1, 2, 3, 73),
        consumer(
            inner,
            1,
            2,
            3,
        ),
        inner(1, 2, 4),
    )


# wrap_with_kernel_noarg_tuple_return's kernel, from test_escape_with_kwargs
@cuda.jit
def kernel_escape_with_kwargs(out):
    out[0], out[1], out[2], out[3] = impl_escape_with_kwargs()


# TestMakeFunctionToJITFunction.test_escape_with_kwargs_override_kwargs
@cuda.jit
def specialised_consumer(func, *args):
    x, y, z = args  # unpack to avoid `CALL_FUNCTION_EX`
    a = func(x, y, z, mydefault1=1000)
    b = func(x, y, z, mydefault2=1000)
    c = func(x, y, z, mydefault1=1000, mydefault2=1000)
    return a + b + c


# TestMakeFunctionToJITFunction.test_escape_with_kwargs_override_kwargs (impl)
@cuda.jit
def impl_escape_with_kwargs_override_kwargs():
    t = 12

    def inner(a, b, c, mydefault1=123, mydefault2=456):
        z = 4
        return mydefault1 + mydefault2 + z + t + a + b + c

    # this is awkward, top and tail closure inlining with a escapees
    # in the middle that get defaults specified in the consumer
    return (
        inner(1, 2, 5, 91, 53),
        specialised_consumer(inner, 1, 2, 11),
        specialised_consumer(
            inner,
            1,
            2,
            3,
        ),
        inner(1, 2, 4),
    )


# wrap_with_kernel_noarg_tuple_return's kernel, from
# test_escape_with_kwargs_override_kwargs
@cuda.jit
def kernel_escape_with_kwargs_override_kwargs(out):
    out[0], out[1], out[2], out[3] = impl_escape_with_kwargs_override_kwargs()
