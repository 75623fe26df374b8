# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
import cmath
from numba import cuda


@cuda.jit("void(complex64[::1])")
def k(z):
    i = cuda.grid(1)
    if i < z.shape[0]:
        z[i] = cmath.sqrt(z[i], z[i])

# CHECK: cmath-arity.py:11:16: error: cmath.sqrt() takes 1 argument (2 given)
