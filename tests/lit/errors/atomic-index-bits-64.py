# RUN: not %nvc %s --index-bits 64 -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# --index-bits 64 gives exact 64-bit integers as narrow=False does, so an
# int64 atomic is the same source error (not a SPIR-V validation failure).
from numba import cuda


@cuda.jit("void(int64[::1])")
def k(c):
    cuda.atomic.add(c, 0, 1)

# CHECK: atomic-index-bits-64.py:10:21: error: cuda.atomic.add() on int64 elements with exact 64-bit integers
