# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# narrow=True kernels use no optional device feature (004, "Integer and float width"),
# so nvc's math library computes nothing in float64 there: float32 functions without a
# GLSL.std.450 built-in are refused; narrow="floats" keeps them.
import math
from numba import cuda


@cuda.jit("void(float64[::1])", narrow=True)
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = math.erf(x[i])

# CHECK: narrow-true-math.py:14:16: error: float32 erf() has no GLSL.std.450 built-in
# CHECK-SAME: narrow="floats" allows it
