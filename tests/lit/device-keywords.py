# RUN: %nvc %s --emit=mlir | FileCheck %s
# RUN: %nvc %s -o %t.spv
# Calls of device functions bind keyword arguments and omitted parameters'
# defaults as Python does (numba passes an omitted one as its default, a
# constant); the arguments are evaluated in the order the call writes them.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def axpy(x, y, a=2.0, b=np.float32(1.5)):
    return a * x + y + b


@cuda.jit("void(float64[::1], float64[::1])")
def k(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = axpy(x[i], y[i]) + axpy(y=x[i], x=y[i], b=3.0) + axpy(x[i], y[i], 0.5)

# CHECK-LABEL: func.func @k(
# axpy(x[i], y[i]): a and b are the defaults' constants.
# CHECK: %[[A:.*]] = arith.constant 2.000000e+00 : f64
# CHECK: %[[B:.*]] = arith.constant 1.500000e+00 : f32
# CHECK: call @axpy__float64_float64_float64_float32(%{{.*}}, %{{.*}}, %[[A]], %[[B]])
# Keywords in any order, b given: another specialisation.
# CHECK: call @axpy__float64_float64_float64_float64(
# CHECK: call @axpy__float64_float64_float64_float32(
