# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# cmath functions numba-cuda does not support on the GPU are refused by name;
# a wrong number of arguments is an error too.
import cmath
from numba import cuda


@cuda.jit("void(complex128[::1], int32[::1])")
def k(z, b):
    i = cuda.grid(1)
    if i < z.shape[0]:
        b[i] = cmath.isclose(z[i], 1j)

# CHECK: cmath-unsupported.py:13:16: error: cmath.isclose() is not supported in kernels yet
