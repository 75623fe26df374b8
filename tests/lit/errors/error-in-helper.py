# RUN: not %nvc %s -I %S/../Inputs -o %t.spv 2>&1 | FileCheck %s
# An error inside an imported helper is reported in the helper's file.
from numba import cuda
from bad_helpers import scale


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = scale(x[0])

# CHECK: bad_helpers.py:6:16: error: name 'not_defined' is not defined
# CHECK-NEXT: {{^}}    return v * not_defined
