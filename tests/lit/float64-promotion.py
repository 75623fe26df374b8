# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not %nvc %s -o %t2.spv -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
# RUN: %nvc %s -o %t3.spv -Wno-float64-promotion 2>&1 | count 0
# RUN: %nvc %s -o %t4.spv --narrow=true 2>&1 | count 0
# 004, "Precision": a Python literal mixed into float32 arithmetic promotes
# it to float64; nvc says where and how to stay in float32.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] * 0.1 + np.float32(2) * x[i]

# CHECK: float64-promotion.py:15:23: warning: the Python float literal 0.1 is float64 and promotes this float32 arithmetic to float64, which is slow on GPUs; write np.float32(0.1) to stay in single precision [-Wfloat64-promotion]
# CHECK-NEXT: {{^}}        x[i] = x[i] * 0.1 + np.float32(2) * x[i]
# CHECK-NEXT: {{^}}                      ^
# WERROR: error: the Python float literal 0.1 {{.*}} [-Werror,-Wfloat64-promotion]
