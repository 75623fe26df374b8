# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit(device=True)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


@cuda.jit("void(int32[:])")
def k(x):
    x[0] = fact(x[0])

# CHECK: recursion.py:7:33: error: recursive call of 'fact': recursion is not supported in GPU code
