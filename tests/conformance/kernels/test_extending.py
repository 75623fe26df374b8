# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_extending.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods, with
# the extension types, typing and lowering registrations and overloads they
# use (host code, as upstream wrote it at module level or in the test).
import math

import numpy as np
from numba import cuda, njit
from numba.cuda import types
from numba.cuda import cgutils, jit
from numba.cuda.typing.templates import AttributeTemplate
from numba.cuda.cudadecl import registry as cuda_registry
from numba.cuda.cudaimpl import lower_attr as cuda_lower_attr

from numba.core import errors

from numba.cuda.extending import (
    type_callable,
    lower_builtin,
    overload,
    overload_method,
    intrinsic,
    register_jitable,
    core_models,
    typeof_impl,
    register_model,
    make_attribute_wrapper,
)

# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling*
# (upstream: from .overload_usecases import impl4, impl5, var_positional_impl)
from overload_usecases import impl4, impl5, var_positional_impl


class Interval:
    """
    A half-open interval on the real number line.
    """

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def __repr__(self):
        return "Interval(%f, %f)" % (self.lo, self.hi)

    @property
    def width(self):
        return self.hi - self.lo


@njit
def interval_width(interval):
    return interval.width


@njit
def sum_intervals(i, j):
    return Interval(i.lo + j.lo, i.hi + j.hi)


class IntervalType(types.Type):
    def __init__(self):
        super().__init__(name="Interval")


interval_type = IntervalType()


@typeof_impl.register(Interval)
def typeof_interval(val, c):
    return interval_type


@type_callable(Interval)
def type_interval(context):
    def typer(lo, hi):
        if isinstance(lo, types.Float) and isinstance(hi, types.Float):
            return interval_type

    return typer


@register_model(IntervalType)
class IntervalModel(core_models.StructModel):
    def __init__(self, dmm, fe_type):
        members = [
            ("lo", types.float64),
            ("hi", types.float64),
        ]
        core_models.StructModel.__init__(self, dmm, fe_type, members)


make_attribute_wrapper(IntervalType, "lo", "lo")
make_attribute_wrapper(IntervalType, "hi", "hi")


@lower_builtin(Interval, types.Float, types.Float)
def impl_interval(context, builder, sig, args):
    typ = sig.return_type
    lo, hi = args
    interval = cgutils.create_struct_proxy(typ)(context, builder)
    interval.lo = lo
    interval.hi = hi
    return interval._getvalue()


@cuda_registry.register_attr
class Interval_attrs(AttributeTemplate):
    key = IntervalType

    def resolve_width(self, mod):
        return types.float64


@cuda_lower_attr(IntervalType, "width")
def cuda_Interval_width(context, builder, sig, arg):
    lo = builder.extract_value(arg, 0)
    hi = builder.extract_value(arg, 1)
    return builder.fsub(hi, lo)


# -----------------------------------------------------------------------
# Define a function's typing and implementation using the classical
# two-step API


def func1(x=None):
    raise NotImplementedError


def type_func1_(context):
    def typer(x=None):
        if x in (None, types.none):
            # 0-arg or 1-arg with None
            return types.int32
        elif isinstance(x, types.Float):
            # 1-arg with float
            return x

    return typer


type_func1 = type_callable(func1)(type_func1_)


@lower_builtin(func1)
@lower_builtin(func1, types.none)
def func1_nullary(context, builder, sig, args):
    return context.get_constant(sig.return_type, 42)


@lower_builtin(func1, types.Float)
def func1_unary(context, builder, sig, args):
    def func1_impl(x):
        return math.sqrt(2 * x)

    return context.compile_internal(builder, func1_impl, sig, args)


# -----------------------------------------------------------------------
# Overload an already defined built-in function, extending it for new types.


# TestLowLevelExtending.test_func1 (compiled with jit(pyfunc))
@jit
def call_func1_nullary(res):
    res[0] = func1()


# TestLowLevelExtending.test_func1 (compiled with jit(pyfunc))
@jit
def call_func1_unary(x, res):
    res[0] = func1(x)


# TestExtending.test_attributes (renamed from f)
@cuda.jit
def f_attributes(r, x):
    iv = Interval(x[0], x[1])
    r[0] = iv.lo
    r[1] = iv.hi


# TestExtending.test_property (renamed from f)
@cuda.jit
def f_property(r, x):
    iv = Interval(x[0], x[1])
    r[0] = iv.width


