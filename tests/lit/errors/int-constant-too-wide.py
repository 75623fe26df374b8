# RUN: not %nvc %s --index-bits 32 -o %t.spv 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t.spv --narrow=false
# RUN: %nvc %s -o %t.spv
# 32-bit integers inside kernels (004, "Integer and float width"; --index-bits
# 32 for @cuda.jit kernels, whose default is exact 64-bit): a constant that
# does not fit is an error, not a silent wrap-around.
from numba import cuda


@cuda.jit("void(int64[:])")
def k(x):
    x[0] = x[1] + 3000000000

# CHECK: int-constant-too-wide.py:12:19: error: integer constant 3000000000 does not fit in the 32-bit integers kernels compute with; use @jit(narrow=False) for 64-bit integers
