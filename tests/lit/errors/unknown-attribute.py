# RUN: rm -f %t.spv %t.json
# RUN: not %nvc %s -o %t.spv 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: not test -e %t.spv
# RUN: not test -e %t.json
from numba import cuda


@cuda.jit("void(float32[:])")
def k(x):
    i = cuda.gridd(1)
    x[i] = 1

# CHECK: unknown-attribute.py:11:14: error: unknown attribute 'gridd' of module 'cuda'
# CHECK-NEXT: {{^}}    i = cuda.gridd(1)
# CHECK-NEXT: {{^}}             ^
