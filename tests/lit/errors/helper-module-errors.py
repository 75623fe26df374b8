# RUN: not %nvc %s --kernel syntax -I %S/../Inputs -o %t.spv 2>&1 | FileCheck %s --check-prefix=SYNTAX
# RUN: not %nvc %S/../Inputs/helper_variadic_user.py -I %S/../Inputs -o %t.spv 2>&1 | FileCheck %s --check-prefix=VARIADIC
# An error inside an imported helper module is reported at its line, in its
# file, with exit status 1 (it crashed nvc: the helper's source was freed
# before the diagnostic printed it).
from numba import cuda
from helper_syntax_error import f


@cuda.jit("void(float64[::1])")
def syntax(r):
    r[0] = f(1.0)

# SYNTAX: helper_syntax_error.py:2:15: error: expected expression
# SYNTAX-NEXT: {{^}}    return z +
# VARIADIC: helper_variadic.py:5:13: error: unsupported Python construct: variadic parameters ('*args') are not allowed in kernels
