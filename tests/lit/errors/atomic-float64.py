# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
from numba import cuda


@cuda.jit("void(float64[:])")
def k(x):
    cuda.atomic.add(x, 0, 1.0)

# CHECK: atomic-float64.py:8:21: error: cuda.atomic.add() on a float64 array: float64 atomics are not available on Vulkan devices; use a float32 array
# CHECK-NEXT: {{^}}    cuda.atomic.add(x, 0, 1.0)
# CHECK-NEXT: {{^}}                    ^
