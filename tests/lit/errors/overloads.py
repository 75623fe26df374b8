# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# Errors of @overload: every failing overload is named with its reason, the
# constructs the typing-time evaluator cannot evaluate are errors at the
# construct, an implementation's own type errors are reported in its body.
from numba import cuda, types
from numba.core import errors
from numba.extending import overload, register_jitable


def ints_only(x):
    pass


@overload(ints_only)
def ol_ints_only(x):
    if isinstance(x, types.Integer):
        return lambda x: x
    raise errors.TypingError(f"ints_only() takes integers, not {x}")


@cuda.jit("void(float32[::1])")
def raises(a):
    a[0] = ints_only(a[0])


def cpu_only(x):
    pass


@overload(cpu_only, target="cpu")
def ol_cpu_only(x):
    return lambda x: x


@cuda.jit("void(float32[::1])")
def no_gpu_target(a):
    a[0] = cpu_only(a[0])


def no_match(x):
    pass


@overload(no_match)
def ol_no_match(x):
    if isinstance(x, types.Array):
        return lambda x: x[0]
    return None


@cuda.jit("void(float32[::1])")
def returns_none(a):
    a[0] = no_match(a[0])


def evaluated(x):
    pass


@overload(evaluated)
def ol_evaluated(x):
    del x
    return lambda x: x


@cuda.jit("void(float32[::1])")
def cannot_evaluate(a):
    a[0] = evaluated(a[0])


def strict(a, b=1):
    pass


@overload(strict)
def ol_strict(a, b=1):
    def impl(a, c=1):
        return a
    return impl


@cuda.jit("void(float32[::1])")
def signatures_differ(a):
    a[0] = strict(a[0])


def captures(x):
    pass


@overload(captures)
def ol_captures(x):
    kind = x

    def impl(x):
        return kind(x[0])
    return impl


@cuda.jit("void(float32[::1])")
def unusable_capture(a):
    a[0] = captures(a)


def typed_badly(x):
    pass


@overload(typed_badly)
def ol_typed_badly(x):
    def impl(x):
        return x.shape
    return impl


@cuda.jit("void(float32[::1])")
def implementation_error(a):
    a[0] = typed_badly(a[0])

# CHECK: overloads.py:23:12: error: no @overload of 'ints_only' accepts the arguments (float32): overload 'ol_ints_only' ({{.*}}overloads.py:15) raised TypingError: ints_only() takes integers, not float32 (at {{.*}}overloads.py:18)
# CHECK: overloads.py:37:12: error: 'cpu_only' has no implementation for the GPU: its @overloads are for target 'cpu'
# CHECK: overloads.py:53:12: error: no @overload of 'no_match' accepts the arguments (float32): overload 'ol_no_match' ({{.*}}overloads.py:45) returned None
# CHECK: overloads.py:62:5: error: nvc cannot evaluate a 'del' statement in the typing function of an @overload
# CHECK: overloads.py:84:12: error: no @overload of 'strict' accepts the arguments (float32): overload 'ol_strict' ({{.*}}overloads.py:76): Typing and implementation arguments differ in keyword argument names (typing signature (a, b=1), implementation signature (a, c=1);
# CHECK: overloads.py:96:16: error: 'kind' is the Numba type array(float32, 1d, C) in the typing function 'ol_captures' of this overload, which kernels cannot use
# CHECK: overloads.py:112:18: error: float32 has no attribute 'shape'
