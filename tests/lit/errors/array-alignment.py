# RUN: not %nvc %s --kernel negative -o %t.spv 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not %nvc %s --kernel odd -o %t.spv 2>&1 | FileCheck %s --check-prefix=ODD
# RUN: not %nvc %s --kernel small -o %t.spv 2>&1 | FileCheck %s --check-prefix=SMALL
# RUN: not %nvc %s --kernel text -o %t.spv 2>&1 | FileCheck %s --check-prefix=TEXT
# RUN: %nvc %s --kernel valid -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
# alignment= of cuda.local.array / cuda.shared.array, checked as numba-cuda
# checks it (positive, a power of 2, a multiple of the pointer size, a
# constant integer or None).
import numpy as np
from numba import cuda

NAME = "16"


@cuda.jit("void(float64[::1])")
def negative(x):
    a = cuda.local.array(4, np.float64, alignment=-8)
    a[0] = 1.0
    x[0] = a[0]


@cuda.jit("void(float64[::1])")
def odd(x):
    a = cuda.shared.array(4, np.float64, alignment=24)
    a[0] = 1.0
    x[0] = a[0]


@cuda.jit("void(float64[::1])")
def small(x):
    a = cuda.local.array(4, np.float64, alignment=4)
    a[0] = 1.0
    x[0] = a[0]


@cuda.jit("void(float64[::1])")
def text(x):
    a = cuda.local.array(4, np.float64, alignment=NAME)
    a[0] = 1.0
    x[0] = a[0]


@cuda.jit("void(float64[::1])")
def valid(x):
    a = cuda.local.array(4, np.float64, alignment=64)
    b = cuda.shared.array(4, np.float64, alignment=None)
    a[0] = 1.0
    b[0] = a[0]
    x[0] = b[0]

# NEG: array-alignment.py:17:51: error: cuda.local.array(): Alignment must be positive
# ODD: array-alignment.py:24:52: error: cuda.shared.array(): Alignment must be a power of 2
# SMALL: error: cuda.local.array(): Alignment must be a multiple of 8 (the pointer size)
# TEXT: error: cuda.local.array(): alignment must be a constant integer
