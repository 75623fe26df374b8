# RUN: %nvc %s --emit=mlir -o - | FileCheck %s
# numba-cuda types float() of a float and int() of an integer as their
# argument (numba_cuda/numba/cuda/typing/builtins.py, Float and Int):
# float(float32) is float32, so complex(x, float(x)) is complex64 and the
# product below is complex64 arithmetic, not complex128 rounded back
# (tests/difftest/FOUND.md #13). float() of an integer is float64, int() of
# a float int64.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], complex64[::1], uint8[::1], complex64[::1], float32[::1], float64[::1], int64[::1])")
def k(x, c, u, oc, of, od, oi):
    i = cuda.grid(1)
    if i < x.shape[0]:
        oc[i] = c[i] * complex(x[i], float(x[i]))
        of[i] = float(x[i]) * x[i]
        od[i] = float(u[i]) * 0.5
        oi[i] = int(x[i]) + int(u[i])

# CHECK-LABEL: func.func @k
# CHECK-NOT: arith.extf
# CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK: arith.uitofp %{{.*}} : i8 to f64
# CHECK: arith.fptosi %{{.*}} : f32 to i64
