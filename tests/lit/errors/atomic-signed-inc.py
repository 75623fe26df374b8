# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
from numba import cuda


@cuda.jit("void(int32[:])")
def k(x):
    cuda.atomic.inc(x, 0, 10)

# CHECK: atomic-signed-inc.py:7:21: error: cuda.atomic.inc() works on uint32 (and uint64) arrays, as in numba.cuda, not int32
