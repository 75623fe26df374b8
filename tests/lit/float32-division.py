# float32 division and sqrt are correctly rounded, as on a CPU and in
# numba-cuda (PTX div.rn.f32, sqrt.rn.f32): Vulkan allows the device's
# float32 OpFDiv 2.5 ulp and Sqrt more than 0.5, so nvc computes them in
# float64 and rounds once (passes/CorrectlyRoundedFloat32.cpp; innocuous
# double rounding since 53 >= 2*24 + 2). Kernels with fastmath permission
# and targets without float64 keep the device's float32 operations.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-correctly-rounded-float32 -o - | FileCheck %s
# RUN: %nvc %s --emit=spirv | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s -O0 --emit=spirv | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s --fastmath --emit=spirv | FileCheck %s --check-prefix=FAST
# RUN: %nvc %s --no-float64 --emit=spirv | FileCheck %s --check-prefix=FAST
import math

import numpy as np
from numba import cuda


# CHECK-LABEL: func.func @ratios
# CHECK: %[[A:.*]] = arith.extf %{{.*}} : f32 to f64
# CHECK: %[[B:.*]] = arith.extf %{{.*}} : f32 to f64
# CHECK: %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f64
# CHECK: arith.truncf %[[Q]] : f64 to f32
# CHECK: %[[X:.*]] = arith.extf %{{.*}} : f32 to f64
# CHECK: %[[R:.*]] = math.sqrt %[[X]] : f64
# CHECK: arith.truncf %[[R]] : f64 to f32
# float64 operations are left as they are.
# CHECK: arith.divf %{{.*}}, %{{.*}} : f64
# CHECK-NOT: arith.extf %{{.*}} : f64
# CHECK: return
# SPIRV: %ratios = OpFunction
# SPIRV-NOT: OpFDiv %float
# SPIRV: OpFDiv %double
# SPIRV-NOT: OpFDiv %float
# SPIRV: Sqrt
# SPIRV-NOT: OpFDiv %float
# SPIRV: OpFunctionEnd
# FAST: %ratios = OpFunction
# FAST: OpFDiv %float
@cuda.jit("void(float32[::1], float32[::1], float64[::1])")
def ratios(x, y, z):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / y[i]
        y[i] = math.sqrt(y[i])
        z[i] = z[i] / z[i + 1]


# fastmath=True: the device's float32 division and sqrt.
# CHECK-LABEL: func.func @fast
# CHECK-NOT: arith.extf
# CHECK: arith.divf %{{.*}}, %{{.*}} : f32
# CHECK: math.sqrt %{{.*}} : f32
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])", fastmath=True)
def fast(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / y[i]
        y[i] = math.sqrt(y[i])
