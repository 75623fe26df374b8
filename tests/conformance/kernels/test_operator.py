# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_operator.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles the module-level simple_fp16* and multiple_hcmp_*
# functions with cuda.jit(SIG)(fn) or cuda.jit(fn, lto=True) (lazily); here
# they are @cuda.jit and each case gives the signature. lto=True (link-time
# optimisation with nvJitLink, for the float16 bindings) is a link option and
# is dropped.
#
# TestOperatorModule.operator_template's kernel foo calls its closure
# variable op; it is one kernel per test here (foo_add, foo_sub, ...), each
# calling its operator function (operator.add, ...) in op's place.
import numpy as np
from numba import cuda
from numba.cuda import types
from numba.cuda.types import f2, b1
import operator


# TestOperatorModule.test_fp16_binary, test_mixed_fp16_binary_arithmetic
@cuda.jit
def simple_fp16_div_scalar(ary, a, b):
    ary[0] = a / b


# TestOperatorModule.test_fp16_binary, test_mixed_fp16_binary_arithmetic
@cuda.jit
def simple_fp16add(ary, a, b):
    ary[0] = a + b


# TestOperatorModule.test_fp16_inplace_binary
@cuda.jit
def simple_fp16_iadd(ary, a):
    ary[0] += a


# TestOperatorModule.test_fp16_inplace_binary
@cuda.jit
def simple_fp16_isub(ary, a):
    ary[0] -= a


# TestOperatorModule.test_fp16_inplace_binary
@cuda.jit
def simple_fp16_imul(ary, a):
    ary[0] *= a


# TestOperatorModule.test_fp16_inplace_binary
@cuda.jit
def simple_fp16_idiv(ary, a):
    ary[0] /= a


# TestOperatorModule.test_fp16_binary, test_mixed_fp16_binary_arithmetic
@cuda.jit
def simple_fp16sub(ary, a, b):
    ary[0] = a - b


# TestOperatorModule.test_fp16_binary, test_mixed_fp16_binary_arithmetic
@cuda.jit
def simple_fp16mul(ary, a, b):
    ary[0] = a * b


# TestOperatorModule.test_fp16_unary
@cuda.jit
def simple_fp16neg(ary, a):
    ary[0] = -a


# TestOperatorModule.test_fp16_unary
@cuda.jit
def simple_fp16abs(ary, a):
    ary[0] = abs(a)


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_gt(ary, a, b):
    ary[0] = a > b


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_ge(ary, a, b):
    ary[0] = a >= b


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_lt(ary, a, b):
    ary[0] = a < b


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_le(ary, a, b):
    ary[0] = a <= b


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_eq(ary, a, b):
    ary[0] = a == b


# TestOperatorModule.test_fp16_comparison, test_mixed_fp16_comparison
@cuda.jit
def simple_fp16_ne(ary, a, b):
    ary[0] = a != b


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit("b1(f2, f2)", device=True)
def hlt_func_1(x, y):
    return x < y


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit("b1(f2, f2)", device=True)
def hlt_func_2(x, y):
    return x < y


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit
def multiple_hcmp_1(r, a, b, c):
    # float16 predicates used in two separate functions
    r[0] = hlt_func_1(a, b) and hlt_func_2(b, c)


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit
def multiple_hcmp_2(r, a, b, c):
    # The same float16 predicate used in the caller and callee
    r[0] = hlt_func_1(a, b) and b < c


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit
def multiple_hcmp_3(r, a, b, c):
    # Different float16 predicates used in the caller and callee
    r[0] = hlt_func_1(a, b) and c >= b


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit
def multiple_hcmp_4(r, a, b, c):
    # The same float16 predicates used twice in a function
    r[0] = a < b and b < c


# TestOperatorModule.test_multiple_float16_comparisons, test_multiple_float16_comparisons_false
@cuda.jit
def multiple_hcmp_5(r, a, b, c):
    # Different float16 predicates used in a function
    r[0] = a < b and c >= b


# TestOperatorModule.test_add (operator_template's foo, op = operator.add)
@cuda.jit
def foo_add(a, b):
    i = 0
    a[i] = operator.add(a[i], b[i])


# TestOperatorModule.test_sub (operator_template's foo, op = operator.sub)
@cuda.jit
def foo_sub(a, b):
    i = 0
    a[i] = operator.sub(a[i], b[i])


# TestOperatorModule.test_mul (operator_template's foo, op = operator.mul)
@cuda.jit
def foo_mul(a, b):
    i = 0
    a[i] = operator.mul(a[i], b[i])


# TestOperatorModule.test_truediv (operator_template's foo, op = operator.truediv)
@cuda.jit
def foo_truediv(a, b):
    i = 0
    a[i] = operator.truediv(a[i], b[i])


# TestOperatorModule.test_floordiv (operator_template's foo, op = operator.floordiv)
@cuda.jit
def foo_floordiv(a, b):
    i = 0
    a[i] = operator.floordiv(a[i], b[i])
