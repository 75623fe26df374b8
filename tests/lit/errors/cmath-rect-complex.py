# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# cmath.rect takes a real modulus and phase (CPython: TypeError for a complex).
import cmath
from numba import cuda


@cuda.jit("void(complex128[::1])")
def k(z):
    i = cuda.grid(1)
    if i < z.shape[0]:
        z[i] = cmath.rect(z[i], 1.0)

# CHECK: cmath-rect-complex.py:12:16: error: cmath.rect() takes real numbers, not complex128
# CHECK-NEXT: {{^}}        z[i] = cmath.rect(z[i], 1.0)
# CHECK-NEXT: {{^}}               ^
