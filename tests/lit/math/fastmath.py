# fastmath: float32 functions GLSL.std.450 has become the device's built-ins
# (as libdevice's fast_* do) in kernels decorated fastmath=True, and in every
# kernel under --fastmath; float64 functions keep nvc's library (GLSL has no
# float64 transcendentals), and so do float32 functions GLSL lacks (log1p).
# Without either, no float32 transcendental is a built-in.
# RUN: %nvc --emit=spirv %s | FileCheck %s --check-prefix=DEFAULT
# RUN: %nvc --emit=spirv %s --fastmath | FileCheck %s --check-prefix=FAST
# RUN: %nvc --emit=mlir --mlir-print-ir-after=nvc-expand-math-library %s -o - | FileCheck %s --check-prefix=DECORATED
import math

import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1])")
def plain(x, y):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.sin(x[i]) + math.exp(x[i]) + math.log(x[i]) + math.pow(x[i], x[i]) \
            + math.tan(x[i]) + math.log1p(x[i])
        y[i] = math.sin(y[i])


@cuda.jit("void(float32[::1])", fastmath=True)
def decorated(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = math.cos(x[i])

# Only the decorated kernel's cos is a built-in.
# DEFAULT-NOT: {{OpExtInst %float %[0-9]+ (Sin|Tan|Exp|Log|Pow) }}
# DEFAULT-NOT: {{OpExtInst %double %[0-9]+ (Sin|Cos|Exp|Log) }}
# DEFAULT: OpExtInst %float %{{[0-9]+}} Cos
# DEFAULT-NOT: {{OpExtInst %(float|double) %[0-9]+ (Sin|Cos|Tan|Exp|Log|Pow) }}

# FAST-DAG: OpExtInst %float %{{[0-9]+}} Sin
# FAST-DAG: OpExtInst %float %{{[0-9]+}} Exp
# FAST-DAG: OpExtInst %float %{{[0-9]+}} Log
# FAST-DAG: OpExtInst %float %{{[0-9]+}} Pow
# FAST-DAG: OpExtInst %float %{{[0-9]+}} Tan
# FAST-DAG: OpExtInst %float %{{[0-9]+}} Cos
# FAST-NOT: {{OpExtInst %double %[0-9]+ (Sin|Cos|Exp|Log) }}

# The decorated kernel keeps math.cos for GLSL; the plain one has none left.
# DECORATED-LABEL: func.func @plain(
# DECORATED-NOT: math.{{sin|cos|tan|exp|log|powf}}
# DECORATED-LABEL: func.func @decorated(
# DECORATED: math.cos %{{[0-9]+}} : f32