# TestExtending.test_extension_type_as_arg (renamed from f)
@cuda.jit
def f_extension_type_as_arg(r, x):
    iv = Interval(x[0], x[1])
    r[0] = interval_width(iv)


# TestExtending.test_extension_type_as_retvalue (renamed from f)
@cuda.jit
def f_extension_type_as_retvalue(r, x):
    iv1 = Interval(x[0], x[1])
    iv2 = Interval(x[2], x[3])
    iv_sum = sum_intervals(iv1, iv2)
    r[0] = iv_sum.lo
    r[1] = iv_sum.hi


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling:
# gen_ol(impl) defines myoverload, its overload returning impl, and foo; one
# copy per impl (renamed with the impl's number).

# kwarg value is different
def impl1(a, b, c, kw=12):
    if a > 10:
        return 1
    else:
        return -1


# kwarg name is different
def impl2(a, b, c, kwarg=None):
    if a > 10:
        return 1
    else:
        return -1


# arg name is different
def impl3(z, b, c, kw=None):
    if a > 10:  # noqa: F821
        return 1
    else:
        return -1


# too many args
def impl6(a, b, c, d, e, kw=None):
    if a > 10:
        return 1
    else:
        return -1


# too few args
def impl7(a, b, kw=None):
    if a > 10:
        return 1
    else:
        return -1


# too many kwargs
def impl8(a, b, c, kw=None, extra_kwarg=None):
    if a > 10:
        return 1
    else:
        return -1


# too few kwargs
def impl9(a, b, c):
    if a > 10:
        return 1
    else:
        return -1


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl1)
def myoverload_1(a, b, c, kw=None):
    pass


@overload(myoverload_1)
def _myoverload_impl_1(a, b, c, kw=None):
    return impl1


@jit
def foo_1(a, b, c, d):
    myoverload_1(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl2)
def myoverload_2(a, b, c, kw=None):
    pass


@overload(myoverload_2)
def _myoverload_impl_2(a, b, c, kw=None):
    return impl2


@jit
def foo_2(a, b, c, d):
    myoverload_2(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl3)
def myoverload_3(a, b, c, kw=None):
    pass


@overload(myoverload_3)
def _myoverload_impl_3(a, b, c, kw=None):
    return impl3


@jit
def foo_3(a, b, c, d):
    myoverload_3(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl4)
def myoverload_4(a, b, c, kw=None):
    pass


@overload(myoverload_4)
def _myoverload_impl_4(a, b, c, kw=None):
    return impl4


@jit
def foo_4(a, b, c, d):
    myoverload_4(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl5)
def myoverload_5(a, b, c, kw=None):
    pass


@overload(myoverload_5)
def _myoverload_impl_5(a, b, c, kw=None):
    return impl5


@jit
def foo_5(a, b, c, d):
    myoverload_5(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl6)
def myoverload_6(a, b, c, kw=None):
    pass


@overload(myoverload_6)
def _myoverload_impl_6(a, b, c, kw=None):
    return impl6


@jit
def foo_6(a, b, c, d):
    myoverload_6(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl7)
def myoverload_7(a, b, c, kw=None):
    pass


@overload(myoverload_7)
def _myoverload_impl_7(a, b, c, kw=None):
    return impl7


@jit
def foo_7(a, b, c, d):
    myoverload_7(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl8)
def myoverload_8(a, b, c, kw=None):
    pass


@overload(myoverload_8)
def _myoverload_impl_8(a, b, c, kw=None):
    return impl8


