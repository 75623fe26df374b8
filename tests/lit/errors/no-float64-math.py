# RUN: not %nvc %s --no-float64 -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# RUN: %nvc %s --narrow=true -o %t2.spv
# On a target without float64 (--no-float64) nvc's math library computes nothing in
# float64, so float32 functions without a GLSL.std.450 built-in are refused with a
# source diagnostic; narrowed kernels on other targets keep the accurate library.
import math
from numba import cuda


@cuda.jit("void(float64[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = math.erf(x[i])

# CHECK: no-float64-math.py:15:16: error: float32 erf() has no GLSL.std.450 built-in
# CHECK-SAME: --no-float64 targets do not have
