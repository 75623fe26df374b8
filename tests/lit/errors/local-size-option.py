# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# local_size= (nvc's decorator option): an integer or a tuple of one to
# three, each 1..1024; anything else is an error at the value.
from numba import cuda


# CHECK: local-size-option.py:[[@LINE+1]]:42: error: local_size= takes an integer or a tuple of one to three integers from 1 to 1024 (the workgroup size along x, y, z)
@cuda.jit("void(int32[::1])", local_size=(16, 0))
def zero(x):
    x[0] = 1
