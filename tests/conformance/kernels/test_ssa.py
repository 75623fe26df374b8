# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_ssa.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Most tests name their kernel foo; here each is named after its test
# (foo_argument_name_reused, ...).
import numpy as np

from numba.cuda import types
from numba import cuda
from numba.cuda import jit

try:
    from numba.cuda.extending import overload
except ImportError:  # Debian's Numba 0.56, the simulator's reference
    from numba.extending import overload


# TestSSA.test_argument_name_reused
@jit
def foo_argument_name_reused(result, x):
    x += 1
    result[0] = x


# TestSSA.test_if_else_redefine
@jit
def foo_if_else_redefine(result, x, y):
    z = x * y
    if x < y:
        z = x
    else:
        z = y
    result[0] = z


# TestSSA.test_sum_loop
@jit
def foo_sum_loop(result, n):
    c = 0
    for i in range(n):
        c += i
    result[0] = c


# TestSSA.test_sum_loop_2vars
@jit
def foo_sum_loop_2vars(result, n):
    c = 0
    d = n
    for i in range(n):
        c += i
        d += n
    result[0] = c
    result[1] = d


# TestSSA.test_sum_2d_loop
@jit
def foo_sum_2d_loop(result, n):
    c = 0
    for i in range(n):
        for j in range(n):
            c += j
        c += i
    result[0] = c


# TestSSA.check_undefined_var, from test_undefined_var
@jit
def foo_undefined_var(result, n):
    if n:
        if n > 0:
            c = 0
        result[0] = c
    else:
        # variable c is not defined in this branch
        c += 1
        result[0] = c


# TestSSA.test_phi_propagation
@jit
def foo_phi_propagation(result, actions):
    n = 1

    i = 0
    ct = 0
    while n > 0 and i < len(actions):
        n -= 1

        while actions[i]:
            if actions[i]:
                if actions[i]:
                    n += 10
                actions[i] -= 1
            else:
                if actions[i]:
                    n += 20
                actions[i] += 1

            ct += n
        ct += n
    result[0] = ct
    result[1] = n


# TestSSA.test_unhandled_undefined
@cuda.jit
def function1(arg1, arg2, arg3, arg4, arg5):
    # This function is auto-generated.
    if arg1:
        var1 = arg2
        var2 = arg3
        var3 = var2
        var4 = arg1
        return
    else:
        if arg2:
            if arg4:
                var5 = arg4  # noqa: F841
                return
            else:
                var6 = var4
                return
            return var6
        else:
            if arg5:
                if var1:
                    if arg5:
                        var1 = var6
                        return
                    else:
                        var7 = arg2  # noqa: F841
                        return arg2
                    return
                else:
                    if var2:
                        arg5 = arg2
                        return arg1
                    else:
                        var6 = var3
                        return var4
                    return
                return
            else:
                var8 = var1
                return
            return var8
        var9 = var3  # noqa: F841
        var10 = arg5  # noqa: F841
        return var1


# TestSSA.test_unhandled_undefined
NONE_SENTINEL = 99


# TestSSA.test_unhandled_undefined
@cuda.jit
def function1_caller(result, arg1, arg2, arg3, arg4, arg5):
    retval = function1(arg1, arg2, arg3, arg4, arg5)
    if retval is None:
        result[0] = NONE_SENTINEL
    else:
        result[0] = retval


# TestReportedSSAIssues.test_issue2194
@jit
def foo_issue2194(result, V):
    s = np.uint32(1)

    for i in range(s):
        V[i] = 1
    for i in range(s, 1):
        pass
    result[0] = V[0]


# TestReportedSSAIssues.test_issue3094
@jit
def foo_issue3094(result, pred):
    if pred:
        x = 1
    else:
        x = 0
    result[0] = x


# TestReportedSSAIssues.test_issue3931
@jit
def foo_issue3931(result, arr):
    for i in range(1):
        arr = arr.reshape(3 * 2)
        arr = arr.reshape(3, 2)
    # Copy result array elements
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            result[i, j] = arr[i, j]


# TestReportedSSAIssues.test_issue3976 (overload_this)
def overload_this(a):
    return 42


# TestReportedSSAIssues.test_issue3976
@jit
def foo_issue3976(result, a):
    if a:
        s = 5
        s = overload_this(s)
    else:
        s = 99

    result[0] = s


# TestReportedSSAIssues.test_issue3976 (ol)
@overload(overload_this)
def ol(a):
    return overload_this


# TestReportedSSAIssues.test_issue3979
@jit
def foo_issue3979(result, A, B):
    x = A[0]
    y = B[0]
    for i in A:
        x = i
    for i in B:
        y = i
    result[0] = x
    result[1] = y


# TestReportedSSAIssues.test_issue5219 (overload_this, renamed
# overload_this_5219)
def overload_this_5219(a, b=None):
    if isinstance(b, tuple):
        b = b[0]
    return b


# TestReportedSSAIssues.test_issue5219 (ol, renamed ol_5219)
@overload(overload_this_5219)
def ol_5219(a, b=None):
    b_is_tuple = isinstance(b, (types.Tuple, types.UniTuple))

    def impl(a, b=None):
        if b_is_tuple is True:
            b = b[0]
        return b

    return impl


# TestReportedSSAIssues.test_issue5219 (calls overload_this_5219 as
# overload_this)
@jit
def test_tuple(result, a, b):
    result[0] = overload_this_5219(a, b)


# TestReportedSSAIssues.test_issue5223
@jit
def bar(result, x):
    if len(x) == 5:
        for i in range(len(x)):
            result[i] = x[i]
    else:
        # Manual copy since .copy() not available in CUDA
        for i in range(len(x)):
            result[i] = x[i] + 1


# TestReportedSSAIssues.test_issue5243
@jit
def foo_issue5243(result, q, lin):
    stencil_val = 0.0  # noqa: F841
    stencil_val = q[0, 0]  # noqa: F841
    result[0] = lin[0]


# TestReportedSSAIssues.test_issue5482_missing_variable_init
@jit
def foo_issue5482_missing_variable_init(result, x, v, n):
    for i in range(n):
        if i == 0:
            if i == x:
                pass
            else:
                problematic = v
        else:
            if i == x:
                pass
            else:
                problematic = problematic + v
    result[0] = problematic


# TestReportedSSAIssues.test_issue5493_unneeded_phi (closure variables)
A = np.ones(1)
B = np.ones(1)


# TestReportedSSAIssues.test_issue5493_unneeded_phi
@jit
def foo_issue5493_unneeded_phi(res, m, n, data):
    if len(data) == 1:
        v0 = data[0]
    else:
        v0 = data[0]
        # Unneeded PHI node for `problematic` would be placed here
        for _ in range(1, len(data)):
            v0[0] += A[0]

    for t in range(1, m):
        for idx in range(n):
            t = B

            if idx == 0:
                if idx == n - 1:
                    pass
                else:
                    res[0] = t[0]
            else:
                if idx == n - 1:
                    pass
                else:
                    res[0] += t[0]


# TestReportedSSAIssues.test_issue5623_equal_statements_in_same_bb (compiled
# with jit(foo))
@jit
def foo_issue5623(pred, stack):
    i = 0
    c = 1

    if pred is True:
        stack[i] = c
        i += 1
        stack[i] = c
        i += 1
