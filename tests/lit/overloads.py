# RUN: %nvc %s --emit=mlir | FileCheck %s
# RUN: %nvc %s --emit=mlir | FileCheck %s --check-prefix=NOGEN
# RUN: %nvc %s -o %t.spv
# numba's @overload: the typing function is evaluated when the kernel is
# compiled and the implementation it returns becomes a device function.
from numba import cuda, njit, types
from numba.core import errors
from numba.extending import overload, overload_method, register_jitable


def clamp(x):
    pass


# The most specific target wins: cuda over generic.
@overload(clamp, target="generic")
def ol_clamp_generic(x):
    def impl(x):
        return x * 1000
    return impl


@overload(clamp, target="cuda")
def ol_clamp(x):
    if isinstance(x, types.Float):
        lo, hi = x(0), x(1)

        def impl(x):
            return min(max(x, lo), hi)
        return impl
    if isinstance(x, types.Integer) and x.bitwidth == 32:
        def impl(x):
            return max(x, 0)
        return impl
    raise errors.TypingError(f"clamp() of {x}")


# An overload only for the CPU is not one for the GPU.
@overload(clamp, target="cpu")
def ol_clamp_cpu(x):
    raise errors.TypingError("never evaluated")


def scale(x, by=2):
    pass


@overload(scale)
def ol_scale(x, by=2):
    def impl(x, by=2):
        return x * by
    return impl


def pick(k):
    pass


@overload(pick, prefer_literal=True)
def ol_pick(k):
    if isinstance(k, types.IntegerLiteral):
        v = k.literal_value + 100
        return lambda k: v
    return lambda k: k


@register_jitable
def twice(v):
    return v + v


@overload_method(types.Array, "first")
def ol_first(a):
    if a.ndim == 1:
        return lambda a: a[0]


def maybe_add(x, y=None):
    pass


@overload(maybe_add)
def ol_maybe_add(x, y=None):
    # numba's idiom for an optional argument: None when left out.
    if y is None or isinstance(y, types.NoneType):
        return lambda x, y=None: x
    return lambda x, y=None: x + y


@cuda.jit("void(float32[::1], int32[::1], int64[::1])")
def k(x, n, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = clamp(x[i]) + x.first() + maybe_add(x[i]) + maybe_add(x[i], x[i])
        n[i] = clamp(n[i])
        out[i] = scale(out[i]) + scale(out[i], by=3) + pick(7) + pick(out[i]) + twice(out[i])

# The kernel calls one implementation per overload and argument types; the
# omitted `by` is the default's constant, 2:
# CHECK-LABEL: func.func @k(
# CHECK: call @ol_clamp__impl__float32(
# CHECK: call @ol_first__lambda__array_float32__1d__C_(
# CHECK: call @ol_maybe_add__lambda__float32_none(%{{[^,]*}}) : (f32) -> f32
# CHECK: call @ol_maybe_add__lambda_2__float32_float32(
# CHECK: call @ol_clamp__impl_2__int32(
# CHECK: %[[TWO:.*]] = arith.constant 2 : i64
# CHECK-NEXT: call @ol_scale__impl__int64_int64(%{{.*}}, %[[TWO]])
# CHECK: call @ol_scale__impl__int64_int64(
# CHECK: call @ol_pick__lambda__int64(
# CHECK: call @ol_pick__lambda_2__int64(
# CHECK: call @twice__int64(
# CHECK-DAG: func.func private @ol_clamp__impl_2__int32(%{{.*}}: i32) -> i64
# CHECK-DAG: func.func private @ol_clamp__impl__float32(%{{.*}}: f32) -> f32
# pick(7) with prefer_literal=True: the literal type's implementation returns 107.
# CHECK-LABEL: func.func private @ol_pick__lambda__int64(
# CHECK: arith.constant 107 : i64
# The generic overload is never compiled:
# NOGEN-NOT: ol_clamp_generic