@jit
def foo_8(a, b, c, d):
    myoverload_8(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling,
# gen_ol(impl9)
def myoverload_9(a, b, c, kw=None):
    pass


@overload(myoverload_9)
def _myoverload_impl_9(a, b, c, kw=None):
    return impl9


@jit
def foo_9(a, b, c, d):
    myoverload_9(a, b, c, kw=d)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_positional
def myoverload_var_positional(a, kw=None):
    pass


overload(myoverload_var_positional)(var_positional_impl)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_positional
# (renamed from foo)
@jit
def foo_var_positional(a, b):
    myoverload_var_positional(a, b, 9, kw=11)


# TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_keyword:
# gen_ol(impl, strict) defines myoverload, overload(myoverload, strict=strict)(impl)
# and foo; one copy per call (renamed).

# **kwargs in typing
def ol1(a, **kws):
    def impl(a, kw=10):
        return a

    return impl


# **kwargs in implementation
def ol2(a, kw=0):
    def impl(a, **kws):
        return a

    return impl


# gen_ol(ol1, False)
def myoverload_ol1_nonstrict(a, kw=None):
    pass


overload(myoverload_ol1_nonstrict, strict=False)(ol1)


@jit
def foo_ol1_nonstrict(a, b):
    myoverload_ol1_nonstrict(a, kw=11)


# gen_ol(ol1)
def myoverload_ol1(a, kw=None):
    pass


overload(myoverload_ol1, strict=True)(ol1)


@jit
def foo_ol1(a, b):
    myoverload_ol1(a, kw=11)


# gen_ol(ol2)
def myoverload_ol2(a, kw=None):
    pass


overload(myoverload_ol2, strict=True)(ol2)


@jit
def foo_ol2(a, b):
    myoverload_ol2(a, kw=11)


# TestHighLevelExtending.test_overload_method_kwargs
@overload_method(types.Array, "foo")
def fooimpl(arr, a_kwarg=10):
    def impl(arr, a_kwarg=10):
        return a_kwarg

    return impl


# TestHighLevelExtending.test_overload_method_kwargs (renamed from bar)
@jit
def bar_method_kwargs(A, res):
    res[0] = A.foo()
    res[1] = A.foo(20)
    res[2] = A.foo(a_kwarg=30)


# TestHighLevelExtending.test_overload_method_literal_unpack
@overload_method(types.Array, "litfoo")
def litfoo(arr, val):
    # Must be an integer
    if isinstance(val, types.Integer):
        # Must not be literal
        if not isinstance(val, types.Literal):

            def impl(arr, val):
                return val

            return impl


# TestHighLevelExtending.test_overload_method_literal_unpack (renamed from bar)
@jit
def bar_literal_unpack(A, res):
    res[0] = A.litfoo(0xCAFE)


# TestIntrinsic.test_void_return
@intrinsic
def void_func(typingctx, a):
    sig = types.void(types.int32)

    def codegen(context, builder, signature, args):
        pass  # do nothing, return None, should be turned into
        # dummy value

    return sig, codegen


# TestIntrinsic.test_void_return
@intrinsic
def non_void_func(typingctx, a):
    sig = types.int32(types.int32)

    def codegen(context, builder, signature, args):
        pass  # oops, should be returning a value here, raise exception

    return sig, codegen


# TestIntrinsic.test_void_return
@jit
def call_void_func():
    void_func(1)


# TestIntrinsic.test_void_return
@jit
def call_non_void_func():
    non_void_func(1)


# TestRegisterJitable.test_no_flags
@register_jitable
def foo(x, y):
    x[0] += y


# TestRegisterJitable.test_no_flags (compiled with jit(bar); renamed from bar)
@jit
def bar_register_jitable(x, y):
    foo(x, y)
    x[0] += x[0]


# TestOverloadPreferLiteral.test_overload
def prefer_lit(x):
    pass


# TestOverloadPreferLiteral.test_overload
def non_lit(x):
    pass


# TestOverloadPreferLiteral.test_overload
def ov(x):
    if isinstance(x, types.IntegerLiteral):
        # With prefer_literal=False, this branch will not be reached.
        if x.literal_value == 1:

            def impl(x):
                return 0xCAFE

            return impl
        else:
            raise errors.TypingError("literal value")
    else:

        def impl(x):
            return x * 100

        return impl


overload(prefer_lit, prefer_literal=True)(ov)
overload(non_lit)(ov)


# TestOverloadPreferLiteral.test_overload
@jit
def check_prefer_lit(x, res):
    res[0] = prefer_lit(1)
    res[1] = prefer_lit(2)
    res[2] = prefer_lit(x)


# TestOverloadPreferLiteral.test_overload
@jit
def check_non_lit(x, res):
    res[0] = non_lit(1)
    res[1] = non_lit(2)
    res[2] = non_lit(x)


# test_overload_array_return
def slice_a(a):
    pass


# test_overload_array_return
@overload(slice_a, inline="always")
def slice_a_overload(a):
    def impl(a):
        return a[:, 0]

    return impl


# test_overload_array_return
@cuda.jit
def add(a):
    s = slice_a(a)
    s[0] += 1.0
